/**
 * WebKit, the engine of Safari and of every browser on an iPhone: Debian's WebKitGTK MiniBrowser,
 * driven by Debian's WebKitWebDriver over plain W3C WebDriver (HTTP + JSON, a few commands), on an
 * Xvfb display of its own (MiniBrowser has no headless mode), with WebKit's mock camera and
 * microphone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../app-server';
import { locateInPage, requireBinary, toWire, type ElementQuery, type EngineSession } from './engine-session';

export const WEBKIT_INSTALL = 'WebKit is not installed: apt-get install -y webkit2gtk-driver xvfb gstreamer1.0-libav gstreamer1.0-plugins-bad';

/** MiniBrowser ships inside libwebkit2gtk (a dependency of webkit2gtk-driver), under the architecture's lib folder. */
function miniBrowserPaths(): string[] {
  const found: string[] = [];
  for (const arch of safeList('/usr/lib')) {
    for (const dir of safeList(path.join('/usr/lib', arch))) {
      if (dir.startsWith('webkit2gtk-')) found.push(path.join('/usr/lib', arch, dir, 'MiniBrowser'));
    }
  }
  return found.sort().reverse();
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited(child);
  clearTimeout(killed);
}

/** Xvfb on the first free display (it says which on the file descriptor given to -displayfd). */
async function startXvfb(xvfb: string): Promise<{ process: ChildProcess; display: string }> {
  const child = spawn(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Xvfb did not start within 10 s: ${log}`)), 10_000);
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${out.trim()}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}): ${log}`));
    });
  });
  return { process: child, display };
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

interface WebDriverError {
  error: string;
  message: string;
}

export async function launchWebKit(): Promise<EngineSession> {
  const driverPath = requireBinary([process.env.WEBKIT_WEBDRIVER_PATH, '/usr/bin/WebKitWebDriver'], WEBKIT_INSTALL);
  const miniBrowser = requireBinary([process.env.MINIBROWSER_PATH, ...miniBrowserPaths()], WEBKIT_INSTALL);
  const xvfbPath = requireBinary([process.env.XVFB_PATH, '/usr/bin/Xvfb'], WEBKIT_INSTALL);

  let xvfb: ChildProcess | null = null;
  let driver: ChildProcess | null = null;
  let driverLog = '';
  const stopAll = async () => {
    await stopProcess(driver);
    await stopProcess(xvfb);
  };
  try {
    const screen = await startXvfb(xvfbPath);
    xvfb = screen.process;
    const port = await freePort();
    driver = spawn(driverPath, [`--port=${port}`, '--host=local'], {
      env: { ...process.env, DISPLAY: screen.display, WAYLAND_DISPLAY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // WebKit and GStreamer print warnings on every run; kept for a failure's message.
    driver.stdout?.on('data', (d: Buffer) => (driverLog = (driverLog + d.toString()).slice(-4_000)));
    driver.stderr?.on('data', (d: Buffer) => (driverLog = (driverLog + d.toString()).slice(-4_000)));
    const base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 10_000;
    for (;;) {
      try {
        const res = await fetch(`${base}/status`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (driver.exitCode !== null || Date.now() > until) throw new Error(`WebKitWebDriver did not start: ${driverLog}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const created = await command<{ sessionId: string; capabilities: { browserVersion?: string } }>(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: miniBrowser,
            args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true'],
          },
        },
      },
    });
    const session = new WebKitSession(base, created.sessionId, `WebKit (MiniBrowser) ${created.capabilities.browserVersion ?? ''}`.trim(), stopAll);
    await session.command('POST', '/timeouts', { script: 60_000, pageLoad: 30_000 });
    await session.command('POST', '/window/rect', { width: 1280, height: 900 }).catch(() => undefined);
    return session;
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function command<T>(base: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { value: T | WebDriverError };
  if (!res.ok) {
    const error = json.value as WebDriverError;
    throw new Error(`WebDriver ${method} ${url}: ${error.error}: ${error.message}`);
  }
  return json.value as T;
}

class WebKitSession implements EngineSession {
  constructor(
    private readonly base: string,
    private readonly id: string,
    readonly description: string,
    private readonly stopProcesses: () => Promise<void>,
  ) {}

  command<T>(method: string, url: string, body?: unknown): Promise<T> {
    return command<T>(this.base, method, `/session/${this.id}${url}`, body);
  }

  async goto(url: string): Promise<void> {
    await this.command('POST', '/url', { url });
  }

  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<Awaited<T>> {
    // The function's own source, called with the arguments; its promise settles the async script.
    const script = `const done = arguments[arguments.length - 1];
      const args = Array.prototype.slice.call(arguments, 0, -1);
      Promise.resolve().then(() => (${fn.toString()}).apply(null, args)).then(
        (value) => done({ ok: true, value: value === undefined ? null : value }),
        (error) => done({ ok: false, error: String((error && error.stack) || error) }));`;
    const result = await this.command<{ ok: boolean; value?: Awaited<T>; error?: string }>('POST', '/execute/async', { script, args });
    if (!result.ok) throw new Error(`${this.description}: the page threw: ${result.error}`);
    return result.value as Awaited<T>;
  }

  private async element(query: ElementQuery): Promise<string> {
    const found = await this.command<Record<string, string> | null>('POST', '/execute/sync', {
      script: `return (${locateInPage.toString()})(arguments[0]);`,
      args: [toWire(query)],
    });
    const id = found?.[ELEMENT];
    if (!id) throw new Error(`${this.description}: no ${query.role} named ${String(query.name)}`);
    return id;
  }

  async click(query: ElementQuery): Promise<void> {
    await this.command('POST', `/element/${await this.element(query)}/click`, {});
  }

  async type(query: ElementQuery, text: string): Promise<void> {
    const id = await this.element(query);
    await this.command('POST', `/element/${id}/click`, {});
    await this.command('POST', `/element/${id}/value`, { text });
  }

  async close(): Promise<void> {
    try {
      await this.command('DELETE', '');
    } catch {
      // the browser is gone already
    } finally {
      await this.stopProcesses();
    }
  }
}
