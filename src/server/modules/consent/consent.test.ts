import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlternativeRequest, AlternativeRequestItem, CandidateNoticeView, ConsentRecord, InterviewConsentView } from '../../../contracts/consent';
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT, type CreatedInterview, type InterviewListItem, type SendEmailsResult } from '../../../contracts/interviews';
import type { AuditLogPage } from '../../../contracts/audit';
import type { Job } from '../../../contracts/jobs';
import { alternativeRequests, interviewConsents, interviews } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { CONSENT_REQUIRED, NOTICE_CHANGED } from './consent.service';
import { NOTICE_VERSION } from './notice';

const RUBRIC = [
  { name: 'Food safety', description: 'Knows safe handling and storage.', weight: 50 },
  { name: 'Teamwork', description: 'Works well on a busy line.', weight: 30 },
  { name: 'Speed under pressure', description: 'Keeps pace at rush hour.', weight: 20 },
];

let t: TestApp;
let smtp: TestSmtp;
let recruiter: Agent;
let stranger: Agent;
let job: Job;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' });
  // The first account is the approved operator; its username is an email address, so it can be notified.
  recruiter = new Agent(t.app);
  expect((await recruiter.register('hr@bistro.example', 'Bistro Group')).statusCode).toBe(201);
  stranger = new Agent(t.app);
  await stranger.register('other-company', 'Other Co');
  job = (await recruiter.post('/api/job', { title: 'Line Cook', description: 'Prepares dishes on the line.', questions: ['How do you keep your station clean?'], rubric: RUBRIC })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function newInterview(name = 'Grace Hopper', email = 'grace@example.com') {
  const created = (await recruiter.post(`/api/job/${job.id}/interview`, { candidateName: name, email })).json<CreatedInterview>();
  return { ...created, token: new URL(created.candidateLink).searchParams.get('token')! };
}
type Iv = Awaited<ReturnType<typeof newInterview>>;

const asCandidate = (iv: Iv, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: { 'x-candidate-token': iv.token }, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const consent = (iv: Iv, noticeVersion: unknown = NOTICE_VERSION) => asCandidate(iv, 'POST', `/api/interview/${iv.id}/consent`, { noticeVersion });
const start = (iv: Iv) => asCandidate(iv, 'POST', `/api/interview/${iv.id}/start`);
const ask = (iv: Iv, body: unknown) => asCandidate(iv, 'POST', `/api/interview/${iv.id}/alternative-requests`, body);

describe('the notice', () => {
  it('tells the candidate an AI interviews and scores them, on the job\'s criteria, kept for the retention period, and how to ask for an alternative', async () => {
    await recruiter.request('PATCH', '/api/company/settings', { retentionDays: 180 });
    const iv = await newInterview();
    const res = await asCandidate(iv, 'GET', `/api/interview/${iv.id}/notice`);
    expect(res.statusCode).toBe(200);
    const view = res.json<CandidateNoticeView>();
    expect(view).toMatchObject({ consent: null, alternativeRequests: [] });
    expect(view.notice.version).toBe(NOTICE_VERSION);
    expect(view.notice.title).toBe('About this AI interview');
    const section = (heading: string) => view.notice.sections.find((s) => s.heading === heading)?.text ?? '';
    expect(view.notice.sections.map((s) => s.heading)).toEqual([
      'An AI interviews you',
      'What the AI evaluates',
      'The recording',
      'Who sees it',
      'How long it is kept',
      'If you prefer another way',
    ]);
    expect(section('An AI interviews you')).toContain('conducted by an AI interviewer, not a person');
    expect(section('What the AI evaluates')).toContain("Bistro Group's criteria for the Line Cook role: Food safety, Teamwork and Speed under pressure.");
    expect(section('What the AI evaluates')).toContain('does not analyse your face, facial expressions, emotions, tone of voice or appearance');
    expect(section('The recording')).toMatch(/^Your video and audio are recorded so that Bistro Group's recruiters can review your interview/);
    expect(section('How long it is kept')).toContain('deleted automatically 180 days after your interview');
    expect(section('If you prefer another way')).toContain('an interview with a person instead of the AI, or an accommodation such as more time or typing your answers');

    // A new criterion shows in the notice at once.
    await recruiter.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: [...RUBRIC.slice(0, 2), { name: 'Menu knowledge', description: 'Knows the dishes.', weight: 20 }] });
    const after = (await asCandidate(iv, 'GET', `/api/interview/${iv.id}/notice`)).json<CandidateNoticeView>();
    expect(after.notice.sections[1]!.text).toContain('Food safety, Teamwork and Menu knowledge.');
    await recruiter.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: RUBRIC });
    await recruiter.request('PATCH', '/api/company/settings', { retentionDays: 365 });
  });

  it('is read by the candidate\'s own link or the company\'s users, nobody else', async () => {
    const iv = await newInterview();
    const other = await newInterview('Alan Turing', 'alan@example.com');
    expect((await recruiter.get(`/api/interview/${iv.id}/notice`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/interview/${iv.id}/notice`)).statusCode).toBe(404);
    expect((await asCandidate(other, 'GET', `/api/interview/${iv.id}/notice`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${iv.id}/notice`, headers: { 'x-candidate-token': 'nope' } })).statusCode).toBe(401);
  });
});

describe('consent', () => {
  it('is needed to start: refused without it, then stored with the notice version, its words and the time', async () => {
    const iv = await newInterview();
    const refused = await start(iv);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: CONSENT_REQUIRED, code: 'CONSENT_REQUIRED' });
    expect((await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id)))[0]).toMatchObject({ status: 'pending', startedAt: null });

    const before = Date.now();
    const given = await consent(iv);
    expect(given.statusCode).toBe(201);
    const record = given.json<ConsentRecord>();
    expect(record.noticeVersion).toBe(NOTICE_VERSION);
    expect(Date.parse(record.givenAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.database.db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, iv.id));
    expect(row).toMatchObject({ noticeVersion: NOTICE_VERSION, givenAt: new Date(record.givenAt) });
    // The words as the candidate read them, criteria and all.
    expect(row!.noticeText).toMatch(/^About this AI interview\n\nAn AI interviews you\n/);
    expect(row!.noticeText).toContain('Food safety, Teamwork and Speed under pressure.');
    expect(row!.noticeText).toContain(`Notice version ${NOTICE_VERSION}`);

    // Agreeing again answers the consent already stored.
    const again = await consent(iv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(record);
    expect(await t.database.db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, iv.id))).toHaveLength(1);

    expect((await start(iv)).statusCode).toBe(200);
    const view = (await asCandidate(iv, 'GET', `/api/interview/${iv.id}/notice`)).json<CandidateNoticeView>();
    expect(view.consent).toEqual(record);
  });

  it('refuses an old notice version, a missing one, a recruiter\'s session and a submitted interview', async () => {
    const iv = await newInterview();
    const old = await consent(iv, '2020-01-01');
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual({ error: NOTICE_CHANGED, code: 'NOTICE_CHANGED' });
    const missing = await asCandidate(iv, 'POST', `/api/interview/${iv.id}/consent`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toMatch(/^noticeVersion: /);
    expect((await consent(iv, '   ')).statusCode).toBe(400);
    const byRecruiter = await recruiter.post(`/api/interview/${iv.id}/consent`, { noticeVersion: NOTICE_VERSION });
    expect(byRecruiter.statusCode).toBe(401);
    expect(byRecruiter.json<{ error: string }>().error).toBe('Only the candidate can agree to the notice, from their interview link');
    expect(await t.database.db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, iv.id))).toEqual([]);

    await t.database.db.update(interviews).set({ status: 'completed' }).where(eq(interviews.id, iv.id));
    expect((await consent(iv)).statusCode).toBe(409);
  });

  it('is needed for the one-shot recording upload too', async () => {
    const iv = await newInterview();
    const boundary = `----hireloop${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: video/webm\r\n\r\n`),
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(60).fill(0)]),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="transcript"\r\n\r\n[]\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/interview/${iv.id}/recording`,
      headers: { 'x-candidate-token': iv.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(403);
    expect((await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id)))[0]!.status).toBe('pending');
  });

  it('shows on the report, or that none was recorded for an interview started before consent was asked', async () => {
    const iv = await newInterview();
    expect((await recruiter.get(`/api/interview/${iv.id}/consent-record`)).json<InterviewConsentView>()).toEqual({ consent: null, alternativeRequests: [] });
    const record = (await consent(iv)).json<ConsentRecord>();
    const view = (await recruiter.get(`/api/interview/${iv.id}/consent-record`)).json<InterviewConsentView>();
    expect(view.consent).toMatchObject({ ...record, noticeText: expect.stringContaining('An AI interviews you') });
    expect((await stranger.get(`/api/interview/${iv.id}/consent-record`)).statusCode).toBe(404);
    expect((await asCandidate(iv, 'GET', `/api/interview/${iv.id}/consent-record`)).statusCode).toBe(401);

    // Started before this change: no consent on record, and the candidate may still finish it.
    const legacy = await newInterview('Ada Lovelace', 'ada@example.com');
    await t.database.db.update(interviews).set({ status: 'in_progress', startedAt: new Date(Date.now() - 60_000) }).where(eq(interviews.id, legacy.id));
    expect((await recruiter.get(`/api/interview/${legacy.id}/consent-record`)).json<InterviewConsentView>().consent).toBeNull();
    expect((await start(legacy)).statusCode).toBe(200);
  });
});

describe('asking for an alternative', () => {
  it('stores the request, emails the recruiter, shows it on the interview, its list row and the inbox, and lets the recruiter resolve it', async () => {
    const iv = await newInterview('Katherine Johnson', 'katherine@example.com');
    const mailsBefore = smtp.messages.length;
    const res = await ask(iv, { kind: 'human_interview', message: '  I have a speech impairment and would rather talk to a person.  ' });
    expect(res.statusCode).toBe(201);
    const made = res.json<AlternativeRequest>();
    expect(made).toMatchObject({ kind: 'human_interview', message: 'I have a speech impairment and would rather talk to a person.', status: 'open', resolvedAt: null });
    const [row] = await t.database.db.select().from(alternativeRequests).where(eq(alternativeRequests.id, made.id));
    expect(row).toMatchObject({ interviewId: iv.id, kind: 'human_interview', status: 'open', resolvedBy: null });

    // The recruiter is told by email, through the outbox, over SMTP.
    const [mail] = (await smtp.waitFor(mailsBefore + 1)).slice(mailsBefore);
    expect(mail!.to).toMatchObject({ text: 'hr@bistro.example' });
    expect(mail!.subject).toBe('Katherine Johnson asked for an alternative to the AI interview');
    expect(mail!.text).toContain('Katherine Johnson (katherine@example.com), invited to the AI interview for Line Cook, asked for: Interview with a person.');
    expect(mail!.text).toContain('I have a speech impairment and would rather talk to a person.');
    expect(mail!.text).toContain(`https://hire.example.com/interview/${iv.id}`);

    // The candidate sees it on their page.
    expect((await asCandidate(iv, 'GET', `/api/interview/${iv.id}/notice`)).json<CandidateNoticeView>().alternativeRequests).toEqual([made]);
    // The recruiter sees it on the interview, the list row and the inbox.
    const detail = (await recruiter.get(`/api/interview/${iv.id}/consent-record`)).json<InterviewConsentView>();
    expect(detail.alternativeRequests).toEqual([{ ...made, interviewId: iv.id, jobId: job.id, jobTitle: 'Line Cook', candidateName: 'Katherine Johnson', resolvedBy: null }]);
    const rowOf = async () => (await recruiter.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>().find((i) => i.id === iv.id)!;
    expect((await rowOf()).alternativeRequested).toBe(true);
    const inbox = (await recruiter.get('/api/alternative-requests')).json<AlternativeRequestItem[]>();
    expect(inbox.find((r) => r.id === made.id)).toMatchObject({ candidateName: 'Katherine Johnson', status: 'open' });
    expect((await stranger.get('/api/alternative-requests')).json()).toEqual([]);

    // The candidate may still take the AI interview.
    await consent(iv);
    expect((await start(iv)).statusCode).toBe(200);

    // Resolved: by whom and when; the badge goes; resolving again changes nothing.
    expect((await stranger.post(`/api/alternative-requests/${made.id}/resolve`)).statusCode).toBe(404);
    const resolved = await recruiter.post(`/api/alternative-requests/${made.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    const item = resolved.json<AlternativeRequestItem>();
    expect(item).toMatchObject({ id: made.id, status: 'resolved', resolvedBy: 'hr@bistro.example', resolvedAt: expect.any(String) });
    expect((await rowOf()).alternativeRequested).toBe(false);
    expect((await recruiter.post(`/api/alternative-requests/${made.id}/resolve`)).json()).toEqual(item);
    expect((await recruiter.post('/api/alternative-requests/999999/resolve')).statusCode).toBe(404);
    expect((await recruiter.post('/api/alternative-requests/abc/resolve')).statusCode).toBe(400);

    // The audit trail: the consent, the request and its resolution, once each, with codes and ids, not the candidate's words.
    const log = (await recruiter.get(`/api/audit-log?subject=interview:${iv.id}`)).json<AuditLogPage>().entries.reverse();
    expect(log.map((e) => [e.action, e.actor.name, e.summary])).toEqual([
      ['alternative_requested', 'Candidate', 'Interview with a person'],
      ['consent_given', 'Candidate', `To notice version ${NOTICE_VERSION}`],
      ['alternative_resolved', 'hr@bistro.example', 'Interview with a person'],
    ]);
    expect(JSON.stringify(log)).not.toContain('speech impairment');
  });

  it('refuses a second open request of the same kind (409) and bad input (400), and takes another kind', async () => {
    const iv = await newInterview('Dorothy Vaughan', 'dorothy@example.com');
    expect((await ask(iv, { kind: 'more_time' })).statusCode).toBe(201);
    const twice = await ask(iv, { kind: 'more_time', message: 'Please!' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'You have already asked for this (more time); the recruiters have been told and will get back to you', code: 'ALTERNATIVE_REQUESTED' });
    const typed = await ask(iv, { kind: 'typed_answers', message: '' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json<AlternativeRequest>().message).toBeNull();

    const badKind = await ask(iv, { kind: 'robot_free' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toEqual({ error: 'kind: Choose what you would like: human_interview, more_time, typed_answers, other', code: 'VALIDATION_FAILED' });
    const noKind = await ask(iv, { message: 'hello' });
    expect(noKind.statusCode).toBe(400);
    const tooLong = await ask(iv, { kind: 'other', message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: 'message: Keep the message under 2,000 characters', code: 'VALIDATION_FAILED' });
    expect((await ask(iv, { kind: 'other', message: 42 })).statusCode).toBe(400);
    expect((await recruiter.post(`/api/interview/${iv.id}/alternative-requests`, { kind: 'other' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(alternativeRequests).where(eq(alternativeRequests.interviewId, iv.id))).toHaveLength(2);

    // Once resolved, the same kind can be asked again.
    const [open] = await t.database.db.select().from(alternativeRequests).where(eq(alternativeRequests.interviewId, iv.id)).limit(1);
    await recruiter.post(`/api/alternative-requests/${open!.id}/resolve`);
    expect((await ask(iv, { kind: open!.kind })).statusCode).toBe(201);

    // Not after the interview was submitted.
    await t.database.db.update(interviews).set({ status: 'evaluating' }).where(eq(interviews.id, iv.id));
    expect((await ask(iv, { kind: 'human_interview' })).statusCode).toBe(409);
  });

  it('is part of the candidate\'s access export: the notice they agreed to, word for word, and their requests', async () => {
    const iv = await newInterview('Dorothy Vaughan', 'dorothy@example.com');
    expect((await consent(iv)).statusCode).toBe(201);
    expect((await ask(iv, { kind: 'more_time', message: 'I read slowly.' })).statusCode).toBe(201);
    const res = await recruiter.get(`/api/interview/${iv.id}/export`);
    expect(res.statusCode).toBe(200);
    const document = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['interview.json']!)) as {
      consents: { noticeVersion: string; noticeText: string; givenAt: string }[];
      alternativeRequests: { kind: string; message: string | null; status: string }[];
    };
    const [stored] = await t.database.db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, iv.id));
    expect(document.consents).toEqual([{ noticeVersion: NOTICE_VERSION, noticeText: stored!.noticeText, givenAt: stored!.givenAt.toISOString() }]);
    expect(document.alternativeRequests).toMatchObject([{ kind: 'more_time', message: 'I read slowly.', status: 'open' }]);
  });

  it('keeps the request but not the candidate\'s words when their data is deleted', async () => {
    const iv = await newInterview('Mary Jackson', 'mary@example.com');
    const made = (await ask(iv, { kind: 'other', message: 'I need a sign language interpreter.' })).json<AlternativeRequest>();
    expect((await recruiter.post(`/api/interview/${iv.id}/delete-data`, { reason: 'candidate_request' })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(alternativeRequests).where(eq(alternativeRequests.id, made.id));
    expect(row).toMatchObject({ kind: 'other', message: null });
  });
});

describe('the invitation email', () => {
  it('ends with the notice: AI conducts and scores, on which criteria, and how to ask for an alternative', async () => {
    const iv = await newInterview('Hedy Lamarr', 'hedy@example.com');
    const before = smtp.messages.length;
    const res = await recruiter.post('/api/send-candidate-emails', {
      subject: DEFAULT_EMAIL_SUBJECT,
      body: DEFAULT_EMAIL_BODY,
      candidates: [{ name: 'Hedy Lamarr', email: 'hedy@example.com', jobId: job.id, interviewId: iv.id }],
    });
    expect(res.json<SendEmailsResult>()).toMatchObject({ sent: 1 });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    const text = mail!.text!.replace(/\r\n/g, '\n');
    // The recruiter's template, unchanged, first.
    expect(text).toContain('Hi Hedy Lamarr,');
    expect(text).toContain('The Bistro Group hiring team');
    expect(text.trimEnd().endsWith(
      [
        'About this interview',
        "An AI interviewer conducts this interview and an AI scores your answers against Bistro Group's criteria for the role (Food safety, Teamwork and Speed under pressure), from what you say only: it does not analyse your face, voice or emotions. People at Bistro Group make the hiring decision.",
        `If you would prefer an interview with a person, or need an accommodation (such as more time or typing your answers), you can ask for it from your interview link before you start: ${iv.candidateLink}`,
      ].join('\n'),
    )).toBe(true);
  });
});
