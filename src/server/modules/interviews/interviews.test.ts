import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview, InterviewListItem, SendEmailsResult } from '../../../contracts/interviews';
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import { emails, interviews, jobs, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

let smtp: TestSmtp;
let t: TestApp;
let operator: Agent;
let a: Agent;
let b: Agent;
let jobA: Job;

async function approve(username: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.username, username));
  expect((await operator.post(`/api/admin/accounts/${u!.id}/approve`)).statusCode).toBe(200);
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' });
  operator = new Agent(t.app);
  await operator.register('operator');
  a = new Agent(t.app);
  await a.register('recruiter-a', 'Alpha Retail');
  await approve('recruiter-a');
  b = new Agent(t.app);
  await b.register('recruiter-b', 'Beta Logistics');
  jobA = (await a.post('/api/job', { title: 'Store Manager', description: 'Lead a retail store team, cash handling and merchandising.' })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const createInterview = async (agent: Agent, jobId: number, candidateName = 'Jordan Lee', email = 'jordan@example.com') => {
  const res = await agent.post(`/api/job/${jobId}/interview`, { candidateName, email, jobId, videoRecording: true, scheduledFor: new Date().toISOString() });
  expect(res.statusCode).toBe(201);
  return res.json<CreatedInterview>();
};

describe('creating interviews', () => {
  it('creates a pending interview with a capability link and a room, and counts it on the job', async () => {
    const created = await createInterview(a, jobA.id);
    expect(created).toMatchObject({ candidateName: 'Jordan Lee', email: 'jordan@example.com', status: 'pending', emailSent: false, isActive: false, overallScore: null });
    expect(created.roomName).toMatch(/^interview-\d+-[0-9a-f]{8}$/);
    expect(created.candidateLink).toMatch(new RegExp(`^https://hire\\.example\\.com/interview/${created.id}\\?token=[A-Za-z0-9_-]{32}$`));
    expect(created.roomUrl).toBe(created.candidateLink);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, jobA.id));
    expect(job?.numOfInterviews).toBe(1);
    expect(job?.lastActivity).toBeInstanceOf(Date);
    const list = (await a.get(`/api/job/${jobA.id}/interview`)).json<InterviewListItem[]>();
    expect(list[0]).toMatchObject({ id: created.id, candidateLink: created.candidateLink });
  });

  it('validates the candidate name and email', async () => {
    const res = await a.post(`/api/job/${jobA.id}/interview`, { candidateName: '', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('candidateName: Candidate name is required; email: Please enter a valid email address');
    const mismatch = await a.post(`/api/job/${jobA.id}/interview`, { candidateName: 'X', email: 'x@example.com', jobId: jobA.id + 1000 });
    expect(mismatch.statusCode).toBe(400);
  });

  it('lets an account awaiting approval prepare interviews', async () => {
    const job = (await b.post('/api/job', { title: 'Driver', description: 'CDL A, regional.' })).json<Job>();
    await createInterview(b, job.id, 'Pat Kim', 'pat@example.com');
  });
});

describe('interview access', () => {
  it('gives the owner the full view, other companies 404, and the candidate link only its narrow view', async () => {
    const created = await createInterview(a, jobA.id, 'Casey Diaz', 'casey@example.com');
    const owner = await a.get(`/api/interview/${created.id}`);
    expect(owner.json()).toMatchObject({ candidateName: 'Casey Diaz', email: 'casey@example.com', status: 'pending', jobId: jobA.id, feedback: null, transcript: null });
    expect((await b.get(`/api/interview/${created.id}`)).statusCode).toBe(404);

    const token = new URL(created.candidateLink).searchParams.get('token')!;
    const asCandidate = await t.app.inject({ method: 'GET', url: `/api/interview/${created.id}?token=${token}` });
    expect(asCandidate.json()).toEqual({ id: created.id, jobId: jobA.id, candidateName: 'Casey Diaz', status: 'pending', availability: 'open', linkExpiresAt: created.linkExpiresAt, contact: null, answerTranscription: false });
    const header = await t.app.inject({ method: 'GET', url: `/api/interview/${created.id}`, headers: { 'x-candidate-token': token } });
    expect(header.statusCode).toBe(200);
    const candidateJob = await t.app.inject({ method: 'GET', url: `/api/job/${jobA.id}?token=${token}` });
    expect(Object.keys(candidateJob.json<object>()).sort()).toEqual(['answering', 'id', 'questions', 'title', 'videoRecording']);
    expect(candidateJob.body).not.toContain('rubric');

    // The token opens its own interview only.
    const other = await createInterview(a, jobA.id, 'Other Person', 'other@example.com');
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${other.id}?token=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/job/${jobA.id + 999}?token=${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${created.id}?token=wrong` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${created.id}` })).statusCode).toBe(401);
  });

  it('shows the overall score of a completed interview in the list', async () => {
    const created = await createInterview(a, jobA.id, 'Done Deal', 'done@example.com');
    await t.database.db.update(interviews).set({ status: 'completed', feedback: { summary: 'Good', overall: 82, criteria: [], insufficientEvidence: false, biasFlags: [] } }).where(eq(interviews.id, created.id));
    const list = (await a.get(`/api/job/${jobA.id}/interview`)).json<InterviewListItem[]>();
    expect(list.find((i) => i.id === created.id)?.overallScore).toBe(82);
  });
});

describe('reviewed scores in the list', () => {
  const feedback = {
    summary: 'Solid answers.',
    overall: 70,
    criteria: [
      { name: 'Customer service', weight: 60, score: 80, feedback: 'Good', evidence: [] },
      { name: 'Communication', weight: 40, score: 55, feedback: 'Mixed', evidence: [] },
    ],
    insufficientEvidence: false,
    biasFlags: [],
  };
  const completed = async (agent: Agent, jobId: number, name: string) => {
    const created = await createInterview(agent, jobId, name, `${name.toLowerCase().replace(/\s/g, '.')}@example.com`);
    await t.database.db.update(interviews).set({ status: 'completed', feedback }).where(eq(interviews.id, created.id));
    return created;
  };

  it("shows the reviewer's overall, marked as adjusted with the AI's beside it; another company's reviews change nothing", async () => {
    const job = (await a.post('/api/job', { title: 'Shift Lead', description: 'Lead the evening shift.' })).json<Job>();
    const reviewed = await completed(a, job.id, 'Rev Iewed');
    const untouched = await completed(a, job.id, 'Un Touched');
    const pending = await createInterview(a, job.id, 'Not Yet', 'not.yet@example.com');
    const change = await a.post(`/api/interview/${reviewed.id}/review`, { scores: [{ criterion: 'Communication', score: 75, reason: 'Clear in the recording.' }] });
    expect(change.statusCode).toBe(200);

    // Another company reviews its own interview with the same rubric, far lower.
    const bJob = (await b.post('/api/job', { title: 'Shift Lead', description: 'Lead the night shift.' })).json<Job>();
    const theirs = await completed(b, bJob.id, 'Their Pick');
    expect((await b.post(`/api/interview/${theirs.id}/review`, { scores: [{ criterion: 'Customer service', score: 5, reason: 'Rude on the phone.' }] })).statusCode).toBe(200);

    const res = await a.get(`/api/job/${job.id}/interview`);
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json<InterviewListItem[]>().map((i) => [i.id, i]));
    expect(byId.get(reviewed.id)).toMatchObject({ overallScore: Math.round(80 * 0.6 + 75 * 0.4), aiOverallScore: 70, scoreAdjusted: true });
    expect(byId.get(untouched.id)).toMatchObject({ overallScore: 70, aiOverallScore: 70, scoreAdjusted: false });
    expect(byId.get(pending.id)).toMatchObject({ overallScore: null, aiOverallScore: null, scoreAdjusted: false });

    const theirList = (await b.get(`/api/job/${bJob.id}/interview`)).json<InterviewListItem[]>();
    expect(theirList[0]).toMatchObject({ id: theirs.id, overallScore: Math.round(5 * 0.6 + 55 * 0.4), aiOverallScore: 70, scoreAdjusted: true });
  });
});

describe('invitation emails', () => {
  it('renders the template per candidate with the server\'s own link, delivers over SMTP and sets emailSent', async () => {
    const one = await createInterview(a, jobA.id, 'Robin Park', 'robin@example.com');
    const two = await createInterview(a, jobA.id, 'Sky Chen', 'sky@example.com');
    const before = smtp.messages.length;
    const res = await a.post('/api/send-candidate-emails', {
      subject: DEFAULT_EMAIL_SUBJECT,
      body: DEFAULT_EMAIL_BODY,
      candidates: [
        { name: 'Robin Park', email: 'robin@example.com', jobTitle: 'x', companyName: 'x', candidateLink: 'https://evil.example/phish', jobId: jobA.id, interviewId: one.id },
        { name: 'Sky Chen', email: 'SKY@example.com', jobTitle: 'x', companyName: 'x', candidateLink: 'https://evil.example/phish', jobId: jobA.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SendEmailsResult>()).toMatchObject({ sent: 2, outbox: 0, failed: 0 });
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const robin = mails.find((m) => m.text?.includes('Hi Robin Park'))!;
    expect(robin.subject).toBe('Interview Invitation for Store Manager at Alpha Retail');
    expect(robin.text).toContain(one.candidateLink);
    expect(robin.text).not.toContain('evil.example');
    expect(mails.some((m) => m.text?.includes(two.candidateLink))).toBe(true);
    const list = (await a.get(`/api/job/${jobA.id}/interview`)).json<InterviewListItem[]>();
    expect(list.filter((i) => i.emailSent).map((i) => i.id).sort()).toEqual([one.id, two.id].sort());
  });

  it('refuses any recipient that is not a candidate of the user\'s own jobs, and sends nothing', async () => {
    const mine = await createInterview(a, jobA.id, 'Real Candidate', 'real@example.com');
    const bJob = (await b.post('/api/job', { title: 'Dispatcher', description: 'Dispatch trucks.' })).json<Job>();
    const theirs = await createInterview(b, bJob.id, 'Their Candidate', 'theirs@example.com');
    const count = async () => (await t.database.db.select().from(emails)).length;
    const before = await count();
    for (const candidate of [
      { name: 'Stranger', email: 'stranger@example.com', jobId: jobA.id },
      { name: 'Their Candidate', email: 'theirs@example.com', jobId: bJob.id, interviewId: theirs.id },
      { name: 'Mismatch', email: 'real@example.com', jobId: bJob.id, interviewId: mine.id },
    ]) {
      const res = await a.post('/api/send-candidate-emails', { subject: 'Hi', body: 'Hello', candidates: [{ name: 'Real Candidate', email: 'real@example.com', jobId: jobA.id, interviewId: mine.id }, candidate] });
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it('answers 403 to an account awaiting approval and sends nothing', async () => {
    const bJob = (await b.post('/api/job', { title: 'Loader', description: 'Load trucks.' })).json<Job>();
    const theirs = await createInterview(b, bJob.id, 'Waiting Person', 'waiting@example.com');
    const res = await b.post('/api/send-candidate-emails', { subject: 'Hi', body: 'Hello', candidates: [{ name: 'W', email: 'waiting@example.com', jobId: bJob.id, interviewId: theirs.id }] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is awaiting approval', code: 'NOT_APPROVED' });
    expect(await t.database.db.select().from(emails).where(eq(emails.toAddress, 'waiting@example.com'))).toEqual([]);
  });

  it('validates subject, body and recipients', async () => {
    const blank = await a.post('/api/send-candidate-emails', { subject: ' ', body: 'x', candidates: [{ name: 'a', email: 'a@b.co', jobId: jobA.id }] });
    expect(blank.json<{ error: string }>().error).toBe('subject: Subject and body are required.');
    const none = await a.post('/api/send-candidate-emails', { subject: 'x', body: 'y', candidates: [] });
    expect(none.json<{ error: string }>().error).toBe('candidates: Please select at least one candidate to send emails.');
  });

  it('keeps mail in the outbox, without setting emailSent, when no SMTP server is configured', async () => {
    const local = await createTestApp();
    try {
      const op = new Agent(local.app);
      await op.register('solo-operator', 'Solo Co');
      const job = (await op.post('/api/job', { title: 'Cook', description: 'Line cook.' })).json<Job>();
      const created = (await op.post(`/api/job/${job.id}/interview`, { candidateName: 'Ana', email: 'ana@example.com' })).json<CreatedInterview>();
      const res = await op.post('/api/send-candidate-emails', { subject: 'Hi {{candidateName}}', body: 'Link: {{candidateLink}}', candidates: [{ name: 'Ana', email: 'ana@example.com', jobId: job.id, interviewId: created.id }] });
      expect(res.json<SendEmailsResult>()).toMatchObject({ sent: 0, outbox: 1, failed: 0 });
      const outbox = (await op.get('/api/admin/outbox')).json<{ subject: string; body: string; status: string }[]>();
      // The recruiter's text, until when the link works (decision 030), then the notice every invitation ends with (decision 025).
      expect(outbox[0]).toMatchObject({ subject: 'Hi Ana', status: 'outbox' });
      const body = outbox[0]!.body;
      expect(body.startsWith(`Link: ${created.candidateLink}\n\nYour interview link is valid until `)).toBe(true);
      expect(body).toContain(' UTC.\n\nAbout this interview\nAn AI interviewer conducts this interview');
      expect((await op.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>()[0]?.emailSent).toBe(false);
    } finally {
      await local.close();
    }
  });
});
