import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationView, ApplyPageState, ApplyRefused, ApplyResult, PublicApplyPage } from '../../../contracts/apply';
import type { InterviewListItem } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import { applications, auditLog, emails, interviewConsents, interviews, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { Agent, createTestApp, nextAddress, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { multipart, type MultipartPart } from '../../test/multipart';
import { waitFor } from '../../test/wait';
import { issueFormToken, TOO_FAST } from './form-token';

// Public apply pages for jobs (issue 17.1, docs/decisions/035-apply-pages.md), through the HTTP API:
// the recruiter's switch, applications with their invitation received by a real SMTP server, the
// candidate.applied event, duplicates (one after the other and at the same moment), bots, bad
// input, the rate limit and deletion. The app's clock is the test's, so the form's minimum time
// is passed by moving it, never by waiting.

let smtp: TestSmtp;
let t: TestApp;
let recruiter: Agent;
let viewer: Agent;
let other: Agent;
let companyId: number;
let clock = new Date('2026-11-24T10:00:00Z');
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' }, { clock: () => clock });
  recruiter = new Agent(t.app);
  await recruiter.register('apply-owner', 'Harbor Freight Co'); // the install's first account: approved
  other = new Agent(t.app);
  await other.register('apply-other', 'Other Co');
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'apply-owner'));
  companyId = owner!.companyId;
  const member = await makeMember(t.database.db, companyId, 'viewer');
  viewer = new Agent(t.app);
  expect((await viewer.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function createJob(title: string): Promise<Job> {
  const res = await recruiter.post('/api/job', { title, description: 'Pick, pack and ship orders on the day shift.', questions: ['How do you keep count when it gets busy?'] });
  expect(res.statusCode).toBe(201);
  return res.json<Job>();
}

async function switchOn(jobId: number): Promise<ApplyPageState> {
  const res = await recruiter.request('PUT', `/api/job/${jobId}/apply-page`, { enabled: true });
  expect(res.statusCode).toBe(200);
  return res.json<ApplyPageState>();
}

const openPage = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/apply/${slug}`, remoteAddress: nextAddress() });
  return res;
};

interface ApplyOptions {
  fields?: Record<string, string>;
  cv?: { filename: string; bytes: Buffer; type?: string };
  /** Seconds between loading the page and sending (the app's clock). */
  after?: number;
  remoteAddress?: string;
  formToken?: string;
}

/** Loads the page as a browser would, then sends the form `after` seconds later by the app's clock. */
async function apply(slug: string, options: ApplyOptions = {}): Promise<LightMyRequestResponse> {
  const page = (await openPage(slug)).json<PublicApplyPage>();
  tick(options.after ?? 5);
  const fields = {
    candidateName: 'Dana Whitfield',
    email: 'dana@example.com',
    consent: 'true',
    coverNote: '',
    website: '',
    noticeVersion: page.notice.version,
    formToken: options.formToken ?? page.formToken,
    ...options.fields,
  };
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (options.cv) parts.push({ name: 'cv', value: options.cv.bytes, filename: options.cv.filename, type: options.cv.type });
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/apply/${slug}`, remoteAddress: options.remoteAddress ?? nextAddress(), ...body });
}

/** The emails the SMTP server received for `address`, once there are `count`. */
const mailTo = (address: string, count = 1) =>
  waitFor(`${count} email(s) to ${address}`, () => {
    const found = smtp.messages.filter((m) => [m.to].flat().some((to) => to?.text.toLowerCase() === address.toLowerCase()));
    return found.length >= count ? found : undefined;
  });

const jobInterviews = (jobId: number) => t.database.db.select().from(interviews).where(eq(interviews.jobId, jobId));
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]);

describe("the recruiter's switch", () => {
  it('makes a readable address on first use, closes the page when switched off, and keeps the address when switched on again', async () => {
    const job = await createJob('Warehouse Associate');
    expect((await recruiter.get(`/api/job/${job.id}/apply-page`)).json()).toEqual({ enabled: false, slug: null, url: null, isAcceptingApplications: false, note: null });
    const on = await switchOn(job.id);
    expect(on.slug).toMatch(/^warehouse-associate-[a-z2-9]{4}$/);
    expect(on).toMatchObject({ enabled: true, url: `https://hire.example.com/apply/${on.slug}`, isAcceptingApplications: true });

    const page = (await openPage(on.slug!)).json<PublicApplyPage>();
    expect(page).toMatchObject({ kind: 'job', companyName: 'Harbor Freight Co', title: 'Warehouse Associate', description: 'Pick, pack and ship orders on the day shift.', isOpen: true, closedMessage: null });
    expect(page.notice.title).toBe('About this AI interview');
    expect(page.consentLabel).toBe('I have read the notice above and agree to be interviewed and evaluated by AI and to be recorded.');

    const off = await recruiter.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, slug: on.slug, isAcceptingApplications: false });
    expect((await openPage(on.slug!)).json()).toMatchObject({ isOpen: false, closedMessage: 'This position is no longer taking applications.' });
    const refused = await apply(on.slug!);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ error: 'This position is no longer taking applications.', code: 'APPLICATIONS_CLOSED' });
    expect(await jobInterviews(job.id)).toHaveLength(0);

    expect((await switchOn(job.id)).slug).toBe(on.slug);
    expect((await apply(on.slug!, { fields: { email: 'first@example.com' } })).statusCode).toBe(201);
    // Switching on an open page again changes nothing; each real change is on the audit log.
    expect((await switchOn(job.id)).slug).toBe(on.slug);
    const entries = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.subject, `job:${job.id}`)).orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['apply_page_opened', 'apply_page_closed', 'apply_page_opened']);
  });

  it('takes no applications for a closed job, and does not switch its page on', async () => {
    const job = await createJob('Forklift Driver');
    const { slug } = await switchOn(job.id);
    expect((await recruiter.post(`/api/job/${job.id}/close`)).statusCode).toBe(200);
    expect((await recruiter.get(`/api/job/${job.id}/apply-page`)).json()).toMatchObject({ enabled: true, isAcceptingApplications: false, note: expect.stringContaining('The job is closed') });
    expect((await openPage(slug!)).json()).toMatchObject({ isOpen: false });
    expect((await apply(slug!)).statusCode).toBe(410);
    await recruiter.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: false });
    const again = await recruiter.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: true });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toMatch(/closed.*reopen it before opening its application page/);
  });

  it('answers an unknown address 404 with a sentence, and keeps pages to their company and to recruiters', async () => {
    const unknown = await openPage('no-such-page-zzzz');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'There is no application page at this address. Please check the link you were given.', code: 'NOT_FOUND' });
    const posted = await t.app.inject({ method: 'POST', url: '/api/apply/no-such-page-zzzz', remoteAddress: nextAddress(), ...multipart([{ name: 'candidateName', value: 'Dana' }]) });
    expect(posted.statusCode).toBe(404);
    const job = await createJob('Dock Supervisor');
    expect((await other.get(`/api/job/${job.id}/apply-page`)).statusCode).toBe(404);
    expect((await other.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: true })).statusCode).toBe(404);
    expect((await viewer.get(`/api/job/${job.id}/apply-page`)).statusCode).toBe(200);
    const byViewer = await viewer.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: true });
    expect(byViewer.statusCode).toBe(403);
    expect((await recruiter.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: 'yes' })).statusCode).toBe(400);
  });
});

describe('applying to a job', () => {
  it('creates the interview from the page, emails the invitation, shows the link at once, and records the event', async () => {
    const job = await createJob('Inventory Clerk');
    const { slug } = await switchOn(job.id);
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ companyId, url: 'https://hooks.example.com/hireloop', events: ['candidate.applied'], secret: `whsec_${randomBytes(24).toString('base64')}` })
      .returning();
    const res = await apply(slug!, {
      fields: { candidateName: 'Noor Haddad', email: 'Noor.Haddad@Example.com', coverNote: 'I ran stock counts for three years.' },
      cv: { filename: 'Noor CV.pdf', bytes: PDF, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
    const result = res.json<ApplyResult>();
    expect(result.outcome).toBe('interview');

    const [iv] = await jobInterviews(job.id);
    expect(iv).toMatchObject({ candidateName: 'Noor Haddad', email: 'Noor.Haddad@Example.com', source: 'apply', status: 'pending' });
    expect(result).toEqual({ outcome: 'interview', interviewUrl: `https://hire.example.com/interview/${iv!.id}?token=${iv!.candidateToken}`, message: expect.stringContaining('Your AI interview is ready') });
    expect(iv!.roomName).not.toBeNull();

    // The invitation, through the real SMTP server: the default text, the link, the notice.
    const [mail] = await mailTo('Noor.Haddad@Example.com');
    expect(mail!.text).toContain(result.outcome === 'interview' ? result.interviewUrl : '');
    expect(mail!.text).toContain('About this interview');
    await waitFor('the interview marked as emailed', async () => ((await jobInterviews(job.id))[0]!.emailSent ? true : undefined));

    const [application] = await t.database.db.select().from(applications).where(eq(applications.interviewId, iv!.id));
    expect(application).toMatchObject({ coverNote: 'I ran stock counts for three years.', cvFileName: 'Noor CV.pdf', cvContentType: 'application/pdf' });
    expect(application!.cv!.equals(PDF)).toBe(true);
    const [consent] = await t.database.db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, iv!.id));
    expect(consent!.noticeText).toContain('About this AI interview');
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'consent_given'), eq(auditLog.subject, `interview:${iv!.id}`)))).toHaveLength(1);

    const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivery).toMatchObject({ event: 'candidate.applied', companyId });
    expect(delivery!.payload).toMatchObject({
      type: 'candidate.applied',
      data: { kind: 'job', jobId: job.id, interviewId: iv!.id, name: 'Noor Haddad', email: 'Noor.Haddad@Example.com', source: 'apply', appliedAt: clock.toISOString() },
    });
    expect(JSON.stringify(delivery!.payload)).not.toContain('stock counts');

    // The recruiter sees where the candidate came from, the note and the CV (viewers too, as the report).
    const listed = (await recruiter.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>();
    expect(listed.map((i) => i.source)).toEqual(['apply']);
    expect((await viewer.get(`/api/interview/${iv!.id}`)).json()).toMatchObject({ source: 'apply' });
    const view = (await viewer.get(`/api/interview/${iv!.id}/application`)).json<ApplicationView>();
    expect(view.application).toEqual({
      appliedAt: clock.toISOString(),
      coverNote: 'I ran stock counts for three years.',
      cv: { fileName: 'Noor CV.pdf', contentType: 'application/pdf', bytes: PDF.length, url: `/api/interview/${iv!.id}/application/cv` },
    });
    const cv = await viewer.get(`/api/interview/${iv!.id}/application/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['content-disposition']).toContain('attachment; filename="Noor CV.pdf"');
    expect(cv.rawPayload.equals(PDF)).toBe(true);
    expect((await other.get(`/api/interview/${iv!.id}/application`)).statusCode).toBe(404);
    expect((await other.get(`/api/interview/${iv!.id}/application/cv`)).statusCode).toBe(404);
  });

  it('keeps the source of candidates typed by a recruiter and of those without an application', async () => {
    const job = await createJob('Night Loader');
    const typed = await recruiter.post(`/api/job/${job.id}/interview`, { candidateName: 'Ola Berg', email: 'ola@example.com' });
    expect(typed.json()).toMatchObject({ source: 'recruiter' });
    expect((await recruiter.get(`/api/interview/${typed.json<{ id: number }>().id}/application`)).json()).toEqual({ application: null });
  });

  it('collapses a second application with the same email into the first, tells them so, and emails the link again at most once an hour', async () => {
    const job = await createJob('Packing Lead');
    const { slug } = await switchOn(job.id);
    expect((await apply(slug!, { fields: { email: 'sam.k@example.com' } })).json()).toMatchObject({ outcome: 'interview' });
    await mailTo('sam.k@example.com');

    const second = await apply(slug!, { fields: { candidateName: 'Someone Else', email: 'SAM.K@example.com ' } });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({ outcome: 'already_applied', message: expect.stringMatching(/^You have already applied/) });
    expect(JSON.stringify(second.json())).not.toContain('token=');
    const [iv] = await jobInterviews(job.id);
    const resent = (await mailTo('sam.k@example.com', 2))[1]!;
    expect(resent.subject).toBe('Your interview for Packing Lead at Harbor Freight Co');
    expect(resent.text).toContain(`/interview/${iv!.id}?token=${iv!.candidateToken}`);

    expect((await apply(slug!, { fields: { email: 'sam.k@example.com' } })).json()).toMatchObject({ outcome: 'already_applied' });
    expect(await jobInterviews(job.id)).toHaveLength(1);
    expect(await t.database.db.select().from(emails).where(and(eq(emails.interviewId, iv!.id), eq(emails.kind, 'application_resent')))).toHaveLength(1);
  });

  it('makes one interview of two applications sent at the same moment', async () => {
    const job = await createJob('Yard Marshal');
    const { slug } = await switchOn(job.id);
    const [a, b] = await Promise.all([apply(slug!, { fields: { email: 'twin@example.com' } }), apply(slug!, { fields: { email: 'Twin@example.com' } })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json<ApplyResult>().outcome, b.json<ApplyResult>().outcome].sort()).toEqual(['already_applied', 'interview']);
    expect(await jobInterviews(job.id)).toHaveLength(1);
  });
});

describe('bots and bad input', () => {
  let slug: string;
  let jobId: number;
  beforeAll(async () => {
    const job = await createJob('Returns Associate');
    jobId = job.id;
    slug = (await switchOn(job.id)).slug!;
  });

  it('answers a form whose hidden field is filled in as if it was received, and makes nothing', async () => {
    const res = await apply(slug, { fields: { website: 'https://cheap-pills.example', email: 'bot@example.com' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ outcome: 'received', message: 'Thank you for applying. Please check your email for the next step.' });
    expect(await jobInterviews(jobId)).toHaveLength(0);
  });

  it('refuses a form sent sooner than a person could fill it in, and a token this server did not sign', async () => {
    const fast = await apply(slug, { after: 1 });
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toEqual({ error: TOO_FAST, code: 'VALIDATION_FAILED' });
    const forged = await apply(slug, { formToken: `${clock.getTime() - 60_000}.forged` });
    expect(forged.json()).toEqual({ error: 'This form has expired. Please reload the page and send your application again.', code: 'VALIDATION_FAILED' });
    const old = await apply(slug, { formToken: issueFormToken(t.config.sessionSecret, slug, new Date(clock.getTime() - 25 * 3_600_000)) });
    expect(old.statusCode).toBe(400);
    expect(await jobInterviews(jobId)).toHaveLength(0);
  });

  it('names each bad field: the email, the consent, a long note', async () => {
    const res = await apply(slug, { fields: { candidateName: ' ', email: 'dana@', consent: '', coverNote: 'x'.repeat(5001) } });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApplyRefused>();
    expect(body.code).toBe('APPLICATION_INVALID');
    expect(body.details.fields).toEqual({
      candidateName: 'Please enter your name',
      email: 'Please enter a valid email address',
      consent: 'Please read the notice and tick the box to agree before applying',
      coverNote: 'The cover note must be at most 5,000 characters',
    });
    expect(body.error).toContain('Please enter a valid email address');
    expect((await apply(slug, { fields: { email: '' } })).json<ApplyRefused>().details.fields).toEqual({ email: 'Please enter your email address' });
    expect(await jobInterviews(jobId)).toHaveLength(0);
  });

  it('takes a CV by what its bytes are, not its name: refuses other files and files over 5 MB', async () => {
    const exe = await apply(slug, { cv: { filename: 'cv.pdf', bytes: Buffer.concat([Buffer.from('MZ'), randomBytes(500)]), type: 'application/pdf' } });
    expect(exe.statusCode).toBe(400);
    expect(exe.json<ApplyRefused>().details.fields).toEqual({ cv: 'The CV must be a PDF, Word (.doc or .docx) or plain text (.txt) file' });
    const zip = await apply(slug, { cv: { filename: 'cv.docx', bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('photos/cat.jpg')]) } });
    expect(zip.json<ApplyRefused>().details.fields).toEqual({ cv: 'The CV must be a PDF, Word (.doc or .docx) or plain text (.txt) file' });
    const big = await apply(slug, { cv: { filename: 'cv.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5 * 1024 * 1024)]) } });
    expect(big.statusCode).toBe(400);
    expect(big.json<ApplyRefused>().details.fields).toEqual({ cv: 'The CV must be at most 5 MB' });
    expect(await jobInterviews(jobId)).toHaveLength(0);

    // A plain text CV named anything is stored as text, under its real extension.
    const text = await apply(slug, { fields: { email: 'texter@example.com' }, cv: { filename: 'resume', bytes: Buffer.from('Ten years in retail returns.\n') } });
    expect(text.statusCode).toBe(201);
    const [iv] = await jobInterviews(jobId);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.interviewId, iv!.id));
    expect(row).toMatchObject({ cvFileName: 'resume.txt', cvContentType: 'text/plain; charset=utf-8' });
  });

  it('answers a body that is not the form 415 with a sentence', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/apply/${slug}`, remoteAddress: nextAddress(), payload: { candidateName: 'Json' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'Send the application as multipart/form-data, as the form does', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('limits one address to 5 applications to a page in 10 minutes (429 with a sentence); another address still applies', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i++) expect((await apply(slug, { remoteAddress: address, fields: { website: 'bot' } })).statusCode).toBe(201);
    const sixth = await apply(slug, { remoteAddress: address, fields: { website: 'bot' } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'TOO_MANY_REQUESTS' });
    expect((await apply(slug, { remoteAddress: nextAddress(), fields: { website: 'bot' } })).statusCode).toBe(201);
  });
});

describe("the candidate's data", () => {
  it('deletes the application (cover note and CV) with the rest of the candidate data', async () => {
    const job = await createJob('Shipping Clerk');
    const { slug } = await switchOn(job.id);
    expect((await apply(slug!, { fields: { email: 'erase.me@example.com', coverNote: 'Private words.' }, cv: { filename: 'cv.pdf', bytes: PDF } })).statusCode).toBe(201);
    const [iv] = await jobInterviews(job.id);
    expect(await t.database.db.select().from(applications).where(eq(applications.interviewId, iv!.id))).toHaveLength(1);
    // Before: the candidate's access export holds what they sent, the CV as the file it was.
    const exported = unzipSync(new Uint8Array((await recruiter.get(`/api/interview/${iv!.id}/export`)).rawPayload));
    expect(Buffer.from(exported['application-cv.pdf']!).equals(PDF)).toBe(true);
    const document = JSON.parse(strFromU8(exported['interview.json']!)) as { interview: { source: string }; application: unknown };
    expect(document.interview.source).toBe('apply');
    expect(document.application).toEqual({ appliedAt: expect.any(String), coverNote: 'Private words.', cv: { file: 'application-cv.pdf', fileName: 'cv.pdf', contentType: 'application/pdf', bytes: PDF.length } });
    const res = await recruiter.post(`/api/interview/${iv!.id}/delete-data`, { reason: 'candidate_request' });
    expect(res.json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(applications).where(eq(applications.interviewId, iv!.id))).toEqual([]);
    expect((await recruiter.get(`/api/interview/${iv!.id}/application`)).json()).toEqual({ application: null });
    expect((await recruiter.get(`/api/interview/${iv!.id}/application/cv`)).statusCode).toBe(404);
    const after = unzipSync(new Uint8Array((await recruiter.get(`/api/interview/${iv!.id}/export`)).rawPayload));
    expect(Object.keys(after)).toEqual(['interview.json']);
    expect(JSON.parse(strFromU8(after['interview.json']!))).toMatchObject({ application: null });
    // A deleted candidate's address applies afresh.
    expect((await apply(slug!, { fields: { email: 'erase.me@example.com' } })).json()).toMatchObject({ outcome: 'interview' });
  });
});
