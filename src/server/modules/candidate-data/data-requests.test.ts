import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRequestItem, DeletionRequestReceipt } from '../../../contracts/candidate-data';
import type { Job } from '../../../contracts/jobs';
import type { CallLink } from '../../../contracts/phone-call-results';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { auditLog, dataRequests, emails, interviews, phoneScreeningCandidates, users } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { DELETED_NAME } from './candidate-data.service';
import { carryOutDueRequests, HELD_NOTICE_SUBJECT } from './data-requests.service';

const DAY = 24 * 60 * 60_000;

let t: TestApp;
let smtp: TestSmtp;
let owner: Agent;
let job: Job;
/** The app's clock (app.deps.now): the time now, unless a test sets it. */
let clockAt: Date | null = null;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.test>' }, { clock: () => clockAt ?? new Date() });
  owner = new Agent(t.app);
  await owner.register('requests-owner', 'Request Co');
  job = (await owner.post('/api/job', { title: 'Barista', description: 'Coffee.' })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function invited(name: string) {
  const created = await owner.post(`/api/job/${job.id}/interview`, { candidateName: name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` });
  const id = created.json<{ id: number }>().id;
  const [row] = await t.database.db.select({ token: interviews.candidateToken }).from(interviews).where(eq(interviews.id, id));
  return { id, token: row!.token };
}

const asCandidate = (method: 'GET' | 'POST', id: number, token: string) =>
  t.app.inject({ method, url: `/api/interview/${id}/deletion-request`, headers: { 'x-candidate-token': token } });

const deps = () => ({ db: t.database.db, storage: new RecordingStorage(t.config.dataDir), telephony: null, mailer: t.app.deps.mailer });

describe("a candidate's deletion request", () => {
  it('is made once from the link, with a 30-day deadline, and lands in the company inbox', async () => {
    const { id, token } = await invited('Robin Ash');
    expect((await asCandidate('GET', id, token)).statusCode).toBe(404);
    const first = await asCandidate('POST', id, token);
    expect(first.statusCode).toBe(201);
    const receipt = first.json<DeletionRequestReceipt>();
    expect(receipt.status).toBe('open');
    expect(Date.parse(receipt.dueAt) - Date.parse(receipt.requestedAt)).toBe(30 * DAY);
    const again = await asCandidate('POST', id, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
    expect((await asCandidate('GET', id, token)).json()).toEqual(receipt);

    const inbox = (await owner.get('/api/data-requests')).json<DataRequestItem[]>();
    expect(inbox).toContainEqual(expect.objectContaining({ interviewId: id, kind: 'deletion', status: 'open', candidateName: 'Robin Ash', jobTitle: 'Barista', dueAt: receipt.dueAt }));
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${id}`));
    expect(audits.map((a) => a.action)).toEqual(['deletion_requested']);
  });

  it('needs the candidate link: a recruiter, a wrong token or another interview cannot make it', async () => {
    const { id, token } = await invited('Jo Field');
    const other = await invited('Max Moor');
    expect((await owner.post(`/api/interview/${id}/deletion-request`)).statusCode).toBe(401);
    expect((await asCandidate('POST', id, 'not-the-token')).statusCode).toBe(401);
    expect((await asCandidate('POST', other.id, token)).statusCode).toBe(404);
    expect(await t.database.db.select().from(dataRequests).where(eq(dataRequests.interviewId, id))).toEqual([]);
  });

  it('is carried out at its deadline; under a legal hold the candidate is told why, once, and the deletion follows the hold', async () => {
    const open = await invited('Dana Holt');
    const held = await invited('Eli Stone');
    await asCandidate('POST', open.id, open.token);
    await asCandidate('POST', held.id, held.token);
    await owner.request('PUT', `/api/interview/${held.id}/legal-hold`, { hold: true });
    const [request] = await t.database.db.select().from(dataRequests).where(eq(dataRequests.interviewId, open.id));

    // (The first test's request falls due with these: counts include it.)
    expect(await carryOutDueRequests(deps(), new Date(request!.dueAt.getTime() - DAY))).toEqual({ completed: 0, held: 0, failed: 0 });
    expect((await t.database.db.select().from(interviews).where(eq(interviews.id, open.id)))[0]!.dataDeletedAt).toBeNull();
    const atDeadline = new Date(request!.dueAt.getTime() + 60_000);
    expect(await carryOutDueRequests(deps(), atDeadline)).toMatchObject({ held: 1 });
    const [openRow] = await t.database.db.select().from(interviews).where(eq(interviews.id, open.id));
    expect(openRow).toMatchObject({ candidateName: DELETED_NAME, deletionReason: 'candidate_request' });

    const mails = await smtp.waitFor(1);
    const notice = mails.find((m) => m.subject === HELD_NOTICE_SUBJECT)!;
    expect(notice.to).toMatchObject({ text: 'eli@example.com' });
    expect(notice.text).toContain('legal hold');
    // The next day: still held, no second email.
    await carryOutDueRequests(deps(), new Date(atDeadline.getTime() + DAY));
    expect(smtp.messages.filter((m) => m.subject === HELD_NOTICE_SUBJECT)).toHaveLength(1);

    const inbox = (await owner.get('/api/data-requests')).json<DataRequestItem[]>();
    expect(inbox.find((r) => r.interviewId === held.id)).toMatchObject({ status: 'held', legalHold: true, candidateName: 'Eli Stone' });
    expect(inbox.find((r) => r.interviewId === open.id)).toMatchObject({ status: 'completed', candidateName: DELETED_NAME });

    await owner.request('PUT', `/api/interview/${held.id}/legal-hold`, { hold: false });
    expect(await carryOutDueRequests(deps(), new Date(atDeadline.getTime() + 2 * DAY))).toEqual({ completed: 1, held: 0, failed: 0 });
    const [heldRow] = await t.database.db.select().from(interviews).where(eq(interviews.id, held.id));
    expect(heldRow!.candidateName).toBe(DELETED_NAME);
  });

  it('a recruiter deleting the data earlier completes the request', async () => {
    const { id, token } = await invited('Ira Quill');
    await asCandidate('POST', id, token);
    expect((await owner.post(`/api/interview/${id}/delete-data`, { reason: 'candidate_request' })).json()).toEqual({ deleted: true });
    const [request] = await t.database.db.select().from(dataRequests).where(eq(dataRequests.interviewId, id));
    expect(request).toMatchObject({ status: 'completed' });
    expect(request!.completedAt).toBeInstanceOf(Date);
    // The old link no longer opens anything.
    expect((await asCandidate('GET', id, token)).statusCode).toBe(401);
  });
});

// Issue 15, part 2: the same request from a phone screening candidate's call link (decision 021).
describe("a phone screening candidate's deletion request", () => {
  let screening: PhoneScreening;

  /** A candidate of the screening with their call link's token (the link the recruiter sends them). */
  async function called(name: string) {
    const added = await owner.post(`/api/phone-screening/${screening.id}/candidates`, {
      candidateName: name,
      countryCode: '+1',
      phoneNumber: '555-010-2030',
      timeZone: 'UTC-05:00',
      interviewTime: '2026-12-01T15:00:00.000Z',
    });
    expect(added.statusCode).toBe(201);
    const { id } = added.json<ScreeningCandidate>();
    const link = await owner.post(`/api/phone-screening/candidates/${id}/call-link`);
    expect(link.statusCode).toBe(200);
    return { id, token: new URL(link.json<CallLink>().url).searchParams.get('token')! };
  }

  const byLink = (method: 'GET' | 'POST', id: number | string, token?: string) =>
    t.app.inject({ method, url: `/api/phone-call/${id}/deletion-request`, headers: token ? { 'x-candidate-token': token } : {} });

  /** Makes the request at `at` on the app's clock. */
  async function askAt(at: Date, id: number, token: string) {
    clockAt = at;
    try {
      return await byLink('POST', id, token);
    } finally {
      clockAt = null;
    }
  }

  const candidateRow = async (id: number) => (await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;
  const requestRow = async (id: number) => (await t.database.db.select().from(dataRequests).where(eq(dataRequests.phoneCandidateId, id)))[0];

  beforeAll(async () => {
    const created = await owner.post('/api/phone-screening', { jobTitle: 'Delivery Driver', jobDescription: 'Local routes, safe driving.' });
    expect(created.statusCode).toBe(201);
    screening = created.json<PhoneScreening>();
  });

  it('is made once from the call link, dated by the clock, audited without personal data, emailed to the members and listed in the inbox', async () => {
    // The members who want candidate requests are emailed: give the owner an address.
    await t.database.db.update(users).set({ email: 'owner@request.example' }).where(eq(users.username, 'requests-owner'));
    const { id, token } = await called('Noor Valley');
    expect((await byLink('GET', id, token)).statusCode).toBe(404);

    const at = new Date(Math.floor((Date.now() - 5 * DAY) / 60_000) * 60_000);
    const sent = smtp.messages.length;
    const first = await askAt(at, id, token);
    expect(first.statusCode).toBe(201);
    const receipt = first.json<DeletionRequestReceipt>();
    expect(receipt).toEqual({ requestedAt: at.toISOString(), dueAt: new Date(at.getTime() + 30 * DAY).toISOString(), status: 'open' });
    // Asking again (the token in the address this time, as the link carries it) answers the same request.
    const again = await t.app.inject({ method: 'POST', url: `/api/phone-call/${id}/deletion-request?token=${encodeURIComponent(token)}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
    expect((await byLink('GET', id, token)).json()).toEqual(receipt);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `phone_candidate:${id}`));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([['deletion_requested', null]]);
    expect(JSON.stringify(audits)).not.toMatch(/Noor|Valley|555/);

    const subject = 'Noor Valley asked for their phone screening data to be deleted';
    const mails = (await smtp.waitFor(sent + 1)).slice(sent);
    expect(mails.map((m) => [m.subject, m.to])).toEqual([[subject, expect.objectContaining({ text: 'owner@request.example' })]]);
    expect(mails[0]!.text).toContain('Noor Valley, a candidate in the phone screening for Delivery Driver, asked for their data to be deleted.');
    expect(mails[0]!.text).toContain(`you can delete it sooner from the screening result: http://localhost:3000/phone-screening/${screening.id}/candidates/${id}`);
    // The email names the candidate: it goes with their data (decision 031).
    const stored = await t.database.db.select().from(emails).where(eq(emails.subject, subject));
    expect(stored.map((e) => e.phoneCandidateId)).toEqual([id]);

    const inbox = (await owner.get('/api/data-requests')).json<DataRequestItem[]>();
    expect(inbox.filter((r) => r.phoneCandidateId === id)).toEqual([
      expect.objectContaining({
        kind: 'deletion',
        status: 'open',
        interviewId: null,
        jobId: null,
        phoneCandidateId: id,
        screeningId: screening.id,
        jobTitle: 'Delivery Driver',
        candidateName: 'Noor Valley',
        legalHold: false,
        requestedAt: receipt.requestedAt,
        dueAt: receipt.dueAt,
      }),
    ]);

    // The candidate's access export holds the request.
    const exported = await owner.get(`/api/phone-screening/candidates/${id}/export`);
    expect(exported.statusCode).toBe(200);
    const doc = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['candidate.json']!)) as { dataRequests: unknown[] };
    expect(doc.dataRequests).toEqual([{ kind: 'deletion', status: 'open', requestedAt: receipt.requestedAt, dueAt: receipt.dueAt, completedAt: null }]);
  });

  it("needs the candidate's own call link: a recruiter's session, no token, a wrong one or another candidate's cannot make it", async () => {
    const { id, token } = await called('Kit Marsh');
    const other = await called('Lee Fenn');
    const refused = [
      await owner.post(`/api/phone-call/${id}/deletion-request`),
      await byLink('POST', id),
      await byLink('POST', id, 'not-the-token'),
      await byLink('POST', id, other.token),
      await byLink('POST', 999_999, token),
      await byLink('GET', id),
      await byLink('GET', id, other.token),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(refused[0]!.json()).toEqual({ error: 'Only the candidate can ask for their data to be deleted, from their call link', code: 'UNAUTHENTICATED' });
    expect(refused[2]!.json()).toEqual({ error: 'This call link is invalid or has expired', code: 'UNAUTHENTICATED' });
    expect((await byLink('POST', 'abc', token)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/phone-call/${id}/deletion-request?token=${'x'.repeat(201)}` })).statusCode).toBe(400);
    expect(await requestRow(id)).toBeUndefined();
    expect(await requestRow(other.id)).toBeUndefined();
  });

  it('is carried out at its deadline; under a legal hold it is held, the call link says so, and the deletion follows the hold', async () => {
    const open = await called('Ada Quarry');
    const held = await called('Bo Linden');
    // Earlier than the first test's request, so these fall due first.
    const at = new Date(Math.floor((Date.now() - 20 * DAY) / 60_000) * 60_000);
    expect((await askAt(at, open.id, open.token)).statusCode).toBe(201);
    expect((await askAt(at, held.id, held.token)).statusCode).toBe(201);
    expect((await owner.request('PUT', `/api/phone-screening/candidates/${held.id}/legal-hold`, { hold: true })).statusCode).toBe(200);
    const dueAt = new Date(at.getTime() + 30 * DAY);
    const sentBefore = smtp.messages.length;

    expect(await carryOutDueRequests(deps(), new Date(dueAt.getTime() - 60_000))).toEqual({ completed: 0, held: 0, failed: 0 });
    expect((await candidateRow(open.id)).dataDeletedAt).toBeNull();

    const atDeadline = new Date(dueAt.getTime() + 60_000);
    expect(await carryOutDueRequests(deps(), atDeadline)).toEqual({ completed: 1, held: 1, failed: 0 });
    expect(await candidateRow(open.id)).toMatchObject({ candidateName: DELETED_NAME, phoneNumber: '', candidateToken: null, deletionReason: 'candidate_request' });
    expect(await requestRow(open.id)).toMatchObject({ status: 'completed' });
    const erased = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `phone_candidate:${open.id}`));
    expect(erased.map((a) => [a.action, a.actorUserId, a.details])).toEqual([
      ['deletion_requested', null, null],
      ['candidate_data_deleted', null, { reason: 'candidate_request' }],
    ]);
    // The link no longer opens anything.
    expect((await byLink('GET', open.id, open.token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/phone-call/${open.id}?token=${open.token}` })).statusCode).toBe(401);

    // Held: kept, and the candidate (no address to write to) reads it on their call link.
    expect(await candidateRow(held.id)).toMatchObject({ candidateName: 'Bo Linden', dataDeletedAt: null });
    expect((await byLink('GET', held.id, held.token)).json<DeletionRequestReceipt>()).toMatchObject({ status: 'held', dueAt: dueAt.toISOString() });
    expect(await requestRow(held.id)).toMatchObject({ status: 'held', heldNoticeAt: atDeadline });
    // The next day: still held, nothing else changes.
    expect(await carryOutDueRequests(deps(), new Date(atDeadline.getTime() + DAY))).toEqual({ completed: 0, held: 1, failed: 0 });
    expect(await requestRow(held.id)).toMatchObject({ status: 'held', heldNoticeAt: atDeadline });
    expect(smtp.messages.slice(sentBefore).filter((m) => m.subject === HELD_NOTICE_SUBJECT)).toEqual([]);

    const inbox = (await owner.get('/api/data-requests')).json<DataRequestItem[]>();
    expect(inbox.find((r) => r.phoneCandidateId === held.id)).toMatchObject({ status: 'held', legalHold: true, candidateName: 'Bo Linden', screeningId: screening.id });
    expect(inbox.find((r) => r.phoneCandidateId === open.id)).toMatchObject({ status: 'completed', candidateName: DELETED_NAME, jobTitle: 'Delivery Driver' });

    await owner.request('PUT', `/api/phone-screening/candidates/${held.id}/legal-hold`, { hold: false });
    expect(await carryOutDueRequests(deps(), new Date(atDeadline.getTime() + 2 * DAY))).toEqual({ completed: 1, held: 0, failed: 0 });
    expect(await candidateRow(held.id)).toMatchObject({ candidateName: DELETED_NAME, deletionReason: 'candidate_request' });
    expect(await requestRow(held.id)).toMatchObject({ status: 'completed' });
  });

  it('a recruiter deleting the data earlier completes the request', async () => {
    const { id, token } = await called('Cy Orchard');
    expect((await byLink('POST', id, token)).statusCode).toBe(201);
    expect((await owner.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'candidate_request' })).json()).toEqual({ deleted: true });
    const request = await requestRow(id);
    expect(request).toMatchObject({ status: 'completed' });
    expect(request!.completedAt).toBeInstanceOf(Date);
    expect((await byLink('GET', id, token)).statusCode).toBe(401);
    // The notification naming the candidate went with their data.
    expect(await t.database.db.select().from(emails).where(eq(emails.phoneCandidateId, id))).toEqual([]);
  });
});
