import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateInterview, CreatedInterview, InterviewListItem } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import { auditLog, emails, interviews, jobs, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { INVITATIONS_PER_HOUR } from './invitations.service';

// Candidate links that expire, can be sent again, and stop at a closed job (issue 16, decision 030),
// on the app's clock, which these tests move (sessions are allowed to last the whole journey).

const DAY = 24 * 60 * 60 * 1000;
const JOB_CLOSED = { error: 'This job is closed. Reopen it to invite candidates.', code: 'JOB_CLOSED' };

let smtp: TestSmtp;
let t: TestApp;
let now = new Date();
let owner: Agent;
let job: Job;
const travel = (ms: number) => (now = new Date(now.getTime() + ms));

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com', SESSION_IDLE_MINUTES: String(30 * 24 * 60), SESSION_MAX_DAYS: '90' },
    { clock: () => now },
  );
  owner = new Agent(t.app);
  // The install's first account: approved, the owner of Acme Stores. Its username is its address.
  expect((await owner.register('jane@acme.example', 'Acme Stores')).statusCode).toBe(201);
  job = (await owner.post('/api/job', { title: 'Store Manager', description: 'Run a store.' })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const newInterview = async (jobId = job.id, name = 'Robin Park') => {
  const res = await owner.post(`/api/job/${jobId}/interview`, { candidateName: name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` });
  expect(res.statusCode).toBe(201);
  const created = res.json<CreatedInterview>();
  return { ...created, token: new URL(created.candidateLink).searchParams.get('token')! };
};
const asCandidate = (method: 'GET' | 'POST', url: string, token: string) => t.app.inject({ method, url, headers: { 'x-candidate-token': token } });
const candidateView = async (iv: { id: number; token: string }) => (await asCandidate('GET', `/api/interview/${iv.id}`, iv.token)).json<CandidateInterview>();
const listed = async (id: number, jobId = job.id) => (await owner.get(`/api/job/${jobId}/interview`)).json<InterviewListItem[]>().find((i) => i.id === id)!;
const invite = (iv: { id: number; candidateName: string; email: string }, jobId = job.id) =>
  owner.post('/api/send-candidate-emails', { subject: 'Your interview at {{companyName}}', body: 'Hello {{candidateName}}, start here: {{candidateLink}}', candidates: [{ name: iv.candidateName, email: iv.email, jobId, interviewId: iv.id }] });
/**
 * The invitations `address` received. The app's own reminder sweep (queued at start) may run after the
 * clock has moved weeks ahead, when any invitation looks old enough for its reminder: those are not counted.
 */
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address && !m.subject?.startsWith('Reminder:'));

describe('a link that expires', () => {
  it('is valid for the company’s days from creation, says so, and once expired refuses to start with whom to contact', async () => {
    const created = now;
    const iv = await newInterview();
    const expiresAt = new Date(created.getTime() + 14 * DAY).toISOString();
    expect(iv).toMatchObject({ linkExpiresAt: expiresAt, linkExpired: false });
    expect(await candidateView(iv)).toEqual({ id: iv.id, jobId: job.id, candidateName: 'Robin Park', status: 'pending', availability: 'open', linkExpiresAt: expiresAt, contact: null, answerTranscription: false });

    travel(14 * DAY + 1000);
    expect(await listed(iv.id)).toMatchObject({ linkExpiresAt: expiresAt, linkExpired: true });
    expect(await candidateView(iv)).toMatchObject({ availability: 'link_expired', linkExpiresAt: expiresAt, contact: { companyName: 'Acme Stores', email: 'jane@acme.example' } });
    await giveConsent(t.app, iv.id, iv.token);
    const start = await asCandidate('POST', `/api/interview/${iv.id}/start`, iv.token);
    expect(start.statusCode).toBe(410);
    expect(start.json()).toEqual({
      error: `This interview link expired on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(expiresAt))} UTC. Contact Acme Stores (jane@acme.example) for a new link.`,
      code: 'LINK_NO_LONGER_VALID',
      details: { reason: 'expired' },
    });
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row).toMatchObject({ status: 'pending', startedAt: null });
  });

  it('names the company alone when no address is known, and the last sender’s address once someone invited', async () => {
    const [company] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'jane@acme.example'));
    const other = await makeMember(t.database.db, company!.companyId, 'owner', { username: 'sam-owner' });
    const theirJob = (await t.database.db.insert(jobs).values({ companyId: company!.companyId, userId: other.user.id, title: 'Cashier', description: 'Tills.', questions: ['Why retail?'] }).returning())[0]!;
    const iv = await newInterview(theirJob.id, 'Casey Diaz');
    travel(15 * DAY);
    expect((await candidateView(iv)).contact).toEqual({ companyName: 'Acme Stores', email: null });
    const start = await asCandidate('POST', `/api/interview/${iv.id}/start`, iv.token);
    expect(start.json<{ error: string }>().error).toMatch(/\. Contact Acme Stores for a new link\.$/);

    // Jane resends it: the candidate now knows whom to ask.
    expect((await owner.post(`/api/interview/${iv.id}/resend`)).statusCode).toBe(200);
    travel(15 * DAY);
    expect((await candidateView(iv)).contact).toEqual({ companyName: 'Acme Stores', email: 'jane@acme.example' });
  });

  it('never cuts off an interview in progress: it is answered and submitted after the date', async () => {
    const iv = await newInterview(job.id, 'Alex Kim');
    await giveConsent(t.app, iv.id, iv.token);
    expect((await asCandidate('POST', `/api/interview/${iv.id}/start`, iv.token)).statusCode).toBe(200);
    travel(20 * DAY);
    expect(await candidateView(iv)).toMatchObject({ status: 'in_progress', availability: 'open', linkExpiresAt: null });
    expect((await asCandidate('POST', `/api/interview/${iv.id}/start`, iv.token)).statusCode).toBe(200);
    expect((await asCandidate('POST', `/api/interview/${iv.id}/heartbeat`, iv.token)).statusCode).toBe(204);
    expect(await submitByMultipart(iv)).toBe(200);
    expect(await listed(iv.id)).toMatchObject({ status: 'evaluating', linkExpiresAt: null, linkExpired: false });
  });
});

describe('resending the invitation', () => {
  it('sends the same invitation again with a new date, moves the expiry to now + the company’s days, and audits it', async () => {
    const iv = await newInterview(job.id, 'Morgan Lee');
    const sentBefore = smtp.messages.length;
    expect((await invite(iv)).json()).toMatchObject({ sent: 1 });
    await smtp.waitFor(sentBefore + 1);
    // Other mail goes too (the team's notifications, a reminder): the candidate's invitation is what counts.
    const first = mailsTo('morgan@example.com');
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe('Your interview at Acme Stores');
    expect(first[0]!.text).toContain(`Your interview link is valid until`);

    travel(20 * DAY);
    expect((await candidateView(iv)).availability).toBe('link_expired');
    const before = mailsTo('morgan@example.com').length;
    const resentBefore = smtp.messages.length;
    const res = await owner.post(`/api/interview/${iv.id}/resend`);
    expect(res.statusCode).toBe(200);
    const expiresAt = new Date(now.getTime() + 14 * DAY);
    expect(res.json()).toEqual({ status: 'sent', linkExpiresAt: expiresAt.toISOString() });
    await smtp.waitFor(resentBefore + 1);
    const again = mailsTo('morgan@example.com').slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]!.subject).toBe('Your interview at Acme Stores');
    const text = again[0]!.text!.replace(/\r\n/g, '\n');
    expect(text.startsWith(`Hello Morgan Lee, start here: ${iv.candidateLink}\n\nYour interview link is valid until ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(expiresAt)} UTC.\n\nAbout this interview\n`)).toBe(true);
    expect(text.match(/valid until/g)).toHaveLength(1);

    expect(await candidateView(iv)).toMatchObject({ availability: 'open', linkExpiresAt: expiresAt.toISOString() });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'candidate_invitation_resent'), eq(auditLog.subject, `interview:${iv.id}`)));
    expect(entry).toMatchObject({ details: { days: 14 } });
  });

  it('uses the default invitation when none was sent, and the company’s current number of days', async () => {
    expect((await owner.request('PATCH', '/api/company/settings', { candidateLinkDays: 5 })).statusCode).toBe(200);
    const iv = await newInterview(job.id, 'Drew Fox');
    expect(iv.linkExpiresAt).toBe(new Date(now.getTime() + 5 * DAY).toISOString());
    const before = mailsTo('drew@example.com').length;
    const sentBefore = smtp.messages.length;
    const res = await owner.post(`/api/interview/${iv.id}/resend`);
    expect(res.json()).toMatchObject({ status: 'sent', linkExpiresAt: new Date(now.getTime() + 5 * DAY).toISOString() });
    await smtp.waitFor(sentBefore + 1);
    const [mail] = mailsTo('drew@example.com').slice(before);
    expect(mail!.subject).toBe('Interview Invitation for Store Manager at Acme Stores');
    expect(mail!.text).toContain('Hi Drew Fox,');
    expect((await owner.request('PATCH', '/api/company/settings', { candidateLinkDays: 14 })).statusCode).toBe(200);
  });

  it('is refused for a submitted interview, another company’s, a viewer, and beyond the hourly limit', async () => {
    const submitted = await newInterview(job.id, 'Jo Done');
    await t.database.db.update(interviews).set({ status: 'completed' }).where(eq(interviews.id, submitted.id));
    expect((await owner.post(`/api/interview/${submitted.id}/resend`)).json()).toEqual({ error: 'This interview has already been submitted, so its invitation cannot be sent again', code: 'INTERVIEW_SUBMITTED' });

    const stranger = new Agent(t.app);
    await stranger.register('stranger-co');
    const iv = await newInterview(job.id, 'Pat Quinn');
    expect((await stranger.post(`/api/interview/${iv.id}/resend`)).statusCode).toBe(404);

    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'jane@acme.example'));
    const viewer = await makeMember(t.database.db, me!.companyId, 'viewer');
    const asViewer = new Agent(t.app);
    expect((await asViewer.post('/api/login', { username: viewer.username, password: viewer.password })).statusCode).toBe(200);
    const refused = await asViewer.post(`/api/interview/${iv.id}/resend`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    // The list shows a viewer the link's state too.
    expect((await asViewer.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>().find((i) => i.id === iv.id)).toMatchObject({ linkExpired: false });

    const sender = await makeMember(t.database.db, me!.companyId, 'recruiter');
    const asSender = new Agent(t.app);
    expect((await asSender.post('/api/login', { username: sender.username, password: sender.password })).statusCode).toBe(200);
    await t.database.db.insert(emails).values(
      Array.from({ length: INVITATIONS_PER_HOUR }, () => ({ kind: 'invitation', toAddress: 'x@example.com', subject: 's', body: 'b', status: 'sent' as const, userId: sender.user.id })),
    );
    const limited = await asSender.post(`/api/interview/${iv.id}/resend`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toBe(`You can send at most ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`);
  });
});

describe('a closed job', () => {
  it('takes no new candidates or invitations, and its pending links say the position is closed', async () => {
    const pending = await newInterview(job.id, 'Lee Chan');
    const started = await newInterview(job.id, 'Ari Stone');
    await giveConsent(t.app, started.id, started.token);
    expect((await asCandidate('POST', `/api/interview/${started.id}/start`, started.token)).statusCode).toBe(200);
    await giveConsent(t.app, pending.id, pending.token);
    await t.database.db.update(jobs).set({ closedAt: now }).where(eq(jobs.id, job.id));

    const create = await owner.post(`/api/job/${job.id}/interview`, { candidateName: 'Too Late', email: 'late@example.com' });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual(JOB_CLOSED);
    expect((await invite(pending)).json()).toEqual(JOB_CLOSED);
    expect((await owner.post(`/api/interview/${pending.id}/resend`)).json()).toEqual(JOB_CLOSED);

    expect(await candidateView(pending)).toMatchObject({ availability: 'job_closed', contact: { companyName: 'Acme Stores', email: 'jane@acme.example' } });
    const start = await asCandidate('POST', `/api/interview/${pending.id}/start`, pending.token);
    expect(start.statusCode).toBe(410);
    expect(start.json()).toEqual({ error: 'This position is closed. Contact Acme Stores (jane@acme.example) with any questions.', code: 'LINK_NO_LONGER_VALID', details: { reason: 'job_closed' } });

    // The one already under way is finished and handed in; nothing is lost.
    expect(await candidateView(started)).toMatchObject({ status: 'in_progress', availability: 'open' });
    expect(await submitByMultipart(started)).toBe(200);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, started.id));
    expect(row).toMatchObject({ status: 'evaluating' });
    await t.database.db.update(jobs).set({ closedAt: null }).where(eq(jobs.id, job.id));
  });
});

describe('the company setting', () => {
  it('is read by every member, changed by owners only, within 1 to 90 days, and audited', async () => {
    expect((await owner.get('/api/company/settings')).json()).toMatchObject({ candidateLinkDays: 14 });
    for (const candidateLinkDays of [0, 91, 2.5, 'two weeks']) {
      const bad = await owner.request('PATCH', '/api/company/settings', { candidateLinkDays });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'candidateLinkDays: Keep candidate links valid between 1 and 90 days', code: 'VALIDATION_FAILED' });
    }
    expect((await owner.request('PATCH', '/api/company/settings', {})).statusCode).toBe(400);
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'jane@acme.example'));
    const recruiter = await makeMember(t.database.db, me!.companyId, 'recruiter');
    const asRecruiter = new Agent(t.app);
    expect((await asRecruiter.post('/api/login', { username: recruiter.username, password: recruiter.password })).statusCode).toBe(200);
    expect((await asRecruiter.get('/api/company/settings')).json()).toMatchObject({ candidateLinkDays: 14 });
    expect((await asRecruiter.request('PATCH', '/api/company/settings', { candidateLinkDays: 30 })).statusCode).toBe(403);

    const before = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'candidate_link_days_changed'))).length;
    const saved = await owner.request('PATCH', '/api/company/settings', { candidateLinkDays: 30 });
    expect(saved.json()).toMatchObject({ candidateLinkDays: 30 });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'candidate_link_days_changed'));
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ details: { from: 14, to: 30 } });
    expect((await newInterview(job.id, 'Val Green')).linkExpiresAt).toBe(new Date(now.getTime() + 30 * DAY).toISOString());
    expect((await owner.request('PATCH', '/api/company/settings', { candidateLinkDays: 14 })).statusCode).toBe(200);
  });
});

/** The candidate hands in a (tiny) recording and transcript through the spec's one-shot upload. */
async function submitByMultipart(iv: { id: number; token: string }): Promise<number> {
  const boundary = `----hireloop${randomBytes(8).toString('hex')}`;
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(2000)]);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="transcript"\r\n\r\n${JSON.stringify([{ speaker: 'Candidate', text: 'My answer.' }])}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: video/webm\r\n\r\n`),
    webm,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/interview/${iv.id}/recording`,
    headers: { 'x-candidate-token': iv.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.statusCode;
}
