/** What the benchmarks share: a free loopback port, and the machine's PostgreSQL for scratch databases. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

/** The machine's PostgreSQL (trust authentication); benchmarks make and drop their own databases on it. */
export const postgresUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A loopback port nothing listens on (it was free a moment ago). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Whether PostgreSQL answers a query at `postgresUrl` within two seconds. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One statement on the server's own database (CREATE DATABASE, DROP DATABASE). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A JSON POST to the app under test; anything but 2xx stops the benchmark with the answer. */
export async function post<T>(base: string, url: string, body: unknown, cookie?: string): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return { data: (await res.json()) as T, headers: res.headers };
}

/** Registers the first account (the approved operator) and returns its session cookie and `count` job ids. */
export async function seedOperator(base: string, count: number): Promise<{ cookie: string; jobIds: number[] }> {
  const reg = await post(base, '/api/register', { username: 'bench', password: 'bench password 1', companyName: 'Bench Inc' });
  const cookie = reg.headers.get('set-cookie')?.split(';')[0];
  if (!cookie?.startsWith('sid=')) throw new Error('registration gave no session cookie');
  const jobIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const job = await post<{ id: number }>(base, '/api/job', { title: `Bench job ${i + 1}`, description: 'Backend engineer: TypeScript, PostgreSQL, on-call.' }, cookie);
    jobIds.push(job.data.id);
  }
  return { cookie, jobIds };
}

/** The node arguments `npm start` ends with (`exec node … dist/server/main.js`), so a benchmark runs what users run. */
export function startCommand(root: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /(?:^|&&)\s*exec node ([^&|;]+)$/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script does not end with "exec node …": ${pkg.scripts.start}`);
  return match[1]!.trim().split(/\s+/);
}

/** A process's resident memory now (VmRSS) and the most it ever held (VmHWM), in bytes, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

export interface CompiledServer {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** SIGTERM, then the exit status. */
  stop(): Promise<number | null>;
}

/** Starts the compiled server (build it first) as `npm start` does, on a free port, once /healthz answers. */
export async function startCompiledServer(root: string, env: NodeJS.ProcessEnv, nodeFlags: string[] = []): Promise<CompiledServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeFlags, ...startCommand(root)], {
    cwd: root,
    env: { ...env, PORT: String(port), APP_URL: env.APP_URL ?? baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > until) {
      await stop();
      throw new Error(`server did not become healthy:\n${output}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, baseUrl, output: () => output, stop };
}
