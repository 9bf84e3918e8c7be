import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A private app server for one test file: the same command as global-setup's (`npm start`'s, on the
 * client and server compiled for this run, API on the embedded database), on its own port and data
 * directory, so a test can stop and restart it (e.g. mid-upload) without touching the shared server.
 */
export interface AppServer {
  /** http://localhost:{port} (also the server's APP_URL, so candidate links point here). */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** SIGTERM, then wait for the process to exit. Safe to call when already stopped. */
  stop(): Promise<void>;
  /** stop(), then start again on the same port and data directory and wait until healthy. */
  restart(): Promise<void>;
  /** stop(), and remove the data directory if this helper made it. */
  dispose(): Promise<void>;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
}

export interface AppServerOptions {
  /** An existing data directory, used as it is; without it, a new one holding a fresh install's database (global-setup's template). */
  dataDir?: string;
  port?: number;
  /** Settings for this server only (e.g. STT_PROVIDER), on top of the test process's environment. */
  env?: Record<string, string>;
}

const HEALTH_TIMEOUT_MS = 60_000;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited early (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy within ${HEALTH_TIMEOUT_MS} ms:\n${log()}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'hireloop-e2e-room-'));
  // A copy of the run's fresh, migrated database: the server starts on it as on a new install's.
  if (ownsDataDir) cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: inject('clientDir'),
    REGISTRATIONS_PER_HOUR: '1000',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  let output = '';
  let child: ChildProcess | null = null;

  const launch = async () => {
    const proc = spawn(process.execPath, inject('serverArgs'), { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await waitForHealth(baseUrl, proc, () => output);
    } catch (err) {
      proc.kill('SIGTERM');
      await exited(proc);
      child = null;
      throw err;
    }
  };

  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc) return;
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
    await exited(proc);
  };

  try {
    await launch();
  } catch (err) {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  return {
    baseUrl,
    port,
    dataDir,
    stop,
    restart: async () => {
      await stop();
      await launch();
    },
    dispose: async () => {
      await stop();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
