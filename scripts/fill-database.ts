/**
 * Fills a fresh database through today's code and dumps it as src/server/db/fixtures/filled-at-0022.sql
 * (issue 33, item 1): the database the one-model migration will be tested on.
 *   npx tsx scripts/fill-database.ts
 * The app runs in this process on an in-memory PGlite migrated to the last migration (the test
 * harness, src/server/test/app.ts, with DATABASE_URL unset), its clock (BuildOptions.clock) fixed
 * at 2026-11-24T10:00:00Z and moved on by the scenario only. Recruiters, candidates and applicants
 * act through the HTTP routes (app.inject); evaluations and emails go through the real queue and
 * services. The one row no code path writes (`feedback`, a recruiter's note) is inserted as the
 * tests insert it, and said so below.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CreatedApiKey } from '../src/contracts/api-keys';
import type { ApplyPageState, PublicApplyPage } from '../src/contracts/apply';
import type { CreatedInterview } from '../src/contracts/interviews';
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import type { CallLink } from '../src/contracts/phone-call-results';
import type { CallReply } from '../src/contracts/phone-calls';
import type { PhoneScreening, ScreeningCandidate } from '../src/contracts/phone-screenings';
import type { Database } from '../src/server/db/client';
import { feedback, interviews, phoneScreeningCandidates, users } from '../src/server/db/schema';
import { NOTICE_VERSION } from '../src/server/modules/consent/notice';
import { startWebhookReceiver, type WebhookReceiver } from '../src/server/modules/webhooks/receiver-test-kit';
import { Agent, createTestApp, nextAddress, type TestApp } from '../src/server/test/app';
import { multipart, type MultipartPart } from '../src/server/test/multipart';
import { waitFor } from '../src/server/test/wait';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = path.join(root, 'src/server/db/fixtures/filled-at-0022.sql');
const START = new Date('2026-11-24T10:00:00.000Z');
const PASSWORD = 'correct horse battery';

let clock = new Date(START);
/** Moves the app's clock on (the only way time passes for the app in this scenario). */
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

function expectStatus(res: LightMyRequestResponse, statuses: number | number[], what: string): LightMyRequestResponse {
  const allowed = Array.isArray(statuses) ? statuses : [statuses];
  if (!allowed.includes(res.statusCode)) throw new Error(`${what}: answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** Bytes that are the same on every run (a CV, a recording), so only the ids of uploads vary. */
const fixedBytes = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 31 + seed) % 251));
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), fixedBytes(20_000, 7)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), fixedBytes(1500, 3), Buffer.from('\n%%EOF\n')]);

const RUBRIC = [
  { name: 'Customer service', description: 'Resolves customer problems with empathy.', weight: 60 },
  { name: 'Communication', description: 'Clear, structured answers.', weight: 40 },
];
const JOB_QUESTIONS = ['Tell me about a time you helped an upset customer.', 'How do you keep calm on a busy shift?'];
const TRANSCRIPT = [
  { speaker: 'AI', text: JOB_QUESTIONS[0]!, startMs: 0 },
  {
    speaker: 'Candidate',
    text: 'A customer was upset about a late order, so I called the courier, arranged same-day delivery and refunded the shipping; she thanked us and ordered again the next week.',
    startMs: 4000,
  },
  { speaker: 'AI', text: JOB_QUESTIONS[1]!, startMs: 30000 },
  { speaker: 'Candidate', text: 'I list what is urgent, take one customer at a time, and ask a colleague to cover the phones when the queue grows past five people.', startMs: 34000 },
];
const SCREENING_QUESTIONS = [
  'How many years have you driven commercial trucks, and on which kinds of routes?',
  'How do you plan your day to stay within the hours of service rules?',
];
const FULL_ANSWERS = [
  'I have driven commercial trucks for six years, mostly regional routes across Ohio and Indiana, with some long haul routes to Texas. I hauled dry van freight and kept a clean safety record with no accidents.',
  'I plan my day around the hours of service rules by checking my electronic logging device each morning, planning fuel and rest stops before I leave, and calling dispatch early when traffic or a late dock puts my hours at risk.',
];

interface Scenario {
  /** The recruiters the fixture signs in as (password PASSWORD). */
  recruiters: { username: string; password: string; company: string; jobs: string[]; screenings: string[] }[];
}

async function run(t: TestApp, receiver: WebhookReceiver): Promise<Scenario> {
  const { app } = t;
  const db = t.database.db;

  // Two companies. The first account is the install's operator (approved); the second company's owner is approved by it.
  const north = new Agent(app);
  expectStatus(await north.register('owner@northwind.example', 'Northwind Logistics', PASSWORD), 201, 'register Northwind');
  const harbor = new Agent(app);
  expectStatus(await harbor.register('owner@harbor.example', 'Harbor Retail', PASSWORD), 201, 'register Harbor');
  const [harborOwner] = await db.select().from(users).where(eq(users.username, 'owner@harbor.example'));
  expectStatus(await north.post(`/api/admin/accounts/${harborOwner!.id}/approve`), 200, 'approve Harbor');
  // The Northwind owner also wants the daily digest (a notification_settings row).
  expectStatus(
    await north.request('PUT', '/api/notifications/settings', { choices: { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: true } }),
    200,
    'notification settings',
  );
  // A webhook endpoint for every event (a receiver on loopback that answers 200): deliveries are written with the events.
  tick(60);
  expectStatus(
    await north.post('/api/webhooks', {
      url: receiver.url,
      description: 'ATS',
      events: ['interview.completed', 'interview.reviewed', 'screening.completed', 'candidate.applied', 'candidate.deleted'],
    }),
    201,
    'webhook endpoint',
  );

  // Jobs: Northwind's support job (most candidates), a second one closed later, Harbor's store job.
  const createJob = async (agent: Agent, title: string, description: string) =>
    expectStatus(await agent.post('/api/job', { title, description, questions: JOB_QUESTIONS, rubric: RUBRIC }), 201, `job ${title}`).json<Job>();
  tick(60);
  const support = await createJob(north, 'Customer Support Specialist', 'Help customers by phone and email.');
  tick(60);
  const dispatcher = await createJob(north, 'Night Dispatcher', 'Plan the night routes and keep drivers informed.');
  tick(60);
  const store = await createJob(harbor, 'Store Associate', 'Serve customers on the shop floor and at the till.');
  tick(60);
  expectStatus(await north.post('/api/templates', { jobId: support.id, name: 'Support (standard)' }), 201, 'template');

  const invite = async (agent: Agent, jobId: number, candidateName: string, email: string) => {
    tick(30);
    const created = expectStatus(await agent.post(`/api/job/${jobId}/interview`, { candidateName, email }), 201, `interview ${candidateName}`).json<CreatedInterview>();
    return { ...created, token: new URL(created.candidateLink).searchParams.get('token')! };
  };
  type Invited = Awaited<ReturnType<typeof invite>>;
  const asCandidate = (iv: Invited, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({ method, url, remoteAddress: nextAddress(), headers: { 'x-candidate-token': iv.token }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
  const consent = async (iv: Invited) => expectStatus(await asCandidate(iv, 'POST', `/api/interview/${iv.id}/consent`, { noticeVersion: NOTICE_VERSION }), [200, 201], `consent ${iv.candidateName}`);
  const interviewRow = async (id: number) => (await db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

  /** The candidate agrees, starts, and submits a recording and transcript (multipart, the spec's endpoint); the queue evaluates it. */
  const takeInterview = async (iv: Invited) => {
    await consent(iv);
    tick(60);
    expectStatus(await asCandidate(iv, 'POST', `/api/interview/${iv.id}/start`), 200, `start ${iv.candidateName}`);
    tick(15 * 60);
    const body = multipart([
      { name: 'transcript', value: JSON.stringify(TRANSCRIPT) },
      { name: 'audio', value: WEBM, filename: 'interview.webm', type: 'video/webm' },
    ]);
    expectStatus(
      await app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, remoteAddress: nextAddress(), headers: { 'x-candidate-token': iv.token, ...body.headers }, payload: body.payload }),
      200,
      `recording ${iv.candidateName}`,
    );
    await waitFor(`interview ${iv.id} evaluated`, async () => ((await interviewRow(iv.id)).status === 'completed' ? true : undefined), 60_000);
  };

  // --- Video interviews (Northwind, support job) ---
  const jordan = await invite(north, support.id, 'Jordan Lee', 'jordan@example.com'); // pending, invited by email
  const casey = await invite(north, support.id, 'Casey Diaz', 'casey@example.com'); // in progress
  const robin = await invite(north, support.id, 'Robin Park', 'robin@example.com'); // completed, reviewed, advanced
  const morgan = await invite(north, support.id, 'Morgan Hale', 'morgan@example.com'); // completed, then data deleted
  const eli = await invite(north, support.id, 'Eli Stone', 'eli@example.com'); // pending, legal hold, open deletion request, alternative request
  tick(60);
  expectStatus(
    await north.post('/api/send-candidate-emails', {
      subject: DEFAULT_EMAIL_SUBJECT,
      body: DEFAULT_EMAIL_BODY,
      candidates: [jordan, casey, robin, morgan, eli].map((iv) => ({ name: iv.candidateName, email: iv.email, jobId: support.id, interviewId: iv.id })),
    }),
    200,
    'send invitations',
  );

  // Casey: agrees, starts, the transcript is saved as it goes, a heartbeat; never submits.
  await consent(casey);
  tick(60);
  expectStatus(await asCandidate(casey, 'POST', `/api/interview/${casey.id}/start`), 200, 'start Casey');
  tick(60);
  expectStatus(await asCandidate(casey, 'PUT', `/api/interview/${casey.id}/transcript`, { transcript: TRANSCRIPT.slice(0, 2) }), 204, 'transcript Casey');
  expectStatus(await asCandidate(casey, 'POST', `/api/interview/${casey.id}/heartbeat`), 204, 'heartbeat Casey');

  // Robin: takes the interview, answers the self-identification, is reviewed (a score and a decision).
  await takeInterview(robin);
  tick(60);
  expectStatus(await asCandidate(robin, 'POST', `/api/interview/${robin.id}/self-identification`, { sex: 'female', raceEthnicity: 'asian' }), 201, 'self-identification Robin');
  tick(3600);
  expectStatus(await north.post(`/api/interview/${robin.id}/review`, { scores: [{ criterion: 'Communication', score: 80, reason: 'Clear and structured in the recording.' }] }), 200, 'score Robin');
  tick(60);
  expectStatus(await north.post(`/api/interview/${robin.id}/review`, { decision: 'hold', note: 'Waiting for the second round.' }), 200, 'hold Robin');
  tick(60);
  expectStatus(await north.post(`/api/interview/${robin.id}/review`, { decision: 'advance', note: 'Strong fit for the day shift.' }), 200, 'advance Robin');
  // A recruiter's note with a rating: no route or service writes the `feedback` table today (only
  // the exports read it), so it is inserted as the tests insert it (candidate-data.test.ts).
  const [northOwner] = await db.select().from(users).where(eq(users.username, 'owner@northwind.example'));
  await db.insert(feedback).values({ interviewId: robin.id, userId: northOwner!.id, content: 'Robin was great on the phone, invite to the panel.', rating: 4, createdAt: clock });

  // Morgan: takes the interview, answers the self-identification (it outlives the deletion), asks for deletion from the link; the recruiter deletes the data.
  await takeInterview(morgan);
  tick(60);
  expectStatus(await asCandidate(morgan, 'POST', `/api/interview/${morgan.id}/self-identification`, { sex: 'male', raceEthnicity: 'prefer_not_to_say' }), [201, 400], 'self-identification Morgan');
  tick(60);
  expectStatus(await asCandidate(morgan, 'POST', `/api/interview/${morgan.id}/deletion-request`), 201, 'deletion request Morgan');
  tick(3600);
  expectStatus(await north.post(`/api/interview/${morgan.id}/delete-data`, { reason: 'candidate_request' }), 200, 'delete Morgan');

  // Eli: reads the notice, agrees, asks for a person instead of the AI and for more time (the second resolved), asks for deletion; the recruiter puts a legal hold on the interview.
  await consent(eli);
  tick(60);
  expectStatus(await asCandidate(eli, 'POST', `/api/interview/${eli.id}/alternative-requests`, { kind: 'human_interview', message: 'I would rather talk to a person.' }), 201, 'alternative Eli');
  tick(60);
  const moreTime = expectStatus(await asCandidate(eli, 'POST', `/api/interview/${eli.id}/alternative-requests`, { kind: 'more_time' }), 201, 'more time Eli').json<{ id: number }>();
  tick(600);
  expectStatus(await north.post(`/api/alternative-requests/${moreTime.id}/resolve`), 200, 'resolve Eli');
  tick(60);
  expectStatus(await north.request('PUT', `/api/interview/${eli.id}/legal-hold`, { hold: true }), 200, 'legal hold Eli');
  tick(60);
  expectStatus(await asCandidate(eli, 'POST', `/api/interview/${eli.id}/deletion-request`), 201, 'deletion request Eli');

  // Imported candidates (source 'import'), invited by email.
  tick(60);
  expectStatus(await north.post(`/api/job/${support.id}/import`, { csv: 'Name,Email\nAvery Brooks,avery@example.com\nQuinn Reyes,quinn@example.com\n', sendInvitations: true }), 201, 'import job');

  // An applicant through the job's public page, with a CV (source 'apply', an application row).
  const applyPage = async (agent: Agent, url: string) => expectStatus(await agent.request('PUT', url, { enabled: true }), 200, `apply page ${url}`).json<ApplyPageState>();
  tick(60);
  const jobPage = await applyPage(north, `/api/job/${support.id}/apply-page`);
  const apply = async (slug: string, fields: Record<string, string>, cv?: MultipartPart) => {
    const page = expectStatus(await app.inject({ method: 'GET', url: `/api/apply/${slug}`, remoteAddress: nextAddress() }), 200, `open ${slug}`).json<PublicApplyPage>();
    tick(45);
    const parts: MultipartPart[] = Object.entries({ consent: 'true', website: '', noticeVersion: page.notice.version, formToken: page.formToken, ...fields }).map(([name, value]) => ({ name, value }));
    if (cv) parts.push(cv);
    return expectStatus(await app.inject({ method: 'POST', url: `/api/apply/${slug}`, remoteAddress: nextAddress(), ...multipart(parts) }), 201, `apply ${slug}`);
  };
  await apply(jobPage.slug!, { candidateName: 'Sam Rivera', email: 'sam@example.com', coverNote: 'Five years on a support desk.' }, { name: 'cv', value: PDF, filename: 'sam-rivera.pdf', type: 'application/pdf' });

  // The dispatcher job: one pending interview, then the job is closed.
  await invite(north, dispatcher.id, 'Kim Ortiz', 'kim@example.com');
  tick(3600);
  expectStatus(await north.post(`/api/job/${dispatcher.id}/close`), 200, 'close dispatcher');

  // Harbor: a pending interview and a completed one.
  await invite(harbor, store.id, 'Lena Novak', 'lena@example.com');
  const theo = await invite(harbor, store.id, 'Theo Grant', 'theo@example.com');
  await takeInterview(theo);

  // --- Phone screenings ---
  const createScreening = async (agent: Agent, jobTitle: string, jobDescription: string, questions: string[]) => {
    tick(60);
    const created = expectStatus(await agent.post('/api/phone-screening', { jobTitle, jobDescription }), 201, `screening ${jobTitle}`).json<PhoneScreening>();
    return expectStatus(await agent.request('PATCH', `/api/phone-screening/${created.id}/questions`, { questions }), 200, 'screening questions').json<PhoneScreening>();
  };
  const driver = await createScreening(north, 'CDL Class A Driver', 'Regional routes, hours of service, safe driving.', SCREENING_QUESTIONS);
  const stocker = await createScreening(harbor, 'Night Stocker', 'Restock the shelves overnight and keep the aisles clear.', ['How do you keep count of stock on a long night shift?']);
  const addCandidate = async (agent: Agent, screeningId: number, candidateName: string, fields: Record<string, string> = {}) => {
    tick(30);
    return expectStatus(
      await agent.post(`/api/phone-screening/${screeningId}/candidates`, {
        candidateName,
        countryCode: '+1',
        phoneNumber: '555-123-4567',
        timeZone: 'UTC-05:00',
        interviewTime: '2026-12-01T15:00:00.000Z',
        ...fields,
      }),
      201,
      `phone candidate ${candidateName}`,
    ).json<ScreeningCandidate>();
  };
  const startCall = async (agent: Agent, candidateId: number, headers: Record<string, string> = {}) =>
    expectStatus(await agent.post(`/api/phone-screening/candidates/${candidateId}/simulated-call`, {}, headers), 201, `call ${candidateId}`).json<CallReply>();
  const answer = async (agent: Agent, reply: CallReply, text: string, headers: Record<string, string> = {}) => {
    tick(20);
    return expectStatus(await agent.post(`/api/phone-calls/${reply.callId}/answer`, { turn: reply.turn, text }, headers), 200, `answer call ${reply.callId}`).json<CallReply>();
  };
  const candidateRow = async (id: number) => (await db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;

  // Lee: as the recruiter's form leaves a candidate: no email, no call link (token) yet.
  await addCandidate(north, driver.id, 'Lee Chen', { phoneNumber: '555-010-0001', notes: 'Prefers mornings.' });
  // Dana: takes the call in the browser simulator, from her call link, to a scored result.
  const dana = await addCandidate(north, driver.id, 'Dana Whitfield', { phoneNumber: '555-010-0002' });
  const danaLink = expectStatus(await north.post(`/api/phone-screening/candidates/${dana.id}/call-link`), 200, 'call link Dana').json<CallLink>();
  const danaHeaders = { 'x-candidate-token': new URL(danaLink.url).searchParams.get('token')! };
  const visitor = new Agent(app);
  tick(60);
  let reply = await startCall(visitor, dana.id, danaHeaders);
  reply = await answer(visitor, reply, 'Yes, sure, go ahead.', danaHeaders);
  reply = await answer(visitor, reply, FULL_ANSWERS[0]!, danaHeaders);
  reply = await answer(visitor, reply, FULL_ANSWERS[1]!, danaHeaders);
  if (!reply.done) throw new Error(`Dana's call did not end: ${JSON.stringify(reply)}`);
  await waitFor(`phone candidate ${dana.id} evaluated`, async () => ((await candidateRow(dana.id)).status === 'completed' ? true : undefined), 60_000);
  // Noah: declines at the start of the call (an opt-out, reason 'declined').
  const noah = await addCandidate(north, driver.id, 'Noah Park', { phoneNumber: '555-010-0003' });
  tick(60);
  await answer(north, await startCall(north, noah.id), 'No, not now, thanks.');
  // Omar: asks not to be called again (an opt-out, reason 'asked_not_to_call').
  const omar = await addCandidate(north, driver.id, 'Omar Haddad', { phoneNumber: '555-010-0004' });
  tick(60);
  await answer(north, await startCall(north, omar.id), 'Please stop calling me.');
  // Priya: gets her call link, asks for her data to be deleted (emailed to the members), the recruiter deletes it.
  const priya = await addCandidate(north, driver.id, 'Priya Nair', { countryCode: '+91', phoneNumber: '98765 43210', timeZone: 'UTC+05:30' });
  const priyaLink = expectStatus(await north.post(`/api/phone-screening/candidates/${priya.id}/call-link`), 200, 'call link Priya').json<CallLink>();
  tick(60);
  expectStatus(
    await app.inject({ method: 'POST', url: `/api/phone-call/${priya.id}/deletion-request`, remoteAddress: nextAddress(), headers: { 'x-candidate-token': new URL(priyaLink.url).searchParams.get('token')! } }),
    201,
    'deletion request Priya',
  );
  tick(3600);
  expectStatus(await north.post(`/api/phone-screening/candidates/${priya.id}/delete-data`, { reason: 'candidate_request' }), 200, 'delete Priya');
  // Tom: a legal hold.
  const tom = await addCandidate(north, driver.id, 'Tom Ortiz', { phoneNumber: '555-010-0005' });
  tick(60);
  expectStatus(await north.request('PUT', `/api/phone-screening/candidates/${tom.id}/legal-hold`, { hold: true }), 200, 'legal hold Tom');
  // Imported candidates (source 'import').
  tick(60);
  expectStatus(
    await north.post(`/api/phone-screening/${driver.id}/import`, {
      csv: 'Candidate name,Country code,Phone number,Date,Time,Time zone,Notes\r\nRita Moreno,+1,(555) 010-0199,2026-12-02,14:30,GMT-5,\r\nKenji Sato,+81,90 1234 5678,2026-12-03,9:30 AM,UTC+9:00,"Mornings, please"\r\n',
    }),
    201,
    'import screening',
  );
  // An applicant through the screening's public page, with an email (source 'apply', an application row, an email).
  tick(60);
  const screeningPage = await applyPage(north, `/api/phone-screening/${driver.id}/apply-page`);
  await apply(screeningPage.slug!, { candidateName: 'Ines Duarte', countryCode: '+1', phoneNumber: '555-010-0006', timeZone: 'America/New_York', email: 'ines@example.com', coverNote: 'Eight years on regional routes.' });
  // Harbor's screening: one pending candidate.
  await addCandidate(harbor, stocker.id, 'Ana Lima', { phoneNumber: '555-020-0001' });

  // Harbor's applicant tracking system adds one candidate of each channel with a write API key (source 'api').
  tick(60);
  const key = expectStatus(await harbor.post('/api/api-keys', { name: 'ATS', scope: 'write' }), 201, 'API key').json<CreatedApiKey>();
  const withKey = async (url: string, body: Record<string, unknown>, what: string) => {
    tick(30);
    return expectStatus(await app.inject({ method: 'POST', url, remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${key.key}` }, payload: body }), 201, what);
  };
  await withKey(`/api/job/${store.id}/interview`, { candidateName: 'Mia Wong', email: 'mia@example.com' }, 'interview by API key');
  await withKey(
    `/api/phone-screening/${stocker.id}/candidates`,
    { candidateName: 'Ben Okafor', countryCode: '+44', phoneNumber: '7700 900123', timeZone: 'UTC+00:00', interviewTime: '2026-12-02T10:00:00.000Z' },
    'phone candidate by API key',
  );

  // Let the queue finish what the events started: notification emails, and the webhook deliveries that are due by
  // the app's clock (an event recorded without the clock, at the real time, stays pending: see the header).
  await waitFor(
    'emails and due webhook deliveries settled',
    async () => {
      const [row] = (
        await t.database.query<{ busy: number }>(
          `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1) + (SELECT count(*) FROM emails WHERE status IN ('queued', 'sending')) AS busy`,
          [clock.toISOString()],
        )
      ).rows;
      return Number(row!.busy) === 0 ? true : undefined;
    },
    60_000,
  );

  return {
    recruiters: [
      { username: 'owner@northwind.example', password: PASSWORD, company: 'Northwind Logistics', jobs: [support.title, dispatcher.title], screenings: [driver.jobTitle ?? ''] },
      { username: 'owner@harbor.example', password: PASSWORD, company: 'Harbor Retail', jobs: [store.title], screenings: [stocker.jobTitle ?? ''] },
    ],
  };
}

/** Tables left out of the dump, and why (repeated in the file's header). */
const LEFT_OUT: Record<string, string> = {
  sessions: 'sign-in sessions of the scenario: hashes of cookies that are gone when the script ends; they point at users only',
  rate_limit_hits: 'request counters of the rate limiter, keyed by address and route; about no record',
};

/** The public tables, parents before children (foreign keys), ties by name. */
async function tablesInOrder(database: Database): Promise<string[]> {
  const tables = (await database.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)).rows.map((r) => r.name);
  const edges = (
    await database.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const ordered: string[] = [];
  const remaining = new Set(tables);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) => !edges.some((e) => e.child === name && e.parent !== name && remaining.has(e.parent)));
    if (ready.length === 0) throw new Error(`foreign keys in a cycle among ${[...remaining].join(', ')}`);
    for (const name of ready.sort()) {
      ordered.push(name);
      remaining.delete(name);
    }
  }
  return ordered;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function dump(database: Database, counts: Map<string, number>): Promise<string> {
  const statements: string[] = [];
  const sequences: string[] = [];
  for (const table of await tablesInOrder(database)) {
    if (table in LEFT_OUT) continue;
    const keys = (
      await database.query<{ column: string }>(
        `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
        [table],
      )
    ).rows.map((r) => `t."${r.column}"`);
    const order = keys.length > 0 ? keys.join(', ') : 't::text';
    const [row] = (await database.query<{ json: string; count: number }>(`SELECT coalesce(json_agg(t ORDER BY ${order}), '[]')::text AS json, count(*)::int AS count FROM "${table}" t`)).rows;
    counts.set(table, row!.count);
    if (row!.count === 0) {
      statements.push(`-- ${table}: no rows`);
      continue;
    }
    // One row per line: json_agg separates rows with ", " + newline.
    statements.push(`INSERT INTO "${table}" SELECT * FROM json_populate_recordset(null::"${table}", ${quote(row!.json)});`);
    const serials = (
      await database.query<{ column: string; sequence: string }>(
        `SELECT column_name AS column, pg_get_serial_sequence($1, column_name) AS sequence FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND pg_get_serial_sequence($1, column_name) IS NOT NULL ORDER BY ordinal_position`,
        [table],
      )
    ).rows;
    for (const s of serials) sequences.push(`SELECT setval(pg_get_serial_sequence('"${table}"', '${s.column}'), (SELECT max("${s.column}") FROM "${table}"));`);
  }
  return [...statements, '', '-- Serial sequences continue after the loaded rows.', ...sequences].join('\n');
}

async function main() {
  if (process.env.DATABASE_URL) console.log('DATABASE_URL is set: the scenario runs on a scratch database on that server.');
  const receiver = await startWebhookReceiver();
  const t = await createTestApp(
    { APP_URL: 'http://localhost:3000', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_POLL_SECONDS: '0.2' },
    { clock: () => clock },
  );
  try {
    const scenario = await run(t, receiver);
    const counts = new Map<string, number>();
    const body = await dump(t.database, counts);
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const header = [
      `-- A database filled by the code of commit ${commit}, migrated up to 0022_call_zone (issue 33, item 1).`,
      `-- Generated by scripts/fill-database.ts on ${new Date().toISOString().slice(0, 10)}. Regenerate: npx tsx scripts/fill-database.ts`,
      '--',
      '-- The scenario (see the script) runs the app in-process with its clock fixed at 2026-11-24T10:00:00Z and moved',
      '-- on by the script only: two companies, their recruiters, jobs (one closed), video interviews in every status',
      '-- (pending, in progress, completed and reviewed, data deleted, under a legal hold with an open deletion',
      '-- request), phone screenings with candidates taken through the browser call simulator (completed, declined,',
      '-- asked not to be called), one added by the recruiter form (no email, no call link), one deleted, one on hold,',
      '-- imported, applied and API-created candidates on both sides, emails, webhook deliveries and the audit log.',
      `-- Sign in as ${scenario.recruiters.map((r) => r.username).join(' or ')}, password '${PASSWORD}'.`,
      '--',
      '-- Not the same on every run: values the code draws at random (candidate and call-link tokens, room names and',
      '-- URLs, upload ids, webhook secrets and event ids, apply-page slugs, password hashes, the links in email bodies),',
      "-- the port of the webhook receiver, and timestamps the code takes from the real time rather than the app's clock",
      '-- or leaves to the database (DEFAULT now()): created_at of most rows, audit_log.at, interviews.started_at,',
      "-- completed_at and scheduled_for, the evaluations' evaluatedAt, given_at, answered_at, data_requests.completed_at,",
      '-- and when the queue sent what it sent. Row counts, ids and the order of rows are the same on every run.',
      '-- Webhook deliveries recorded with the real time (not the clock) stay pending: they are not due by the clock.',
      '--',
      '-- Left out: the drizzle schema (migrations bookkeeping) and the pgboss schema (the job queue), and',
      ...Object.entries(LEFT_OUT).map(([table, why]) => `--   ${table}: ${why}.`),
      '--',
      '-- Rows per table:',
      ...[...counts].map(([table, count]) => `--   ${table}: ${count}`),
      '',
    ].join('\n');
    mkdirSync(path.dirname(FIXTURE), { recursive: true });
    writeFileSync(FIXTURE, `${header}\n${body}\n`);
    console.log(`Wrote ${path.relative(root, FIXTURE)}`);
    for (const [table, count] of counts) console.log(`  ${table.padEnd(28)} ${count}`);
  } finally {
    await t.close();
    await receiver.close();
    rmSync(t.config.dataDir, { recursive: true, force: true });
  }
}

await main();
