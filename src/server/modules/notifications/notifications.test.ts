import { eq, like } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import { UNSUBSCRIBE_LINK_INVALID, type NotificationSettingsView, type UnsubscribeView } from '../../../contracts/notifications';
import { emails, interviews, phoneCalls, phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { requestEvaluation } from '../evaluation/evaluation.service';
import { runCallEvaluation } from '../phone-calls/calls.service';

// Each member's choice of emails (decision 031): who receives each kind, once, and the unsubscribe link.

const transcript = {
  transcript: [
    { speaker: 'AI', text: 'Tell me about a time you helped an upset customer.' },
    { speaker: 'Candidate', text: 'A customer called because her order was late. I found it at the depot, arranged a courier and refunded the shipping; she got it that evening.' },
  ],
};

let t: TestApp;
let smtp: TestSmtp;
let owner: Agent;
let viewer: Agent;
let quiet: Agent;
let stranger: Agent;
let companyId: number;
let job: Job;
let strangerJob: Job;
let removedId: number;
let ownerId: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' });
  const { db } = t.database;
  owner = new Agent(t.app);
  expect((await owner.register('owner@acme.example', 'Acme')).statusCode).toBe(201);
  const [ownerRow] = await db.select().from(users).where(eq(users.username, 'owner@acme.example'));
  companyId = ownerRow!.companyId;
  ownerId = ownerRow!.id;
  job = (await owner.post('/api/job', { title: 'Line Cook', description: 'Cooks on the line.', questions: ['How do you keep your station clean?'] })).json<Job>();
  stranger = new Agent(t.app);
  expect((await stranger.register('boss@other.example', 'Other Co')).statusCode).toBe(201);
  strangerJob = (await stranger.post('/api/job', { title: 'Courier', description: 'Delivers parcels.', questions: ['Why this job?'] })).json<Job>();

  // The team: a recruiter with an email address, a viewer whose username is one, a member who turns
  // some emails off, and three who never get any: removed, rejected, and one with no address.
  await makeMember(db, companyId, 'recruiter', { email: 'rec@acme.example' });
  viewer = await signedIn(await makeMember(db, companyId, 'viewer', { username: 'viewer@acme.example' }));
  quiet = await signedIn(await makeMember(db, companyId, 'recruiter', { email: 'quiet@acme.example' }));
  removedId = (await makeMember(db, companyId, 'recruiter', { email: 'gone@acme.example', removedAt: new Date() })).user.id;
  await makeMember(db, companyId, 'recruiter', { email: 'rejected@acme.example', reviewStatus: 'rejected', isApproved: false });
  await makeMember(db, companyId, 'viewer');
  const off = await quiet.request('PUT', '/api/notifications/settings', {
    choices: { interview_completed: false, screening_completed: true, candidate_request: false, daily_digest: false },
  });
  expect(off.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function signedIn(member: { username: string; password: string }): Promise<Agent> {
  const agent = new Agent(t.app);
  expect((await agent.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
  return agent;
}

const addressesOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
/** Who received emails with this subject, sorted, once every queued email has been handed over. */
async function receivedBy(subject: string): Promise<string[]> {
  await t.app.deps.mailer.deliverPending();
  return smtp.messages.filter((m) => m.subject === subject).flatMap(addressesOf).sort();
}
const mailTo = (subject: string, address: string) => smtp.messages.find((m) => m.subject === subject && addressesOf(m).includes(address));
const unsubscribeToken = (mail: ParsedMail | undefined) => /\/unsubscribe\?token=(\S+)/.exec(mail?.text ?? '')?.[1];

const ACME_CANDIDATE_REQUESTS = ['owner@acme.example', 'rec@acme.example', 'viewer@acme.example'];
const ACME_ALL = [...ACME_CANDIDATE_REQUESTS, 'quiet@acme.example'].sort();

async function completeInterview(jobId: number, candidateName: string) {
  const interview = await makeInterview(t.database.db, jobId, { candidateName, status: 'in_progress', transcript });
  // Through the queue, as a submitted interview is: the job scores it and, in the same transaction, writes the emails.
  await requestEvaluation({ db: t.database.db, queue: t.app.deps.queue }, interview.id);
  for (let i = 0; i < 200; i++) {
    const [row] = await t.database.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, interview.id));
    if (row?.status === 'completed') return interview;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`interview ${interview.id} was not evaluated`);
}

describe('notification settings', () => {
  it('are the defaults until a member chooses, and every member (a viewer too) saves their own', async () => {
    const before = (await viewer.get('/api/notifications/settings')).json<NotificationSettingsView>();
    expect(before).toEqual({
      choices: { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: false },
      address: 'viewer@acme.example',
    });
    const choices = { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: true };
    const saved = await viewer.request('PUT', '/api/notifications/settings', { choices });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationSettingsView>().choices).toEqual(choices);
    expect((await viewer.get('/api/notifications/settings')).json<NotificationSettingsView>().choices).toEqual(choices);
    // Others' choices are their own.
    expect((await quiet.get('/api/notifications/settings')).json<NotificationSettingsView>()).toEqual({
      choices: { interview_completed: false, screening_completed: true, candidate_request: false, daily_digest: false },
      address: 'quiet@acme.example',
    });
    const back = await viewer.request('PUT', '/api/notifications/settings', { choices: { ...choices, daily_digest: false } });
    expect(back.json<NotificationSettingsView>().choices.daily_digest).toBe(false);
  });

  it('refuses a choice that is not on or off, a missing kind or an unknown one, and anyone signed out', async () => {
    const put = (body: unknown) => viewer.request('PUT', '/api/notifications/settings', body);
    const full = { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: false };
    const notBoolean = await put({ choices: { ...full, daily_digest: 'yes' } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json<{ error: string }>().error).toContain('daily_digest: say true or false');
    const missing = await put({ choices: { interview_completed: true } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toContain('screening_completed');
    expect((await put({ choices: full, weekly: true })).statusCode).toBe(400);
    const signedOut = new Agent(t.app);
    expect((await signedOut.get('/api/notifications/settings')).statusCode).toBe(401);
    expect((await signedOut.request('PUT', '/api/notifications/settings', { choices: full })).statusCode).toBe(401);
  });
});

describe('who is emailed', () => {
  it('an interview completed: the members who want it, viewers too; not those who turned it off, were removed or rejected, or have no address', async () => {
    const interview = await completeInterview(job.id, 'Grace Hopper');
    const subject = 'Grace Hopper completed the AI interview for Line Cook';
    expect(await receivedBy(subject)).toEqual(ACME_CANDIDATE_REQUESTS);
    const text = mailTo(subject, 'rec@acme.example')!.text!;
    expect(text).toContain(`Read the report: https://hire.example.com/interview/${interview.id}`);
    expect(text).toContain('Choose which emails you get: https://hire.example.com/settings/notifications');
    expect(text).toMatch(/Stop these emails: https:\/\/hire\.example\.com\/unsubscribe\?token=\S+/);
    // No answers in the email.
    expect(text).not.toContain('courier');

    // Once each: the event's emails are not written again, by a repeated run or a second instance.
    expect(await t.app.deps.notifications.notify(t.database.db, { kind: 'interview_completed', interviewId: interview.id })).toBe(0);
    const rows = await t.database.db.select().from(emails).where(like(emails.dedupeKey, `notify:interview_completed:${interview.id}:%`));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.interviewId === interview.id && r.status === 'sent')).toBe(true);
    expect(await receivedBy(subject)).toHaveLength(3);
  });

  it('only the members of the company where it happened', async () => {
    await completeInterview(strangerJob.id, 'Alan Turing');
    expect(await receivedBy('Alan Turing completed the AI interview for Courier')).toEqual(['boss@other.example']);
  });

  it('a screening evaluated, once however many times the job runs', async () => {
    const { db } = t.database;
    const [screening] = await db
      .insert(phoneScreenings)
      .values({ companyId, userId: ownerId, jobTitle: 'Dispatcher', questions: ['Why dispatch?'] })
      .returning();
    const [candidate] = await db
      .insert(phoneScreeningCandidates)
      .values({ screeningId: screening!.id, candidateName: 'Katherine Johnson', countryCode: '+1', phoneNumber: '5550100', interviewTime: new Date(), timeZone: 'UTC-05:00', zone: 'America/New_York', status: 'evaluating' })
      .returning();
    const [call] = await db
      .insert(phoneCalls)
      .values({
        candidateId: candidate!.id,
        attempt: 1,
        provider: 'simulator',
        status: 'completed',
        conversation: { phase: 'ended', questionIndex: 1, retries: 0, ending: 'finished' },
        transcript: [
          { speaker: 'AI', text: 'Why dispatch?' },
          { speaker: 'Candidate', text: 'I like keeping many moving parts in order.' },
        ],
      })
      .returning();
    const results = await Promise.all([runCallEvaluation(t.app.deps.calls, call!.id), runCallEvaluation(t.app.deps.calls, call!.id)]);
    expect(results.sort()).toEqual(['completed', 'skipped']);
    expect(await runCallEvaluation(t.app.deps.calls, call!.id)).toBe('skipped');
    const subject = 'Katherine Johnson completed the phone screening for Dispatcher';
    expect(await receivedBy(subject)).toEqual(ACME_ALL);
    expect(mailTo(subject, 'quiet@acme.example')!.text).toContain(`Read the result: https://hire.example.com/phone-screening/${screening!.id}/candidates/${candidate!.id}`);

    // Deleting the candidate's data deletes the notifications that name them.
    const naming = () => db.select().from(emails).where(like(emails.subject, '%Katherine Johnson%'));
    expect(await naming()).toHaveLength(ACME_ALL.length);
    const erased = await owner.post(`/api/phone-screening/candidates/${candidate!.id}/delete-data`, { reason: 'candidate_request' });
    expect(erased.statusCode).toBe(200);
    expect(await naming()).toEqual([]);
  });

  it('a candidate asking for an alternative or for deletion: once per request', async () => {
    const interview = await makeInterview(t.database.db, job.id, { candidateName: 'Mary Jackson', email: 'mary@example.com' });
    const asCandidate = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-candidate-token': interview.candidateToken }, ...(payload ? { payload } : {}) });

    expect((await asCandidate(`/api/interview/${interview.id}/alternative-requests`, { kind: 'more_time', message: 'I read slowly.' })).statusCode).toBe(201);
    const asked = 'Mary Jackson asked for an alternative to the AI interview';
    expect(await receivedBy(asked)).toEqual(ACME_CANDIDATE_REQUESTS);
    const text = mailTo(asked, 'viewer@acme.example')!.text!;
    expect(text).toContain('Mary Jackson (mary@example.com), invited to the AI interview for Line Cook, asked for: More time.');
    expect(text).toContain('I read slowly.');
    expect(text).toContain('"Candidate requests" is on in your notification settings');

    expect((await asCandidate(`/api/interview/${interview.id}/deletion-request`)).statusCode).toBe(201);
    expect((await asCandidate(`/api/interview/${interview.id}/deletion-request`)).statusCode).toBe(200);
    const deletion = 'Mary Jackson asked for their interview data to be deleted';
    expect(await receivedBy(deletion)).toEqual(ACME_CANDIDATE_REQUESTS);
    expect(mailTo(deletion, 'owner@acme.example')!.text).toContain(`you can delete it sooner from the report: https://hire.example.com/interview/${interview.id}`);

    // The candidate's access export holds what was sent to them, not the members' notifications about them.
    const exported = await owner.get(`/api/interview/${interview.id}/export`);
    expect(exported.statusCode).toBe(200);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['interview.json']!)) as { emails: { to: string }[] };
    expect(doc.emails.map((m) => m.to)).toEqual([]);
    expect(await t.database.db.select().from(emails).where(eq(emails.interviewId, interview.id))).toHaveLength(2 * ACME_CANDIDATE_REQUESTS.length);
  });
});

describe('the unsubscribe link', () => {
  it('shows what it turns off, turns it off only when posted, and the member gets no more of that kind', async () => {
    const token = unsubscribeToken(mailTo('Grace Hopper completed the AI interview for Line Cook', 'rec@acme.example'));
    expect(token).toBeDefined();
    const read = () => t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` });
    expect((await read()).json<UnsubscribeView>()).toEqual({ kind: 'interview_completed', label: 'Interview completed', subscribed: true });
    // Opening the link (a mail scanner does) changes nothing.
    expect((await read()).json<UnsubscribeView>().subscribed).toBe(true);

    const off = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token: decodeURIComponent(token!) } });
    expect(off.statusCode).toBe(200);
    expect(off.json<UnsubscribeView>()).toEqual({ kind: 'interview_completed', label: 'Interview completed', subscribed: false });
    expect((await read()).json<UnsubscribeView>().subscribed).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token: decodeURIComponent(token!) } });
    expect(again.json<UnsubscribeView>().subscribed).toBe(false);

    await completeInterview(job.id, 'Dorothy Vaughan');
    expect(await receivedBy('Dorothy Vaughan completed the AI interview for Line Cook')).toEqual(['owner@acme.example', 'viewer@acme.example']);
    // Only that kind: the recruiter still hears of candidates' requests.
    const rec = await signedIn({ username: (await t.database.db.select().from(users).where(eq(users.email, 'rec@acme.example')))[0]!.username, password: 'correct horse battery' });
    expect((await rec.get('/api/notifications/settings')).json<NotificationSettingsView>().choices).toEqual({
      interview_completed: false,
      screening_completed: true,
      candidate_request: true,
      daily_digest: false,
    });
  });

  it("offers the mail client's own one-click button (RFC 8058), which turns that kind off", async () => {
    const mail = mailTo('Dorothy Vaughan completed the AI interview for Line Cook', 'viewer@acme.example')!;
    const header = (key: string) => mail.headerLines.find((h) => h.key === key)?.line ?? '';
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const url = /<(https:\/\/hire\.example\.com\/api\/notifications\/unsubscribe\/one-click\?token=[^>]+)>/.exec(header('list-unsubscribe'))?.[1];
    expect(url).toBeDefined();
    const path = url!.replace('https://hire.example.com', '');
    // Anything but the one-click form is refused; the form turns it off, as the mail client sends it (no cookie, no origin).
    expect((await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=Maybe' })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(res.json<UnsubscribeView>()).toEqual({ kind: 'interview_completed', label: 'Interview completed', subscribed: false });
    expect((await viewer.get('/api/notifications/settings')).json<NotificationSettingsView>().choices.interview_completed).toBe(false);
  });

  it('answers 400 with a sentence for a link that is not one this install made, or a removed member\'s', async () => {
    const valid = t.app.deps.notifications.unsubscribeToken(ownerId, 'candidate_request');
    const [userId, , mac] = valid.split('.');
    const bad = [
      `${userId}.candidate_request.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      `${userId}.daily_digest.${mac}`,
      `${Number(userId) + 1}.candidate_request.${mac}`,
      'not-a-token',
      t.app.deps.notifications.unsubscribeToken(removedId, 'candidate_request'),
      t.app.deps.notifications.unsubscribeToken(999_999, 'candidate_request'),
    ];
    for (const token of bad) {
      const get = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(get.statusCode).toBe(400);
      expect(get.json()).toEqual({ error: UNSUBSCRIBE_LINK_INVALID, code: 'LINK_INVALID' });
      const post = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });
      expect(post.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unsubscribe' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} })).statusCode).toBe(400);
    // The valid one still reads.
    expect((await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${valid}` })).statusCode).toBe(200);
  });
});
