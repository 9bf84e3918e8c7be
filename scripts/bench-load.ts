/**
 * Many candidates at once against one server on PostgreSQL (issue 14, part 5).
 *   npm run bench:load [-- --candidates 300] [--stagger-ms 2000] [--think-ms 5000] [--cpu-prof] [--no-wait]
 * `--think-ms N`: each answer takes the candidate N ms on average to give (0.5 to 1.5 times N, a follow-up's half that), and the recording's chunks go up
 * at the pace the recording makes them. Default 5000: every one of the 300 is in its interview at the same
 * time, answering each question in about 5 s (a spoken answer takes 30 s to 2 minutes, so this is
 * still far busier than real candidates); 0 runs every flow as fast as the server answers, a stress
 * test in which latency is only queueing (decision 040);
 * `--cpu-prof` writes a CPU profile of the server (kept in a temporary folder, named at the end);
 * `--no-wait` stops after the candidates' flows without waiting for the evaluations.
 * Builds and starts the server as `npm start` does (NODE_ENV=production, AI_PROVIDER=builtin,
 * disk storage in a temporary DATA_DIR, a scratch database on postgres://postgres@127.0.0.1:5432
 * made and dropped here). Through the API, as a recruiter would: the first account (the operator),
 * one job with six questions written by the built-in engine, one interview per candidate. Then
 * every candidate at once (each starts after a random 0..stagger-ms) does what the candidate's
 * page does: reads the interview, its job and the
 * notice, consents, starts, and for each of six questions: the reworded question (not the first),
 * the transcript saved, the answer saved, the follow-up decision, and the follow-up's answer when
 * there is one; meanwhile a 5 MiB WebM recording goes up through tus in the page's 512 KiB
 * PATCHes; then complete. Each candidate comes from its own address (X-Forwarded-For, which the
 * production server trusts as behind a proxy), as 300 real candidates would, so the per-address
 * rate limits count each one apart. At the end the scratch database says whether every interview
 * was evaluated exactly once. Linux only (reads /proc).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminQuery, memoryOf, post, postgresAnswers, postgresUrl, seedOperator, startCompiledServer } from './bench-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
const candidates = Number(arg('--candidates')) || 300;
const staggerMs = Number(arg('--stagger-ms') ?? 2000);
const cpuProf = process.argv.includes('--cpu-prof');
const thinkMs = Number(arg('--think-ms') ?? 5000);
const waitForEvaluations = !process.argv.includes('--no-wait');
const QUESTIONS = 6;
const RECORDING_BYTES = 5 * 1024 * 1024;
/** The page's tus chunk (src/client/features/candidate-room/recording/uploader.ts DEFAULT_CHUNK_SIZE). */
const CHUNK_BYTES = 512 * 1024;
const HEARTBEAT_MS = 30_000;
const EVALUATION_TIMEOUT_MS = 15 * 60_000;
const goal = { errors: 0, p95Ms: 300 };
const MiB = 1024 * 1024;

interface Call {
  route: string;
  status: number;
  ms: number;
  tus: boolean;
}
const calls: Call[] = [];
let firstPatchAt = Infinity;
let lastPatchEnd = 0;
let uploadedBytes = 0;

class CallFailed extends Error {}

/** One API call by a candidate, timed and recorded; any answer but 2xx (or no answer) ends that candidate. */
async function call(base: string, who: Candidate, route: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { 'x-candidate-token': who.token, 'x-forwarded-for': who.address };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    status = res.status;
    const text = await res.text();
    if (!res.ok) throw new CallFailed(`${route}: ${status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch (err) {
    if (err instanceof CallFailed) throw err;
    throw new CallFailed(`${route}: ${(err as Error).message}`);
  } finally {
    calls.push({ route: `${method} ${route}`, status, ms: performance.now() - started, tus: false });
  }
}

/** A tus request (POST or PATCH) as the page's tus client sends it. */
async function tus(base: string, who: Candidate, route: string, method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, body?: Buffer): Promise<Headers> {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', 'x-candidate-token': who.token, 'x-forwarded-for': who.address, ...headers },
      body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    });
    status = res.status;
    const text = await res.text();
    if (!res.ok) throw new CallFailed(`${route}: ${status} ${text.slice(0, 200)}`);
    return res.headers;
  } catch (err) {
    if (err instanceof CallFailed) throw err;
    throw new CallFailed(`${route}: ${(err as Error).message}`);
  } finally {
    calls.push({ route: `${method} ${route}`, status, ms: performance.now() - started, tus: method === 'PATCH' });
  }
}

interface Candidate {
  n: number;
  interviewId: number;
  token: string;
  address: string;
}

const chunk = Buffer.alloc(CHUNK_BYTES, 7);
const firstChunk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), chunk.subarray(4)]);

/** The recording: created when recording starts (length deferred), then 512 KiB PATCHes, the last one declaring the length. */
async function upload(base: string, who: Candidate): Promise<string> {
  const recordingStarted = performance.now();
  // With think time the recording lasts about six answers, and a chunk exists only once recorded.
  const msPerChunk = (thinkMs * QUESTIONS * CHUNK_BYTES) / RECORDING_BYTES;
  const metadata = [`interviewId ${Buffer.from(String(who.interviewId)).toString('base64')}`, `segment ${Buffer.from('0').toString('base64')}`, `filetype ${Buffer.from('video/webm').toString('base64')}`].join(',');
  const created = await tus(base, who, '/api/uploads', 'POST', '/api/uploads', { 'upload-defer-length': '1', 'upload-metadata': metadata });
  const location = created.get('location');
  if (!location) throw new CallFailed('POST /api/uploads: no Location');
  const url = location.startsWith('http') ? new URL(location).pathname : location;
  for (let offset = 0; offset < RECORDING_BYTES; offset += CHUNK_BYTES) {
    const final = offset + CHUNK_BYTES >= RECORDING_BYTES;
    const recordedAt = recordingStarted + ((offset + CHUNK_BYTES) / CHUNK_BYTES) * msPerChunk;
    if (recordedAt > performance.now()) await sleep(recordedAt - performance.now());
    firstPatchAt = Math.min(firstPatchAt, performance.now());
    await tus(
      base,
      who,
      '/api/uploads/{id}',
      'PATCH',
      url,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...(final ? { 'upload-length': String(RECORDING_BYTES) } : {}) },
      offset === 0 ? firstChunk : chunk,
    );
    uploadedBytes += CHUNK_BYTES;
    lastPatchEnd = Math.max(lastPatchEnd, performance.now());
  }
  return url.split('/').pop()!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Entry = { speaker: string; text: string };
/** A concrete answer, or (one in three) a vague one, which the built-in engine follows up on. */
const answerOf = (n: number, q: number) =>
  (n + q) % 3 === 0
    ? 'I guess I am a people person and a hard worker, I always do my best with customers and stuff.'
    : `In my last role I owned the ${['billing', 'search', 'onboarding', 'payments', 'reporting', 'messaging'][q]} service. ` +
  `We measured p95 latency, cut it by ${20 + ((n + q) % 50)} percent with PostgreSQL indexes and caching, wrote tests first, ` +
  `and I led the on-call rotation; the result was fewer incidents and a team that shipped weekly.`;

let lastCompleteAt = 0;

/** What the candidate's page calls, in its order (src/client/features/candidate-room). */
async function runCandidate(base: string, who: Candidate, questions: string[]): Promise<void> {
  const id = who.interviewId;
  const interview = (await call(base, who, '/api/interview/{id}', 'GET', `/api/interview/${id}`)) as { jobId: number };
  const [, notice] = (await Promise.all([
    call(base, who, '/api/job/{id}', 'GET', `/api/job/${interview.jobId}`),
    call(base, who, '/api/interview/{id}/notice', 'GET', `/api/interview/${id}/notice`),
  ])) as [unknown, { notice: { version: string }; consent: unknown }];
  if (!notice.consent) await call(base, who, '/api/interview/{id}/consent', 'POST', `/api/interview/${id}/consent`, { noticeVersion: notice.notice.version });
  await call(base, who, '/api/interview/{id}/start', 'POST', `/api/interview/${id}/start`);
  const heartbeat = setInterval(() => {
    call(base, who, '/api/interview/{id}/heartbeat', 'POST', `/api/interview/${id}/heartbeat`).catch(() => undefined);
  }, HEARTBEAT_MS);
  // The recorder starts with the interview and uploads while the candidate answers.
  const recording = upload(base, who);
  recording.catch(() => undefined);
  try {
    const transcript: Entry[] = [];
    const save = () => call(base, who, '/api/interview/{id}/transcript', 'PUT', `/api/interview/${id}/transcript`, { transcript });
    let lastAnswer = '';
    for (let q = 0; q < QUESTIONS; q++) {
      const question =
        q === 0
          ? questions[q]!
          : ((await call(base, who, '/api/tts/contextual', 'POST', '/api/tts/contextual', { previousResponse: lastAnswer, nextQuestion: questions[q]! })) as { response: string }).response;
      transcript.push({ speaker: 'AI', text: question });
      await save();
      if (thinkMs > 0) await sleep(thinkMs * (0.5 + Math.random()));
      lastAnswer = answerOf(who.n, q);
      transcript.push({ speaker: 'Candidate', text: lastAnswer });
      await save();
      const { followUp } = (await call(base, who, '/api/interview/{id}/follow-up', 'POST', `/api/interview/${id}/follow-up`, { question: questions[q]!, answer: lastAnswer })) as { followUp: string | null };
      if (followUp?.trim()) {
        transcript.push({ speaker: 'AI', text: followUp });
        await save();
        if (thinkMs > 0) await sleep((thinkMs / 2) * (0.5 + Math.random()));
        lastAnswer = `To add to that: I wrote the runbook and measured the result every week (${who.n}).`;
        transcript.push({ speaker: 'Candidate', text: lastAnswer });
        await save();
      }
    }
    const uploadId = await recording;
    await call(base, who, '/api/interview/{id}/complete', 'POST', `/api/interview/${id}/complete`, { uploadIds: [uploadId], transcript });
    lastCompleteAt = Math.max(lastCompleteAt, Date.now());
  } finally {
    clearInterval(heartbeat);
    await recording.catch(() => undefined);
  }
}

/** CPU time (user + system) a process has used, in seconds, from /proc (10 ms ticks). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

function latencyRows(label: string, list: Call[]): string {
  const ms = list.map((c) => c.ms).sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(0).padStart(8);
  return `${label.padEnd(46)}${String(list.length).padStart(8)}${f(percentile(ms, 50))}${f(percentile(ms, 95))}${f(percentile(ms, 99))}${f(ms.at(-1) ?? NaN)}`;
}

/** Through the API: the operator, a job whose six questions the built-in engine wrote, and one interview per candidate. */
async function seed(base: string): Promise<{ cookie: string; jobId: number; questions: string[]; people: Candidate[] }> {
  const { cookie, jobIds } = await seedOperator(base, 1);
  const jobId = jobIds[0]!;
  const res = await fetch(`${base}/api/job/${jobId}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/job/${jobId}: ${res.status}`);
  let { questions } = (await res.json()) as { questions: string[] };
  if (questions.length < QUESTIONS) throw new Error(`the built-in engine wrote ${questions.length} questions; the bench needs ${QUESTIONS}`);
  if (questions.length > QUESTIONS) {
    // A recruiter keeping the first six: six answers per candidate, as the issue asks.
    const patched = await fetch(`${base}/api/job/${jobId}/questions`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ questions: questions.slice(0, QUESTIONS) }),
    });
    if (!patched.ok) throw new Error(`PATCH /api/job/${jobId}/questions: ${patched.status} ${await patched.text()}`);
    questions = questions.slice(0, QUESTIONS);
  }
  const people: Candidate[] = [];
  for (let n = 0; n < candidates; n++) {
    const created = await post<{ id: number; candidateLink: string }>(base, `/api/job/${jobId}/interview`, { candidateName: `Candidate ${n + 1}`, email: `candidate${n + 1}@example.com` }, cookie);
    const token = new URL(created.data.candidateLink).searchParams.get('token');
    if (!token) throw new Error('the candidate link carries no token');
    // 10.0.0.0/8 as the proxy would report them: one address per candidate.
    people.push({ n, interviewId: created.data.id, token, address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}` });
  }
  return { cookie, jobId, questions, people };
}

interface Stored {
  evaluated: number;
  once: number;
  jobsPerInterview: Map<number, number>;
  lastStoredAt: number | null;
}

/** What the database says: each interview 'completed' with one stored evaluation, and how many evaluation jobs ran for it. */
async function readStored(db: pg.Client, jobId: number): Promise<Stored> {
  const rows = await db.query<{ id: number; status: string; evaluated_at: string | null; completed_at: Date | null }>(
    `SELECT id, status, feedback->>'evaluatedAt' AS evaluated_at, completed_at FROM interviews WHERE job_id = $1`,
    [jobId],
  );
  const jobsPerInterview = new Map<number, number>();
  // pg-boss keeps each job's row (state 'completed' once its handler returned): more than one for an interview is a second run.
  const tables = await db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'pgboss' AND table_name IN ('job', 'archive')`);
  for (const { table_name } of tables.rows) {
    const runs = await db.query<{ interview_id: string; n: string }>(
      `SELECT data->>'interviewId' AS interview_id, count(*) AS n FROM pgboss.${table_name} WHERE name = 'evaluate-interview' AND state = 'completed' GROUP BY 1`,
    );
    for (const r of runs.rows) jobsPerInterview.set(Number(r.interview_id), (jobsPerInterview.get(Number(r.interview_id)) ?? 0) + Number(r.n));
  }
  const evaluated = rows.rows.filter((r) => r.status === 'completed' && r.evaluated_at);
  const once = evaluated.filter((r) => jobsPerInterview.get(r.id) === 1).length;
  const last = Math.max(...evaluated.map((r) => r.completed_at?.getTime() ?? 0));
  return { evaluated: evaluated.length, once, jobsPerInterview, lastStoredAt: evaluated.length ? last : null };
}

async function main(): Promise<void> {
  if (!(await postgresAnswers())) throw new Error(`nothing answers at ${postgresUrl}: the load bench runs on PostgreSQL`);
  const build = spawnSync('npm', ['run', '-s', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const scratch = `hireloop_bench_load_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-load-'));
  const profDir = path.join(dataDir, 'cpu-profile');
  await adminQuery(`CREATE DATABASE ${scratch}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${scratch}`;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SESSION_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: url.toString(), DATA_DIR: dataDir, AI_PROVIDER: 'builtin', LOG_LEVEL: 'warn' };
  delete env.APP_URL;
  const server = await startCompiledServer(root, env, cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []);
  const pid = server.child.pid!;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  let peakRss = 0;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
    } catch {
      // exited
    }
  }, 100);
  try {
    const base = server.baseUrl;
    const seeded = await seed(base);
    console.log(`seeded: 1 job with ${seeded.questions.length} questions, ${seeded.people.length} interviews; idle server ${(memoryOf(pid).rss / MiB).toFixed(0)} MiB`);
    const failures = new Map<string, number>();
    const started = Date.now();
    const serverCpuBefore = cpuSecondsOf(pid);
    const ownCpuBefore = process.cpuUsage();
    const results = await Promise.all(
      seeded.people.map(async (who) => {
        await new Promise((r) => setTimeout(r, Math.random() * staggerMs));
        try {
          await runCandidate(base, who, seeded.questions);
          return true;
        } catch (err) {
          const key = (err as Error).message.replace(/\d{3,}/g, (m) => (m.length === 3 ? m : '…')).slice(0, 120);
          failures.set(key, (failures.get(key) ?? 0) + 1);
          return false;
        }
      }),
    );
    const flowsMs = Date.now() - started;
    const serverCpu = cpuSecondsOf(pid) - serverCpuBefore;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const ownCpuSeconds = (ownCpu.user + ownCpu.system) / 1e6;
    const finished = results.filter(Boolean).length;

    // Every submitted interview should end up evaluated; wait for the queue (at most 15 minutes).
    let stored = await readStored(db, seeded.jobId);
    const waitUntil = Date.now() + EVALUATION_TIMEOUT_MS;
    while (waitForEvaluations && stored.evaluated < finished && Date.now() < waitUntil) {
      await new Promise((r) => setTimeout(r, 250));
      stored = await readStored(db, seeded.jobId);
    }
    if (waitForEvaluations) {
      // A late second run would show up here: give the queue one more poll interval.
      await new Promise((r) => setTimeout(r, 3000));
      stored = await readStored(db, seeded.jobId);
    }
    const peak = Math.max(peakRss, memoryOf(pid).peak);

    // The JSON calls and the tus POST (a small request too); the 512 KiB PATCHes apart.
    const json = calls.filter((c) => !c.tus);
    const tusCalls = calls.filter((c) => c.route.includes('/api/uploads'));
    const bad = calls.filter((c) => c.status < 200 || c.status > 299);
    const byRoute = new Map<string, Call[]>();
    for (const c of calls) byRoute.set(c.route, [...(byRoute.get(c.route) ?? []), c]);
    const errorsBy = new Map<string, number>();
    for (const c of bad) errorsBy.set(`${c.route} → ${c.status || 'network error'}`, (errorsBy.get(`${c.route} → ${c.status || 'network error'}`) ?? 0) + 1);

    console.log(`\n${candidates} candidates started within ${staggerMs} ms of each other, ${thinkMs > 0 ? `${thinkMs} ms per answer` : 'no think time'}; ${finished} finished, in ${(flowsMs / 1000).toFixed(1)} s`);
    const cores = os.cpus().length;
    console.log(
      `CPU during the flows: server ${serverCpu.toFixed(1)} s (${((100 * serverCpu) / (flowsMs / 1000)).toFixed(0)} % of one core), load generator ${ownCpuSeconds.toFixed(1)} s (${((100 * ownCpuSeconds) / (flowsMs / 1000)).toFixed(0)} %), of ${cores * 100} % on this ${cores}-core machine`,
    );
    console.log(`errors: ${bad.length} of ${calls.length} calls`);
    for (const [k, n] of errorsBy) console.log(`  ${k}: ${n}`);
    for (const [k, n] of failures) console.log(`  candidate stopped at ${k}: ${n}`);
    console.log(`\n${'latency (ms)'.padEnd(46)}${'calls'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}`);
    console.log(latencyRows('all API calls but the PATCHes (tus POST too)', json));
    console.log(latencyRows('tus PATCH 512 KiB', calls.filter((c) => c.tus)));
    for (const [route, list] of [...byRoute].sort()) console.log(latencyRows(`  ${route}`, list));
    const uploadSeconds = (lastPatchEnd - firstPatchAt) / 1000;
    console.log(`\nupload: ${(uploadedBytes / MiB).toFixed(0)} MiB in ${uploadSeconds.toFixed(1)} s = ${(uploadedBytes / MiB / uploadSeconds).toFixed(1)} MiB/s (first PATCH to last PATCH answered; ${tusCalls.length} tus requests)`);
    const files = readdirSync(path.join(dataDir, 'recordings'), { withFileTypes: true }).filter((f) => f.isFile() && !f.name.endsWith('.json')).length;
    console.log(`recordings on disk: ${files} files`);
    console.log(`peak server memory: ${(peak / MiB).toFixed(0)} MiB (VmHWM of the server process)`);
    const evalSeconds = stored.lastStoredAt && lastCompleteAt ? Math.max(0, stored.lastStoredAt - lastCompleteAt) / 1000 : NaN;
    const extra = [...stored.jobsPerInterview.values()].filter((n) => n > 1).length;
    const exactlyOnce = stored.once === candidates && extra === 0;
    if (waitForEvaluations) {
      console.log(`evaluations stored: ${stored.evaluated} of ${finished} submitted; last stored ${evalSeconds.toFixed(1)} s after the last complete`);
      console.log(`evaluated exactly once: ${exactlyOnce ? 'yes' : 'no'} (${stored.once} of ${candidates}; interviews with more than one evaluation run: ${extra})`);
    } else {
      console.log(`evaluations: not waited for (--no-wait); ${stored.evaluated} of ${finished} stored by the end of the flows`);
    }

    const p95 = percentile(
      json.map((c) => c.ms).sort((a, b) => a - b),
      95,
    );
    console.log(`\ngoal: ${goal.errors} errors: ${bad.length === 0 ? 'met' : 'not met'}`);
    console.log(`goal: p95 of the API calls but the PATCHes < ${goal.p95Ms} ms (${p95.toFixed(0)} ms): ${p95 < goal.p95Ms ? 'met' : 'not met'}`);
    console.log(`goal: every interview evaluated exactly once: ${waitForEvaluations ? (exactlyOnce ? 'met' : 'not met') : 'not waited for (--no-wait)'}`);
    if (failures.size > 0 || bad.length > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await db.end();
    const exit = await server.stop();
    if (exit !== 0) console.log(`server exit status ${exit}:\n${server.output().slice(-2000)}`);
    if (cpuProf) {
      const kept = mkdtempSync(path.join(os.tmpdir(), 'hireloop-bench-load-prof-'));
      for (const f of readdirSync(profDir)) spawnSync('cp', [path.join(profDir, f), kept]);
      console.log(`CPU profile of the server: ${kept} (npx tsx scripts/cpu-profile-summary.ts <file>)`);
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
