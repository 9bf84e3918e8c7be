import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataRequestItem, DeletionRequestReceipt } from '../../../contracts/candidate-data';
import type { Job } from '../../../contracts/jobs';
import { auditLog, dataRequests, interviews } from '../../db/schema';
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

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.test>' });
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
