import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import type { TestProject } from 'vitest/node';
import { startTestSmtp, type TestSmtp } from '../src/server/test/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The install's first account: the approved admin operator, registered before any test runs. */
    operator: { username: string; password: string };
    /** A tiny HTTP server whose `GET /messages` lists every email the app's SMTP server received, as `MailboxMessage[]`. */
    mailboxUrl: string;
    /** The client built for this run (servers started by tests serve it too). */
    clientDir: string;
    /** Node's arguments for the server compiled for this run: `npm start`'s, with this run's bundle. */
    serverArgs: string[];
    /**
     * A fresh install's embedded database (a DATA_DIR's `pglite/`), made once for the run by starting
     * and stopping the built server on an empty data directory: created, migrated, the job queue's
     * tables in place, no account. Servers copy it into their new data directory instead of each
     * creating and migrating their own (about 10-20 s of a busy 2-core machine each).
     */
    pgliteTemplate: string;
  }
}

const operator = { username: 'operator', password: 'operator password 1', companyName: 'Hireloop Operations' };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** One received email as the mailbox serves it: `to` is the recipients' addresses, comma separated. */
export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : [])
    .flatMap((a) => a.value)
    .map((a) => a.address ?? '')
    .join(', ');

/** Serves what the SMTP server received to the test files, which run in other processes. */
async function startMailbox(smtp: TestSmtp): Promise<{ url: string; server: Server }> {
  const server = createHttpServer((req, res) => {
    if (req.method === 'GET' && req.url === '/messages') {
      const messages: MailboxMessage[] = smtp.messages.map((m) => ({ to: addresses(m.to), subject: m.subject ?? '', text: m.text ?? '' }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * What `npm start` runs after building: its script ends with `exec node <flags> dist/server/main.js`.
 * Returns node's arguments with the bundle replaced by `bundle`.
 */
function startArgs(bundle: string): string[] {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const match = /(?:^|&&)\s*exec node ([^&|;]+)$/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script does not end with "exec node …": ${pkg.scripts.start}`);
  const args = match[1]!.trim().split(/\s+/);
  return [...args.slice(0, -1), bundle];
}

/**
 * Starts the built server on an empty data directory, waits until it is healthy and stops it (SIGTERM,
 * which closes the database cleanly): what is left in `<dataDir>/pglite` is a fresh install's database.
 */
async function makePgliteTemplate(serverArgs: string[], clientDir: string, dataDir: string): Promise<string> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: url, LOG_LEVEL: 'warn', CLIENT_DIR: clientDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  let output = '';
  const child = spawn(process.execPath, serverArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitForHealth(url, child, () => output);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the template server did not stop cleanly (exit ${code}):\n${output}`);
  return path.join(dataDir, 'pglite');
}

/** Builds the client and the server from the current source and starts the app as `npm start` would, on a fresh data dir. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Private builds, so another build of dist/ during the run cannot change what is served. The
  // server's bundle stays inside the repository: it finds node_modules and drizzle/ from there.
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-e2e-client-'));
  mkdirSync('dist', { recursive: true });
  const serverDir = mkdtempSync(path.join('dist', 'e2e-server-'));
  const removeBuilds = () => {
    rmSync(clientDir, { recursive: true, force: true });
    rmSync(serverDir, { recursive: true, force: true });
  };
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', clientDir, '--emptyOutDir'], { stdio: 'inherit' });
  const serverBuild = build.status === 0 && spawnSync('npm', ['run', '-s', 'build:server', '--', `--outfile=${path.join(serverDir, 'main.js')}`], { stdio: 'inherit' });
  if (!serverBuild || serverBuild.status !== 0) {
    removeBuilds();
    throw new Error(build.status === 0 ? 'server build failed' : 'client build failed');
  }
  project.provide('clientDir', clientDir);
  const serverArgs = startArgs(path.resolve(serverDir, 'main.js'));
  project.provide('serverArgs', serverArgs);
  const templateDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-e2e-template-'));
  let pgliteTemplate: string;
  try {
    pgliteTemplate = await makePgliteTemplate(serverArgs, clientDir, templateDir);
  } catch (err) {
    rmSync(templateDir, { recursive: true, force: true });
    removeBuilds();
    throw err;
  }
  project.provide('pgliteTemplate', pgliteTemplate);
  const removeTemplate = () => rmSync(templateDir, { recursive: true, force: true });

  // A real SMTP server on loopback receives the app's mail; the mailbox serves it to the tests.
  const smtp = await startTestSmtp();
  const mailbox = await startMailbox(smtp);
  project.provide('mailboxUrl', mailbox.url);
  const closeMail = async () => {
    mailbox.server.closeAllConnections();
    await closeServer(mailbox.server);
    await smtp.close();
  };

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-e2e-'));
  cpSync(pgliteTemplate, path.join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    LOG_LEVEL: 'warn',
    REGISTRATIONS_PER_HOUR: '1000',
    SMTP_URL: smtp.url,
    CLIENT_DIR: clientDir,
  };
  delete env.DATABASE_URL;
  let output = '';
  const child = spawn(process.execPath, serverArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (err) {
    child.kill('SIGTERM');
    await closeMail();
    rmSync(dataDir, { recursive: true, force: true });
    removeTemplate();
    removeBuilds();
    throw err;
  }
  project.provide('baseUrl', baseUrl);

  // The first account registered becomes the admin operator; do it here so no test file depends on the run order.
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(operator),
  });
  if (res.status !== 201) {
    const body = await res.text();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    removeTemplate();
    removeBuilds();
    await closeMail();
    throw new Error(`operator registration failed: ${res.status} ${body}`);
  }
  project.provide('operator', { username: operator.username, password: operator.password });

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    removeTemplate();
    removeBuilds();
    await closeMail();
  };
}
