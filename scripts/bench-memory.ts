/**
 * Resident memory of the server as `npm start` runs it (the compiled dist/server/main.js with the
 * start script's node flags), on the embedded database and, when one answers at
 * postgres://postgres@127.0.0.1:5432/postgres, on a scratch PostgreSQL database made and dropped here.
 *   npm run bench:memory [-- --seconds 3] [--db pglite|postgres]
 * For each: idle after start (sampled until it stops moving), after a load (autocannon on the
 * signed-in routes and a candidate's read, `--seconds` per route), the peak, and how many processes
 * the server runs. The embedded database is measured twice: on a new data directory (first start)
 * and started again on the same one. Linux only (reads /proc).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { adminQuery, freePort, post, postgresAnswers, postgresUrl, seedOperator } from './bench-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const seconds = Number(arg('--seconds')) || 3;
const onlyDb = arg('--db');
const connections = 20;
/** Issue 12's goals: resident memory at idle after start, and one server process. */
const goals = { pglite: 250, postgres: 150 } as const;
const MiB = 1024 * 1024;

/** The node arguments `npm start` ends with (`exec node … dist/server/main.js`), so this measures what users run. */
function startCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const match = /(?:^|&&)\s*exec node ([^&|;]+)$/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script does not end with "exec node …": ${pkg.scripts.start}`);
  return match[1]!.trim().split(/\s+/);
}

function status(pid: number): { rss: number; peak: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The process and every process below it. */
function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Samples once a second until resident memory moved less than 1 MiB over 5 s (at most 60 s). */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 60; i++) {
    samples.push(status(pid).rss);
    const last = samples.slice(-6);
    if (last.length === 6 && Math.max(...last) - Math.min(...last) < MiB) break;
    await sleep(1000);
  }
  return samples.at(-1)!;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  stop(): Promise<number | null>;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, startCommand(), {
    cwd: root,
    env: { ...env, PORT: String(port), APP_URL: baseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > until) throw new Error(`server did not become healthy:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  return {
    child,
    baseUrl,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** Through the API only, as bench:api does: an operator with 20 jobs, 50 interviews on the first, and a candidate link. */
async function seed(base: string): Promise<Target[]> {
  const { cookie, jobIds: ids } = await seedOperator(base, 20);
  const jobId = ids[0]!;
  let candidate: { id: number; candidateLink: string } | undefined;
  for (let i = 0; i < 50; i++) {
    const created = await post<{ id: number; candidateLink: string }>(base, `/api/job/${jobId}/interview`, { candidateName: `Candidate ${i + 1}`, email: `c${i + 1}@example.com` }, cookie);
    candidate ??= created.data;
  }
  const token = new URL(candidate!.candidateLink).searchParams.get('token')!;
  const auth = { cookie };
  return [
    { name: 'GET /api/job', url: `${base}/api/job`, headers: auth },
    { name: 'GET /api/user', url: `${base}/api/user`, headers: auth },
    { name: 'GET /api/job/{id}', url: `${base}/api/job/${jobId}`, headers: auth },
    { name: 'GET /api/job/{id}/interview', url: `${base}/api/job/${jobId}/interview`, headers: auth },
    { name: 'GET /api/interview/{id}?token=', url: `${base}/api/interview/${candidate!.id}?token=${token}` },
  ];
}

async function load(targets: Target[]): Promise<{ requests: number; bad: number }> {
  let requests = 0;
  let bad = 0;
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name}: ${res.status} before the load starts`);
    const result = await autocannon({ url: t.url, headers: t.headers, connections, duration: seconds });
    requests += result.requests.total;
    bad += result.non2xx + result.errors + result.timeouts;
  }
  return { requests, bad };
}

interface Row {
  name: string;
  goal: number;
  idle: number;
  afterLoad?: number;
  peak: number;
  processes: number;
  requests?: number;
  bad?: number;
  exit: number | null;
}

async function measure(name: string, goal: number, env: NodeJS.ProcessEnv, withLoad: boolean): Promise<Row> {
  const server = await startServer(env);
  const pid = server.child.pid!;
  try {
    const idle = await settledRss(pid);
    const processes = processTree(pid).length;
    let row: Row = { name, goal, idle, peak: status(pid).peak, processes, exit: null };
    if (withLoad) {
      const { requests, bad } = await load(await seed(server.baseUrl));
      const afterLoad = await settledRss(pid);
      row = { ...row, afterLoad, requests, bad, peak: status(pid).peak };
    }
    row.exit = await server.stop();
    return row;
  } catch (err) {
    await server.stop();
    throw err;
  }
}

function print(rows: Row[]): void {
  const mib = (n: number | undefined) => (n === undefined ? '-' : (n / MiB).toFixed(0));
  console.log(`\nResident memory (MiB) of \`${['node', ...startCommand()].join(' ')}\`; load: ${connections} connections, ${seconds} s on each of 5 routes`);
  console.log(`${'database'.padEnd(34)}${'idle'.padStart(7)}${'goal'.padStart(7)}${'loaded'.padStart(9)}${'peak'.padStart(7)}${'procs'.padStart(7)}${'requests'.padStart(10)}${'non-2xx'.padStart(9)}${'exit'.padStart(6)}  idle goal, 1 process`);
  for (const r of rows) {
    const met = r.idle <= r.goal * MiB && r.processes === 1;
    console.log(
      `${r.name.padEnd(34)}${mib(r.idle).padStart(7)}${`≤${r.goal}`.padStart(7)}${mib(r.afterLoad).padStart(9)}${mib(r.peak).padStart(7)}${String(r.processes).padStart(7)}${String(r.requests ?? '-').padStart(10)}${String(r.bad ?? '-').padStart(9)}${String(r.exit).padStart(6)}  ${met ? 'met' : 'not met'}`,
    );
  }
  console.log('idle: settled after start; loaded: settled after the load; peak: the most the process held (VmHWM); exit: status after SIGTERM');
}

async function main(): Promise<void> {
  const build = spawnSync('npm', ['run', '-s', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  const rows: Row[] = [];
  if (onlyDb !== 'postgres') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-memory-'));
    try {
      rows.push(await measure('embedded (PGlite), new data dir', goals.pglite, { ...base, DATA_DIR: dataDir }, true));
      rows.push(await measure('embedded (PGlite), restarted', goals.pglite, { ...base, DATA_DIR: dataDir }, false));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (onlyDb !== 'pglite') {
    if (await postgresAnswers()) {
      const scratch = `hireloop_bench_memory_${randomBytes(6).toString('hex')}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-memory-'));
      await adminQuery(`CREATE DATABASE ${scratch}`);
      try {
        const url = new URL(postgresUrl);
        url.pathname = `/${scratch}`;
        rows.push(await measure('PostgreSQL', goals.postgres, { ...base, DATA_DIR: dataDir, DATABASE_URL: url.toString() }, true));
      } finally {
        await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
        rmSync(dataDir, { recursive: true, force: true });
      }
    } else {
      console.log(`\nPostgreSQL: nothing answers at ${postgresUrl}; skipped`);
    }
  }
  print(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
