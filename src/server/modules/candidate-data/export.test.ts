import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { auditLog, feedback, interviews, jobs, phoneCalls, phoneScreeningCandidates, selfIdentifications } from '../../db/schema';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { FakeTwilioTransport, sid, TWILIO_ENV, TWILIO_SETTINGS } from '../../test/twilio';
import { waitFor } from '../../test/wait';
import { DELETED_NAME } from './candidate-data.service';
import { EXPORT_IN_PROGRESS, exportCompany } from './export-company.service';
import { sessionUserNamed } from '../../test/factories';

// The exports of decision 021 ("Exports"): a phone screening candidate's data for an access request
// (with the call recordings Twilio keeps), and the company's own records (jobs, interviews,
// evaluations, screenings as JSON and CSV). Each answer is unzipped and read.

const RUBRIC = [
  { name: 'Customer service', description: 'Resolves problems with empathy.', weight: 60 },
  { name: 'Communication', description: 'Clear answers.', weight: 40 },
];
const EVALUATION = {
  summary: 'Explained the refund policy clearly.',
  overall: 72,
  criteria: [
    { name: 'Customer service', weight: 60, score: 80, feedback: 'Stayed calm.', evidence: [{ quote: 'I listened to her first', atMs: 12_000 }] },
    { name: 'Communication', weight: 40, score: 60, feedback: 'Clear.', evidence: [] },
  ],
  insufficientEvidence: false,
  engine: 'builtin',
  promptVersion: 'builtin-eval-3',
  biasFlags: [],
  evaluatedAt: '2026-01-01T00:00:00.000Z',
};
/** The recording Twilio's media endpoint serves (a REmissing… sid answers 404). */
const MP3 = Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000fake mp3 frames of the screening call');

let t: TestApp;
let transport: FakeTwilioTransport;
let media: Server;
let mediaUrl: string;
/** The install's operator: the phone candidates' company. */
let owner: Agent;
/** The company whose export is read, and another company whose data must stay out of it. */
let alpha: Agent;
let stranger: Agent;

beforeAll(async () => {
  media = createServer((req, res) => {
    const expected = `Basic ${Buffer.from(`${TWILIO_SETTINGS.accountSid}:${TWILIO_SETTINGS.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return void res.writeHead(401).end();
    if (!req.url?.endsWith('.mp3') || req.url.includes('REmissing')) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":20404}');
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': MP3.length }).end(MP3);
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/2010-04-01/Accounts/${TWILIO_SETTINGS.accountSid}/Recordings`;
  transport = new FakeTwilioTransport();
  t = await createTestApp(TWILIO_ENV, { telephony: createTwilioTelephony(TWILIO_SETTINGS, 'http://localhost:3000', { httpClient: transport }) });
  owner = new Agent(t.app);
  expect((await owner.register('export-owner', 'Operator Works')).statusCode).toBe(201);
  alpha = new Agent(t.app);
  stranger = new Agent(t.app);
  for (const [agent, username, companyName] of [[alpha, 'export-alpha', 'Alpha Retail'], [stranger, 'export-stranger', 'Beta Foods']] as const) {
    const registered = await agent.register(username, companyName);
    expect((await owner.post(`/api/admin/accounts/${registered.json<{ id: number }>().id}/approve`)).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => media?.close(resolve));
});

const unzip = (payload: Buffer) => unzipSync(new Uint8Array(payload));
const text = (files: Record<string, Uint8Array>, name: string) => strFromU8(files[name]!);
const everything = (files: Record<string, Uint8Array>) => Object.keys(files).map((name) => text(files, name)).join('\n');
const audits = (subject: string | null, action: string, companyId?: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), subject === null ? eq(auditLog.companyId, companyId!) : eq(auditLog.subject, subject)));

const sessionUser = (username: string) => sessionUserNamed(t.database.db, username);

async function makeJob(agent: Agent, title: string): Promise<Job> {
  const res = await agent.post('/api/job', { title, description: `${title}: helps customers.` });
  expect(res.statusCode).toBe(201);
  const job = res.json<Job>();
  await t.database.db.update(jobs).set({ questions: ['Tell me about a refund you handled.'], rubric: RUBRIC }).where(eq(jobs.id, job.id));
  return job;
}

async function invite(agent: Agent, jobId: number, candidateName: string, status: 'pending' | 'in_progress' | 'evaluating' | 'completed' = 'pending', email = `${candidateName.replace(/\W+/g, '.').toLowerCase()}@example.com`) {
  const res = await agent.post(`/api/job/${jobId}/interview`, { candidateName, email });
  expect(res.statusCode).toBe(201);
  const id = res.json<{ id: number }>().id;
  if (status !== 'pending') {
    const done = status === 'completed';
    await t.database.db
      .update(interviews)
      .set({
        status,
        startedAt: new Date('2026-03-02T10:00:00Z'),
        completedAt: done ? new Date('2026-03-02T10:20:00Z') : null,
        transcript: { transcript: [{ speaker: 'AI', text: 'Tell me about a refund.' }, { speaker: 'Candidate', text: `I am ${candidateName} and I listened to her first.` }] },
        feedback: done ? EVALUATION : null,
        recordingSegments: done ? [{ uploadId: `upload-${id}`, bytes: 1234 }] : null,
      })
      .where(eq(interviews.id, id));
  }
  return id;
}

/** A screening candidate as the API adds them, then calls written as the call flow leaves them. */
async function screenedCandidate(agent: Agent, jobTitle: string, candidateName: string, phoneNumber: string) {
  const screening = (await agent.post('/api/phone-screening', { jobTitle, jobDescription: 'Regional deliveries.' })).json<PhoneScreening>();
  const added = await agent.post(`/api/phone-screening/${screening.id}/candidates`, {
    candidateName,
    countryCode: '+1',
    phoneNumber,
    interviewTime: '2030-05-01T15:00:00.000Z',
    timeZone: 'UTC-05:00',
    notes: `${candidateName} prefers mornings`,
  });
  expect(added.statusCode).toBe(201);
  const candidate = added.json<ScreeningCandidate>();
  const recordingSid = sid('RE');
  const [first, second] = await t.database.db
    .insert(phoneCalls)
    .values([
      { candidateId: candidate.id, attempt: 1, provider: 'twilio', providerSid: sid('CA'), status: 'no_answer', conversation: { phase: 'consent', questionIndex: 0, retries: 0 }, transcript: [] },
      {
        candidateId: candidate.id,
        attempt: 2,
        provider: 'twilio',
        providerSid: sid('CA'),
        status: 'completed',
        answeredBy: 'human',
        durationSeconds: 184,
        conversation: { phase: 'ended', questionIndex: 1, retries: 0, ending: 'finished' },
        transcript: [
          { speaker: 'AI', text: 'How many years have you driven?' },
          { speaker: 'Candidate', text: `This is ${candidateName}, six years on regional routes.` },
        ],
        recordingSid,
        recordingUrl: `${mediaUrl}/${recordingSid}`,
        startedAt: new Date('2030-05-01T15:02:00Z'),
        endedAt: new Date('2030-05-01T15:05:04Z'),
      },
    ])
    .returning();
  await t.database.db
    .update(phoneScreeningCandidates)
    .set({
      status: 'completed',
      attempts: 2,
      completedAt: new Date('2030-05-01T15:06:00Z'),
      transcript: { transcript: [{ speaker: 'Candidate', text: `This is ${candidateName}, six years on regional routes.` }] },
      feedback: EVALUATION,
      recordingUrl: `/api/phone-screening/candidates/${candidate.id}/recording`,
    })
    .where(eq(phoneScreeningCandidates.id, candidate.id));
  return { id: candidate.id, screeningId: screening.id, calls: [first!, second!] as const };
}

describe("exporting a phone screening candidate's data", () => {
  it('downloads one ZIP with the row, every call, the transcript, the evaluation, notes, audit entries and the recording from Twilio', async () => {
    const { id, screeningId, calls } = await screenedCandidate(owner, 'CDL Driver', 'Dana Whitfield', '(555) 123-4567');
    expect((await owner.request('PUT', `/api/phone-screening/candidates/${id}/legal-hold`, { hold: true })).statusCode).toBe(200);

    const res = await owner.get(`/api/phone-screening/candidates/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="phone-candidate-${id}-export.zip"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['call-2-recording.mp3', 'candidate.json']);
    expect(Buffer.from(files['call-2-recording.mp3']!)).toEqual(MP3);

    const doc = JSON.parse(text(files, 'candidate.json')) as { calls: unknown[]; auditTrail: { action: string }[] };
    expect(doc).toMatchObject({
      format: 'hireloop-phone-candidate-export-1',
      screening: { id: screeningId, jobTitle: 'CDL Driver' },
      candidate: { id, candidateName: 'Dana Whitfield', countryCode: '+1', phoneNumber: '(555) 123-4567', status: 'completed', attempts: 2, legalHold: true, dataDeletedAt: null },
      notes: 'Dana Whitfield prefers mornings',
      transcript: { transcript: [{ speaker: 'Candidate', text: 'This is Dana Whitfield, six years on regional routes.' }] },
      evaluation: { summary: EVALUATION.summary, overall: 72, criteria: [{ name: 'Customer service', score: 80, evidence: [{ quote: 'I listened to her first' }] }, { name: 'Communication' }] },
      calls: [
        { id: calls[0].id, attempt: 1, status: 'no_answer', providerCallId: calls[0].providerSid, transcript: [], recording: null },
        {
          id: calls[1].id,
          attempt: 2,
          status: 'completed',
          answeredBy: 'human',
          durationSeconds: 184,
          transcript: [{ speaker: 'AI' }, { speaker: 'Candidate', text: 'This is Dana Whitfield, six years on regional routes.' }],
          recording: { file: 'call-2-recording.mp3', providerRecordingId: calls[1].recordingSid },
        },
      ],
    });
    expect(doc.calls).toHaveLength(2);
    expect(doc.auditTrail.map((a) => a.action)).toEqual(['legal_hold_placed']);
    // The call link is a capability: not in the export.
    const [row] = await t.database.db.select({ token: phoneScreeningCandidates.candidateToken }).from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id));
    if (row?.token) expect(text(files, 'candidate.json')).not.toContain(row.token);

    expect(await audits(`phone_candidate:${id}`, 'candidate_data_exported')).toMatchObject([{ actorUserId: expect.any(Number), companyId: expect.any(Number) }]);
    // The export itself shows in the next export's audit trail.
    const again = JSON.parse(text(unzip((await owner.get(`/api/phone-screening/candidates/${id}/export`)).rawPayload), 'candidate.json')) as typeof doc;
    expect(again.auditTrail.map((a) => a.action)).toEqual(['legal_hold_placed', 'candidate_data_exported']);
  });

  it('lists a recording Twilio no longer has instead of failing, and after deletion holds only what remains', async () => {
    const { id, calls } = await screenedCandidate(owner, 'Van Driver', 'Robin Castle', '5550199');
    const missing = `REmissing${'0'.repeat(25)}`;
    await t.database.db.update(phoneCalls).set({ recordingSid: missing, recordingUrl: `${mediaUrl}/${missing}` }).where(eq(phoneCalls.id, calls[1].id));
    const files = unzip((await owner.get(`/api/phone-screening/candidates/${id}/export`)).rawPayload);
    expect(Object.keys(files)).toEqual(['candidate.json']);
    expect(JSON.parse(text(files, 'candidate.json'))).toMatchObject({
      calls: [{ recording: null }, { recording: { file: null, providerRecordingId: missing, notIncluded: 'Twilio no longer has this recording' } }],
    });

    expect((await owner.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'candidate_request' })).statusCode).toBe(200);
    const after = unzip((await owner.get(`/api/phone-screening/candidates/${id}/export`)).rawPayload);
    expect(Object.keys(after)).toEqual(['candidate.json']);
    const remaining = text(after, 'candidate.json');
    expect(remaining).not.toMatch(/Robin|Castle|5550199|mornings|listened/);
    expect(JSON.parse(remaining)).toMatchObject({
      candidate: { candidateName: DELETED_NAME, phoneNumber: '', deletionReason: 'candidate_request' },
      notes: null,
      transcript: null,
      evaluation: { overall: 72, summary: '', criteria: [{ name: 'Customer service', score: 80, evidence: [] }, { name: 'Communication', score: 60 }] },
      calls: [{ transcript: [], recording: null }, { transcript: [], recording: null }],
    });
  });

  it('answers 404 for another company’s or an unknown candidate, 400 for an id that is not one, 401 signed out', async () => {
    const { id } = await screenedCandidate(owner, 'Yard Driver', 'Sam Okafor', '5550142');
    const foreign = await stranger.get(`/api/phone-screening/candidates/${id}/export`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: string }>().error).toBe('Candidate not found');
    expect((await owner.get('/api/phone-screening/candidates/999999/export')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await owner.get(`/api/phone-screening/candidates/${bad}/export`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain('candidateId must be a whole number from 1 to 2147483647');
    }
    expect((await new Agent(t.app).get(`/api/phone-screening/candidates/${id}/export`)).statusCode).toBe(401);
    expect(await audits(`phone_candidate:${id}`, 'candidate_data_exported')).toEqual([]);
  });
});

describe("exporting the company's data", () => {
  const EXPECTED_FILES = [
    'README.txt',
    'company.json',
    'interviews.csv',
    'interviews.json',
    'jobs.csv',
    'jobs.json',
    'phone-screening-candidates.csv',
    'phone-screening-candidates.json',
    'phone-screenings.json',
  ];

  it('holds the jobs, interviews in every state with evaluations and reviews, and screenings, as JSON and CSV; nothing of another company', async () => {
    const company = await sessionUser('export-alpha');
    const stores = await makeJob(alpha, 'Store Associate');
    const support = await makeJob(alpha, 'Support Agent');
    const pending = await invite(alpha, stores.id, '=SUM(A1:A9)', 'pending', 'formula@example.com');
    const started = await invite(alpha, stores.id, 'Ivy Started', 'in_progress');
    const evaluating = await invite(alpha, support.id, 'Eve Waiting', 'evaluating');
    const scored = await invite(alpha, support.id, 'Zoe Park', 'completed');
    const deleted = await invite(alpha, stores.id, 'Gone Person', 'completed');
    const review = await alpha.post(`/api/interview/${scored}/review`, {
      scores: [{ criterion: 'Communication', score: 90, reason: 'Zoe explained it twice, clearly' }],
      decision: 'advance',
      note: 'Strong on policy',
    });
    expect(review.statusCode).toBe(200);
    await t.database.db.insert(feedback).values({ interviewId: scored, userId: company.id, content: 'Zoe was great on the phone', rating: 4 });
    await t.database.db.insert(selfIdentifications).values({ interviewId: scored, sex: 'female', raceEthnicity: 'black_african_american' });
    expect((await alpha.post(`/api/interview/${deleted}/delete-data`, { reason: 'withdrawn' })).statusCode).toBe(200);
    const screened = await screenedCandidate(alpha, 'CDL Driver', 'Dana Export', '5550177');
    const tokens = (await t.database.db.select({ token: interviews.candidateToken }).from(interviews).innerJoin(jobs, eq(jobs.id, interviews.jobId)).where(eq(jobs.companyId, company.companyId))).map((r) => r.token);

    // Another company's data, which must not appear.
    const foreignJob = await makeJob(stranger, 'Beta Secret Role');
    await invite(stranger, foreignJob.id, 'Bob Beta', 'completed');
    await screenedCandidate(stranger, 'Beta Courier', 'Brenda Beta', '5550999');

    const res = await alpha.get('/api/company/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alpha-retail-data-\d{4}-\d\d-\d\d\.zip"$/);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(EXPECTED_FILES);
    const all = everything(files);
    expect(all).not.toMatch(/Beta|Bob|Brenda|5550999/);
    // No candidate link tokens, no self-identification answers, no recordings.
    for (const token of tokens) expect(all).not.toContain(token);
    expect(all).not.toMatch(/black_african_american|raceEthnicity/);
    expect(Object.keys(files).some((name) => /\.(webm|mp3)$/.test(name))).toBe(false);
    // A deleted candidate is its anonymised row only.
    expect(all).not.toMatch(/Gone Person|gone\.person/);

    const readme = text(files, 'README.txt');
    expect(readme).toContain('Alpha Retail: data exported from Hireloop');
    expect(readme).toContain('2 job(s), 5 video interview(s), 1 phone screening(s) and 1 phone screening candidate(s)');
    expect(readme).toMatch(/Recordings\. .*exported one candidate\r\n {2}at a time with "Download all data \(ZIP\)"/);

    expect(JSON.parse(text(files, 'company.json'))).toMatchObject({
      format: 'hireloop-company-export-1',
      exportedBy: 'export-alpha',
      company: { id: company.companyId, name: 'Alpha Retail', retentionDays: 365 },
      counts: { jobs: 2, interviews: 5, phoneScreenings: 1, phoneScreeningCandidates: 1 },
      users: [{ username: 'export-alpha' }],
    });

    const jobList = JSON.parse(text(files, 'jobs.json')) as { id: number }[];
    expect(jobList).toMatchObject([
      { id: stores.id, title: 'Store Associate', questions: ['Tell me about a refund you handled.'], rubric: RUBRIC, createdBy: 'export-alpha' },
      { id: support.id, title: 'Support Agent', rubric: RUBRIC },
    ]);
    const jobsCsv = text(files, 'jobs.csv').split('\r\n');
    expect(jobsCsv[0]).toBe('Job ID,Title,Description,Questions,Rubric,Video Recording,Created,Created By,Interviews');
    expect(jobsCsv[1]).toContain(`${stores.id},Store Associate,Store Associate: helps customers.,1. Tell me about a refund you handled.,Customer service (60%); Communication (40%),yes,`);

    const list = JSON.parse(text(files, 'interviews.json')) as { id: number }[];
    expect(list.map((i) => i.id)).toEqual([pending, started, evaluating, scored, deleted]);
    const byId = new Map(list.map((i) => [i.id, i]));
    expect(byId.get(pending)).toMatchObject({ status: 'pending', candidateName: '=SUM(A1:A9)', jobTitle: 'Store Associate', evaluation: null, decision: null });
    expect(byId.get(started)).toMatchObject({ status: 'in_progress', startedAt: '2026-03-02T10:00:00.000Z' });
    expect(byId.get(evaluating)).toMatchObject({ status: 'evaluating', jobId: support.id });
    expect(byId.get(scored)).toMatchObject({
      candidateName: 'Zoe Park',
      email: 'zoe.park@example.com',
      status: 'completed',
      transcript: { transcript: [{ speaker: 'AI' }, { speaker: 'Candidate', text: 'I am Zoe Park and I listened to her first.' }] },
      evaluation: { summary: EVALUATION.summary, overall: 72 },
      scores: { overall: 84, aiOverall: 72, adjustedByReviewer: true, criteria: [{ name: 'Customer service', score: 80 }, { name: 'Communication', score: 90, aiScore: 60, adjusted: true }] },
      decision: 'advance',
      reviews: [
        { kind: 'score', criterion: 'Communication', fromScore: 60, toScore: 90, reason: 'Zoe explained it twice, clearly', by: 'export-alpha' },
        { kind: 'decision', decision: 'advance', reason: 'Strong on policy', by: 'export-alpha' },
      ],
      notes: [{ content: 'Zoe was great on the phone', rating: 4, by: 'export-alpha' }],
      recording: { segments: 1, bytes: 1234, included: false },
    });
    expect(byId.get(deleted)).toMatchObject({
      candidateName: DELETED_NAME,
      email: '',
      transcript: null,
      deletionReason: 'withdrawn',
      evaluation: { overall: 72, summary: '' },
      notes: [],
      recording: { segments: 0 },
    });

    const rows = text(files, 'interviews.csv').trimEnd().split('\r\n');
    expect(rows[0]).toBe(
      'Interview ID,Job ID,Job,Candidate Name,Email,Status,Invited,Started,Completed,Overall Score,AI Overall Score,Adjusted by Reviewer,Customer service,Communication,Decision,Legal Hold,Data Deleted,Deletion Reason',
    );
    expect(rows).toHaveLength(6);
    // A name starting with = is shown as text, not run as a formula.
    expect(rows[1]).toMatch(new RegExp(`^${pending},${stores.id},Store Associate,'=SUM\\(A1:A9\\),formula@example.com,pending,`));
    expect(rows[4]).toMatch(new RegExp(`^${scored},${support.id},Support Agent,Zoe Park,zoe.park@example.com,completed,[^,]+,2026-03-02T10:00:00.000Z,2026-03-02T10:20:00.000Z,84,72,yes,80,90,advance,no,,$`));
    expect(rows[5]).toMatch(new RegExp(`^${deleted},${stores.id},Store Associate,${DELETED_NAME},,completed,.*,72,72,no,80,60,,no,\\d{4}-[^,]+,withdrawn$`));

    expect(JSON.parse(text(files, 'phone-screenings.json'))).toMatchObject([{ id: screened.screeningId, jobTitle: 'CDL Driver', agentName: 'Alex' }]);
    expect(JSON.parse(text(files, 'phone-screening-candidates.json'))).toMatchObject([
      {
        id: screened.id,
        candidateName: 'Dana Export',
        phoneNumber: '5550177',
        status: 'completed',
        notes: 'Dana Export prefers mornings',
        evaluation: { overall: 72 },
        calls: [
          { attempt: 1, status: 'no_answer', recording: { kept: false, included: false } },
          { attempt: 2, status: 'completed', durationSeconds: 184, transcript: [{ speaker: 'AI' }, { speaker: 'Candidate' }], recording: { kept: true, included: false } },
        ],
      },
    ]);
    const phoneRows = text(files, 'phone-screening-candidates.csv').trimEnd().split('\r\n');
    expect(phoneRows).toHaveLength(2);
    // '+1' starts with +, so it is written as text ('+1), like every cell a spreadsheet could run.
    expect(phoneRows[1]).toMatch(new RegExp(`^${screened.id},${screened.screeningId},CDL Driver,Dana Export,'\\+1,5550177,2030-05-01T15:00:00.000Z,UTC-05:00,completed,,2,72,`));

    expect(await audits(null, 'company_data_exported', company.companyId)).toMatchObject([
      { actorUserId: company.id, subject: null, details: { jobs: 2, interviews: 5, phoneScreenings: 1, phoneCandidates: 1 } },
    ]);

    // The other company's own export holds its data and none of this one's.
    const theirs = everything(unzip((await stranger.get('/api/company/export')).rawPayload));
    expect(theirs).toContain('Beta Secret Role');
    expect(theirs).toContain('Brenda Beta');
    expect(theirs).not.toMatch(/Alpha Retail|Zoe Park|Store Associate|Dana Export/);
  });

  it('answers 401 signed out, and one export at a time per company: a second while the first is still downloading gets 409', async () => {
    expect((await new Agent(t.app).get('/api/company/export')).statusCode).toBe(401);
    // An interview with a long transcript (random hex, so it stays large once deflated): the archive is
    // then far larger than any buffer on the way, and a download nobody reads holds its producer.
    const job = await makeJob(stranger, 'Beta Archivist');
    const long = await invite(stranger, job.id, 'Long Talker', 'completed');
    await t.database.db.update(interviews).set({ transcript: { transcript: [{ speaker: 'Candidate', text: randomBytes(4_000_000).toString('hex') }] } }).where(eq(interviews.id, long));
    // The first export, read by nobody yet: its producer waits for the reader (back-pressure), so it
    // is still under way, deterministically, while the second request comes in.
    const first = await exportCompany(t.database.db, await sessionUser('export-stranger'));
    const second = await stranger.get('/api/company/export');
    expect(second.statusCode).toBe(409);
    expect(second.json<{ error: string }>().error).toBe(EXPORT_IN_PROGRESS);
    // Another company is not held up.
    expect((await alpha.get('/api/company/export')).statusCode).toBe(200);

    // The first download is read to its end: a whole archive, and the next export may start.
    const archive = Buffer.concat((await first.stream.toArray()) as Buffer[]);
    const files = unzip(archive);
    expect(Object.keys(files).sort()).toEqual(EXPECTED_FILES);
    expect(text(files, 'interviews.json')).toContain('Long Talker');
    expect((await stranger.get('/api/company/export')).statusCode).toBe(200);

    // A download the browser abandons half-way frees the company's turn too (Fastify destroys the
    // stream of a response whose connection closed; here the stream is closed the same way).
    const abandoned = await exportCompany(t.database.db, await sessionUser('export-stranger'));
    await once(abandoned.stream, 'data');
    abandoned.stream.destroy();
    await waitFor('the abandoned export to end', async () => ((await stranger.get('/api/company/export')).statusCode === 200 ? true : undefined));
  });
});
