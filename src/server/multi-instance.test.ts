import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineInterviewTime, type PhoneScreening, type ScreeningCandidate } from '../contracts/phone-screenings';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { emails, interviews, jobs, phoneCalls, users } from './db/schema';
import { dispatchDueCalls } from './modules/phone-calls/scheduler';
import { createTwilioTelephony } from './telephony/twilio';
import { Agent } from './test/app';
import { makeInterview, makeJob } from './test/factories';
import { createScratchDatabase, startInstance, type Instance } from './test/instances';
import { TestS3 } from './test/s3';
import { startTestSmtp, type TestSmtp } from './test/smtp';
import { FakeTwilioTransport, TWILIO_ENV, TWILIO_SETTINGS } from './test/twilio';
import { waitFor } from './test/wait';
import { clustersOf, syntheticWebm } from './test/webm';

/*
 * Issue 14: any number of app instances on one PostgreSQL behave as one. Two real server processes
 * share one database, one bucket and one mail server; each case acts on one and checks on the other, or makes
 * both do the same work at once and counts what came out. PostgreSQL only: the embedded database
 * belongs to one process.
 */

const APP_URL = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';
const transcript = {
  transcript: [
    { speaker: 'AI', text: 'Hi Sam, tell me about a time you helped an upset customer.' },
    { speaker: 'Candidate', text: 'A customer called because her order was late. I apologised, found it stuck at a depot, arranged a courier and refunded the shipping.' },
  ],
};

describe.runIf(process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: Database;
  let smtp: TestSmtp;
  let s3: TestS3;
  let a: Instance;
  let b: Instance;
  const dirs: string[] = [];
  /** Interviews left 'evaluating' before either instance started: both pick them up at start. */
  const stuck: number[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    smtp = await startTestSmtp();
    s3 = await TestS3.start();
    const tmp = () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-multi-'));
      dirs.push(dir);
      return dir;
    };
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: tmp() });
    const { job } = await makeJob(database.db);
    for (let i = 0; i < 3; i++) stuck.push((await makeInterview(database.db, job.id, { status: 'evaluating', transcript, email: `stuck${i}@example.com` })).id);
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      APP_URL,
      SMTP_URL: smtp.url,
      REGISTRATIONS_PER_HOUR: '3',
      ...s3.env(),
    };
    // Started together, so both requeue the stuck evaluations at the same moment. If one fails to
    // start, the other is stopped here (afterAll would not know it).
    const started = await Promise.allSettled([startInstance('instance A', { ...env, DATA_DIR: tmp() }), startInstance('instance B', { ...env, DATA_DIR: tmp() })]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      for (const s of started) if (s.status === 'fulfilled') await s.value.stop();
      throw failed.reason;
    }
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await scratch?.drop();
    await smtp?.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A browser of one person: keeps the session cookie, whichever instance answers. */
  class Browser {
    cookie = '';
    async call(on: Instance, method: string, url: string, body?: unknown) {
      const res = await fetch(`${on.url}${url}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(this.cookie ? { cookie: this.cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (sid) this.cookie = sid.split(';')[0]!;
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
    }
  }

  const recruiter = new Browser();
  const username = 'multi-owner';

  it('keeps a session signed in on one instance valid on the other, and a sign-out on one ends it on both', async () => {
    const registered = await recruiter.call(a, 'POST', '/api/register', { username, password: PASSWORD, companyName: 'Two Instances Ltd' });
    expect(registered.status, registered.text).toBe(201);
    const onB = await recruiter.call(b, 'GET', '/api/account');
    expect(onB.status, onB.text).toBe(200);
    expect(onB.json().username).toBe(username);

    const other = new Browser();
    expect((await other.call(b, 'POST', '/api/login', { username, password: PASSWORD })).status).toBe(200);
    expect((await other.call(a, 'GET', '/api/account')).status).toBe(200);
    const stolen = new Browser();
    stolen.cookie = other.cookie;
    expect((await other.call(a, 'POST', '/api/logout', {})).status).toBe(200);
    // The cookie held before signing out on A no longer works on B; the first session still does.
    expect((await stolen.call(b, 'GET', '/api/account')).status).toBe(401);
    expect((await recruiter.call(b, 'GET', '/api/account')).status).toBe(200);
  });

  it('adds up requests to both instances against one rate limit', async () => {
    // REGISTRATIONS_PER_HOUR=3 per address: the first was the registration above, on A.
    expect((await new Browser().call(b, 'POST', '/api/register', { username: 'multi-second', password: PASSWORD, companyName: 'Second Ltd' })).status).toBe(201);
    expect((await new Browser().call(a, 'POST', '/api/register', { username: 'multi-third', password: PASSWORD, companyName: 'Third Ltd' })).status).toBe(201);
    const fourth = await new Browser().call(b, 'POST', '/api/register', { username: 'multi-fourth', password: PASSWORD, companyName: 'Fourth Ltd' });
    expect(fourth.status, fourth.text).toBe(429);
    expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
    const refusedOnA = await new Browser().call(a, 'POST', '/api/register', { username: 'multi-fifth', password: PASSWORD, companyName: 'Fifth Ltd' });
    expect(refusedOnA.status).toBe(429);
    expect(await database.db.select({ id: users.id }).from(users).where(inArray(users.username, ['multi-fourth', 'multi-fifth']))).toEqual([]);
  });

  it('throttles sign-ins on one instance after failures on the other', async () => {
    // MAX_FAILURES_PER_ACCOUNT is 5: failures spread over both instances count together.
    for (let i = 0; i < 5; i++) {
      const res = await new Browser().call(i % 2 === 0 ? a : b, 'POST', '/api/login', { username: 'multi-second', password: `wrong guess ${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await new Browser().call(b, 'POST', '/api/login', { username: 'multi-second', password: PASSWORD });
    expect(blocked.status, blocked.text).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('sends each invitation once when both instances deliver at the same time', async () => {
    await database.db.update(users).set({ isApproved: true, reviewStatus: 'approved' }).where(eq(users.username, username));
    const [owner] = await database.db.select().from(users).where(eq(users.username, username));
    const { job } = await makeJob(database.db);
    // The job belongs to the factory's own company: move it to the recruiter's.
    await database.db.update(jobs).set({ companyId: owner!.companyId, userId: owner!.id }).where(eq(jobs.id, job.id));
    const invited: (typeof interviews.$inferSelect)[] = [];
    for (let i = 0; i < 8; i++) invited.push(await makeInterview(database.db, job.id, { candidateName: `Candidate ${i}`, email: `invitee${i}@example.com` }));
    const send = (on: Instance, some: typeof invited) =>
      recruiter.call(on, 'POST', '/api/send-candidate-emails', {
        subject: 'Your interview',
        body: 'Please take the interview: {{candidateLink}}',
        candidates: some.map((i) => ({ name: i.candidateName, email: i.email, jobId: job.id, interviewId: i.id })),
      });
    // Each request enqueues its half and delivers everything pending: the two deliveries race.
    const [onA, onB] = await Promise.all([send(a, invited.slice(0, 4)), send(b, invited.slice(4))]);
    expect(onA.status, onA.text).toBe(200);
    expect(onB.status, onB.text).toBe(200);
    const addresses = invited.map((i) => i.email);
    const rows = await waitFor(
      'every invitation to be sent',
      async () => {
        const found = await database.db.select().from(emails).where(and(eq(emails.kind, 'invitation'), inArray(emails.toAddress, addresses)));
        return found.length === invited.length && found.every((e) => e.status === 'sent') ? found : undefined;
      },
      60_000,
    );
    expect(rows).toHaveLength(8);
    // Every row is sent, so nothing is left for either instance to deliver: what arrived is all there will be.
    const received = smtp.messages.flatMap((m) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((t) => t.value.map((v) => v.address))).filter((x) => addresses.includes(x!));
    expect(received.sort()).toEqual([...addresses].sort());
    const flags = await database.db.select({ emailSent: interviews.emailSent }).from(interviews).where(inArray(interviews.id, invited.map((i) => i.id)));
    expect(flags.every((f) => f.emailSent)).toBe(true);
  });

  it('evaluates each interview once when both instances pick it up at start', async () => {
    const evaluatedLines = () => [...a.logs(), ...b.logs()].filter((l) => l.msg === 'interview evaluated').map((l) => l.interviewId as number);
    // The line is written just after the result is stored: wait for both.
    const done = await waitFor(
      'the stuck interviews to be evaluated',
      async () => {
        const rows = await database.db.select().from(interviews).where(inArray(interviews.id, stuck));
        return rows.every((r) => r.status === 'completed') && evaluatedLines().length >= stuck.length ? rows : undefined;
      },
      120_000,
    );
    expect(done.every((r) => r.feedback !== null)).toBe(true);
    // The log line each evaluation writes, across both processes: one per interview (a second run
    // finds the interview completed and writes, and logs, nothing).
    const evaluated = evaluatedLines();
    expect(evaluated.sort((x, y) => x - y)).toEqual([...stuck].sort((x, y) => x - y));
  });

  it('continues on one instance a resumable upload started on the other', async () => {
    const { job } = await makeJob(database.db);
    const interview = await makeInterview(database.db, job.id, { status: 'in_progress', email: 'uploader@example.com' });
    const recording = syntheticWebm(clustersOf(20));
    const half = Math.floor(recording.length / 2);
    const tus = (on: Instance, method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
      fetch(`${on.url}${url}`, { method, headers: { 'tus-resumable': '1.0.0', 'x-candidate-token': interview.candidateToken, ...headers }, body: body && new Uint8Array(body) });
    const b64 = (v: string) => Buffer.from(v).toString('base64');

    const created = await tus(a, 'POST', '/api/uploads', { 'upload-length': String(recording.length), 'upload-metadata': `interviewId ${b64(String(interview.id))},segment ${b64('0')}` });
    expect(created.status, await created.text()).toBe(201);
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    const first = await tus(a, 'PATCH', location, { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, recording.subarray(0, half));
    expect(first.status, await first.text()).toBe(204);

    // The connection drops; the browser asks B where to go on.
    const head = await tus(b, 'HEAD', location, {});
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await tus(b, 'PATCH', location, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(half) }, recording.subarray(half));
    expect(rest.status, await rest.text()).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(recording.length));

    // The finished recording in the bucket is the bytes sent, in order, once.
    expect(Buffer.compare(await s3.read(`recordings/${uploadId}`), recording)).toBe(0);
  });
});

/*
 * The phone-call dispatcher of two instances at once. In process: the spawned servers cannot reach
 * a fake Twilio (the client always calls api.twilio.com; no setting points it elsewhere), so two
 * apps are built here on one database, each with its own connection pool, both speaking to one
 * fake Twilio transport.
 */
describe.runIf(process.env.DATABASE_URL)('the call dispatchers of two instances', () => {
  let scratch: { url: string; drop(): Promise<void> };
  const apps: FastifyInstance[] = [];
  const databases: Database[] = [];
  const dirs: string[] = [];
  const transport = new FakeTwilioTransport();

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-multi-'));
      dirs.push(dataDir);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: scratch.url, SESSION_SECRET: 'x'.repeat(32), APP_URL, ...TWILIO_ENV });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
      databases.push(database);
      const app = await buildApp(config, {
        database,
        queuePollSeconds: 0.5,
        telephony: createTwilioTelephony(TWILIO_SETTINGS, APP_URL, { httpClient: transport }),
        // The apps' own 15-second dispatchers run on this clock and never find a call due: the test dispatches.
        clock: () => new Date('2000-01-01T00:00:00.000Z'),
      });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('places a due call once when both dispatch at the same moment', async () => {
    const recruiter = new Agent(apps[0]!);
    expect((await recruiter.register('dispatch-owner', 'Dispatch Co')).statusCode).toBe(201);
    await databases[0]!.db.update(users).set({ isApproved: true, reviewStatus: 'approved' }).where(eq(users.username, 'dispatch-owner'));
    const screening = (await recruiter.post('/api/phone-screening', { jobTitle: 'Warehouse Associate' })).json<PhoneScreening>();
    const interviewTime = combineInterviewTime('2027-03-10', '12:00', 'UTC+00:00')!;
    const added = await recruiter.post(`/api/phone-screening/${screening.id}/candidates`, { candidateName: 'Sam Rivera', countryCode: '+44', phoneNumber: '7700 900123', timeZone: 'UTC+00:00', interviewTime });
    expect(added.statusCode, added.body).toBe(201);
    const candidate = added.json<ScreeningCandidate>();

    const due = new Date(interviewTime);
    const claims = await Promise.all(apps.flatMap((app) => [dispatchDueCalls({ db: app.deps.database.db, queue: app.deps.queue }, due), dispatchDueCalls({ db: app.deps.database.db, queue: app.deps.queue }, due)]));
    expect(claims.flat()).toEqual([candidate.id]);
    // The call is placed by whichever instance's worker takes the job, and its provider id saved.
    const rows = await waitFor('the call to be placed', async () => {
      const found = await databases[1]!.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidate.id));
      return found.length > 0 && found.every((c) => c.providerSid) ? found : undefined;
    }, 60_000);
    expect(rows).toHaveLength(1);
    expect(transport.calls.filter((c) => c.form.get('To') === '+447700900123')).toHaveLength(1);
    // Only one job was ever queued for it, and it is done: no second dial can follow.
    const queued = await databases[1]!.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'place-screening-call' AND data->>'candidateId' = $1`, [String(candidate.id)]);
    expect(queued.rows).toHaveLength(1);
  });
});
