/**
 * API throughput next to a bare `node:http` JSON server, in one run, on the embedded database and
 * (when one answers at postgres://postgres@127.0.0.1:5432/postgres) on PostgreSQL.
 *   npm run bench:api [-- --quick | --seconds 4] [--db pglite|postgres] [--only /api/job [--no-bare]]
 * Each database also gets a floor: a bare `node:http` server whose every answer is the job list read
 * by the route's own service call (`listJobs`: the same prepared statement through the same driver,
 * minus the session proof), with no framework, cookie, session or validation. No implementation of
 * the route can go much faster than its floor, so `× floor` says what the framework costs.
 * Load comes from autocannon in a worker thread (50 connections, loopback); the servers run in
 * this process's main thread, so `node --cpu-prof --import tsx scripts/bench-api.ts` profiles
 * the server alone (`--only /api/job --no-bare` keeps the bare server out of the profile). Rounds alternate between targets; each figure is the median of 3 rounds.
 * `cpu µs/req` is the main thread's CPU time per request (our server and, on the embedded
 * database, PGlite; not PostgreSQL's processes): it compares runs on a busy machine far better than req/s.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { interviews, jobs } from '../src/server/db/schema';
import { findSession, hashSessionId, SESSION_COOKIE } from '../src/server/modules/auth/session';
import { listJobs } from '../src/server/modules/jobs/jobs.service';
import { adminQuery, post, postgresAnswers, postgresUrl, seedOperator } from './bench-kit';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const quick = process.argv.includes('--quick');
const seconds = Number(arg('--seconds')) || (quick ? 2 : 4);
const warmupSeconds = 1;
const rounds = 3;
const connections = 50;
const onlyDb = arg('--db');
const only = arg('--only');
const withBare = !process.argv.includes('--no-bare');
/** Issue 12's goals for GET /api/job, as a fraction of the bare server's req/s. */
const goals = { pglite: 0.05, postgres: 0.2 } as const;
const p99GoalMs = 50;

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
}
interface Round {
  rps: number;
  p99: number;
  bad: number;
  /** CPU time of this process's main thread (the servers, and PGlite) per request, in µs; NaN off Linux. */
  cpuUs: number;
}

/**
 * The main thread's CPU time in ms, from /proc (Linux; 10 ms ticks). Unlike req/s it hardly moves
 * when other processes compete for the cores, so it compares runs made at different times.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function load(target: Target, duration: number): Promise<Round> {
  const cpuBefore = mainThreadCpuMs();
  const result = await autocannon({ url: target.url, headers: target.headers, connections, duration, workers: 1 });
  const cpuUs = ((mainThreadCpuMs() - cpuBefore) * 1000) / Math.max(1, result.requests.total);
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, cpuUs };
}

/** One signed-in operator with 50 jobs, one of them with 200 interviews, and a candidate link. */
async function seed(base: string, app: Awaited<ReturnType<typeof buildApp>>): Promise<Target[]> {
  const { cookie, jobIds: ids } = await seedOperator(base, 50);
  const jobId = ids[0]!;
  const candidate = await post<{ id: number; candidateLink: string }>(base, `/api/job/${jobId}/interview`, { candidateName: 'Candidate', email: 'candidate@example.com' }, cookie);
  const token = new URL(candidate.data.candidateLink).searchParams.get('token')!;
  // The other 199 go in directly: 199 rooms and transactions through the API add nothing here.
  const { db } = app.deps.database;
  await db.insert(interviews).values(
    Array.from({ length: 199 }, (_, i) => ({ jobId, candidateName: `Candidate ${i + 2}`, email: `c${i + 2}@example.com`, candidateToken: randomBytes(24).toString('base64url') })),
  );
  await db.update(jobs).set({ numOfInterviews: sql`${jobs.numOfInterviews} + 199` }).where(sql`${jobs.id} = ${jobId}`);
  const auth = { cookie };
  floorServer = await startFloor(app, cookie);
  return [
    { name: 'GET /api/job', url: `${base}/api/job`, headers: auth },
    { name: 'GET /api/user', url: `${base}/api/user`, headers: auth },
    { name: 'GET /api/job/{id}', url: `${base}/api/job/${jobId}`, headers: auth },
    { name: 'GET /api/job/{id}/interview (200)', url: `${base}/api/job/${jobId}/interview`, headers: auth },
    { name: 'GET /api/interview/{id}?token=', url: `${base}/api/interview/${candidate.data.id}?token=${token}` },
    { name: 'GET /healthz', url: `${base}/healthz` },
    { name: FLOOR, url: floorServer.url },
  ];
}

const FLOOR = 'floor: node:http + listJobs';
let floorServer: { url: string; server: http.Server };

/** The floor of GET /api/job on this database: its service call behind a bare node:http server. */
async function startFloor(app: Awaited<ReturnType<typeof buildApp>>, cookie: string): Promise<{ url: string; server: http.Server }> {
  const { db } = app.deps.database;
  const signed = decodeURIComponent(cookie.slice(`${SESSION_COOKIE}=`.length));
  const sessionId = app.unsignCookie(signed).value;
  if (!sessionId) throw new Error('the session cookie does not verify');
  const found = await findSession(db, hashSessionId(sessionId), { now: new Date(), idleMs: app.deps.config.sessions.idleMs });
  if (!found) throw new Error('no session for the floor server');
  const server = http.createServer((_req, res) => {
    listJobs(db, found.user).then(
      (rows) => {
        const body = JSON.stringify(rows);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      () => res.writeHead(500).end(),
    );
  });
  return { url: await listen(server), server };
}

async function checkTargets(targets: Target[]): Promise<void> {
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name}: ${res.status} before the load starts`);
  }
}

async function measure(targets: Target[]): Promise<Map<string, Round>> {
  const results = new Map<string, Round[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      if (round === 0) await load(t, warmupSeconds);
      results.get(t.name)!.push(await load(t, seconds));
    }
  }
  return new Map(
    [...results].map(([name, rs]) => [
      name,
      { rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), bad: rs.reduce((n, r) => n + r.bad, 0), cpuUs: median(rs.map((r) => r.cpuUs)) },
    ]),
  );
}

function printTable(kind: 'pglite' | 'postgres', figures: Map<string, Round>, bareName: string): void {
  const bare = figures.get(bareName)?.rps ?? NaN;
  console.log(`\n${kind === 'pglite' ? 'Embedded database (PGlite)' : 'PostgreSQL'}: ${connections} connections, median of ${rounds} × ${seconds} s`);
  console.log(`${'target'.padEnd(36)}${'req/s'.padStart(9)}${'p99 ms'.padStart(9)}${'× bare'.padStart(9)}${'non-2xx'.padStart(9)}${'cpu µs/req'.padStart(12)}`);
  for (const [name, r] of figures) {
    console.log(
      `${name.padEnd(36)}${r.rps.toFixed(0).padStart(9)}${r.p99.toFixed(0).padStart(9)}${(r.rps / bare).toFixed(3).padStart(9)}${String(r.bad).padStart(9)}${r.cpuUs.toFixed(0).padStart(12)}`,
    );
  }
  const list = figures.get('GET /api/job');
  if (list && withBare) {
    const ok = list.rps / bare >= goals[kind] && list.p99 < p99GoalMs;
    console.log(`goal GET /api/job ≥ ${goals[kind]} × bare and p99 < ${p99GoalMs} ms: ${ok ? 'met' : 'not met'}`);
    const floor = figures.get(FLOOR)?.rps;
    if (floor) console.log(`floor (the route's query behind bare node:http) ${(floor / bare).toFixed(3)} × bare; GET /api/job ${(list.rps / floor).toFixed(2)} × floor`);
  }
}

async function runOn(kind: 'pglite' | 'postgres', bare: Target): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-api-'));
  const scratch = `hireloop_bench_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  if (kind === 'postgres') {
    await adminQuery(`CREATE DATABASE ${scratch}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${scratch}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp(config);
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const targets = [...(await seed(address, app)), bare].filter((t) => (t === bare ? withBare : !only || t.name === `GET ${only}` || t.name === FLOOR));
    await checkTargets(targets);
    printTable(kind, await measure(targets), bare.name);
  } finally {
    if (floorServer) await new Promise((resolve) => floorServer.server.close(resolve));
    await app.close();
    if (kind === 'postgres') await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const body = JSON.stringify([{ id: 1, title: 'Bench job', num_of_interviews: 0, lastActivity: null, createdAt: new Date().toISOString() }]);
  const bareServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  const bare: Target = { name: 'bare node:http', url: await listen(bareServer) };
  const started = Date.now();
  try {
    if (onlyDb !== 'postgres') await runOn('pglite', bare);
    if (onlyDb !== 'pglite') {
      if (await postgresAnswers()) await runOn('postgres', bare);
      else console.log(`\nPostgreSQL: nothing answers at ${postgresUrl}; skipped`);
    }
  } finally {
    await new Promise((resolve) => bareServer.close(resolve));
  }
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s; load generator and servers share this ${os.cpus().length}-core machine)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
