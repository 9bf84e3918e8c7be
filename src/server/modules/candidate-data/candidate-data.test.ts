import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewDetail } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import type { ScreeningResult } from '../../../contracts/phone-call-results';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { auditLog, emails, feedback, interviewReviews, interviews, phoneCalls, phoneScreeningCandidates, recordingUploads } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { FakeTwilioTransport, sid, TWILIO_ENV, TWILIO_SETTINGS } from '../../test/twilio';
import { waitFor } from '../../test/wait';
import { runEvaluation } from '../evaluation/evaluation.service';
import { DELETED_NAME, LEGAL_HOLD_REFUSAL, requestRetentionRun, sweepRetention } from './candidate-data.service';

const DAY = 24 * 60 * 60_000;
const STORED_FEEDBACK = {
  summary: 'Sam Rivera explained the refund policy clearly.',
  overall: 72,
  criteria: [
    { name: 'Customer service', weight: 60, score: 80, feedback: 'Sam stayed calm.', evidence: [{ quote: 'I listened to her first', atMs: 12_000 }] },
    { name: 'Communication', weight: 40, score: 60, feedback: 'Clear.', evidence: [] },
  ],
  insufficientEvidence: false,
  engine: 'builtin',
  promptVersion: 'builtin-eval-3',
  biasFlags: [],
  evaluatedAt: '2026-01-01T00:00:00.000Z',
};

let t: TestApp;
let transport: FakeTwilioTransport;
let owner: Agent;
let stranger: Agent;
let job: Job;
let storage: RecordingStorage;

beforeAll(async () => {
  transport = new FakeTwilioTransport();
  t = await createTestApp(TWILIO_ENV, { telephony: createTwilioTelephony(TWILIO_SETTINGS, 'http://localhost:3000', { httpClient: transport }) });
  storage = new RecordingStorage(t.config.dataDir);
  owner = new Agent(t.app);
  expect((await owner.register('data-owner', 'Owner Retail')).statusCode).toBe(201);
  stranger = new Agent(t.app);
  const registered = await stranger.register('data-stranger', 'Stranger Goods');
  expect((await owner.post(`/api/admin/accounts/${registered.json<{ id: number }>().id}/approve`)).statusCode).toBe(200);
  job = (await owner.post('/api/job', { title: 'Store Associate', description: 'Helps customers on the shop floor.' })).json<Job>();
  // The app asks for a retention run at start-up; it runs on the real clock, so it must be over
  // before the tests write rows that are due on that clock (the next run is 12 hours away).
  await waitFor('the start-up retention run', async () => {
    const { rows } = await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'retention-sweep' and state = 'completed'`);
    return rows[0]!.n > 0 ? true : undefined;
  });
});
afterAll(() => t.close());

/** The candidate's address: their first name at example.com. */
const emailOf = (name: string) => `${name.split(' ')[0]!.toLowerCase()}@example.com`;

/** An interview with everything a candidate leaves behind: a scored evaluation, transcript, recording on disk, notes, a review, an invitation email. */
async function completedInterview(name = 'Sam Rivera', completedAt = new Date()) {
  const created = await owner.post(`/api/job/${job.id}/interview`, { candidateName: name, email: emailOf(name) });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  const [token] = await t.database.db.select({ token: interviews.candidateToken }).from(interviews).where(eq(interviews.id, id));
  const uploadId = `rec${id}x${Date.now()}`;
  await storage.init();
  writeFileSync(storage.pathOf(uploadId), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]));
  writeFileSync(`${storage.pathOf(uploadId)}.json`, '{}');
  await t.database.db.insert(recordingUploads).values({ id: uploadId, interviewId: id });
  await t.database.db
    .update(interviews)
    .set({
      status: 'completed',
      completedAt,
      feedback: STORED_FEEDBACK,
      transcript: { transcript: [{ speaker: 'AI', text: 'Tell me about a refund.' }, { speaker: 'Candidate', text: `I am ${name} and I listened to her first.` }] },
      recordingSegments: [{ uploadId, bytes: 7 }],
      recordingUrl: `/api/interview/${id}/recording`,
    })
    .where(eq(interviews.id, id));
  const ownerId = (await owner.get('/api/user')).json<{ id: number }>().id;
  await t.database.db.insert(feedback).values({ interviewId: id, content: `${name} was great`, rating: 4 });
  await t.database.db.insert(interviewReviews).values({ interviewId: id, userId: ownerId, kind: 'decision', decision: 'advance', reason: `${name} knows the policy` });
  await t.database.db.insert(emails).values({ kind: 'invitation', toAddress: emailOf(name), subject: 'Your interview', body: `Hello ${name}`, status: 'outbox', interviewId: id });
  return { id, uploadId, token: token!.token };
}

const rowOf = async (id: number) => (await t.database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;

describe('deleting a video interview candidate', () => {
  it('removes every place the data lived, keeps an anonymised scored row, and audits without personal data', async () => {
    const { id, uploadId, token } = await completedInterview('Sam Rivera');
    expect(existsSync(storage.pathOf(uploadId))).toBe(true);

    const res = await owner.post(`/api/interview/${id}/delete-data`, { reason: 'candidate_request' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    const row = await rowOf(id);
    expect(row).toMatchObject({ candidateName: DELETED_NAME, email: '', transcript: null, recordingUrl: null, recordingSegments: null, deletionReason: 'candidate_request', status: 'completed' });
    expect(row.dataDeletedAt).toBeInstanceOf(Date);
    // Scores stay for the job's statistics; the words about the person do not.
    expect(row.feedback).toMatchObject({ overall: 72, summary: '', criteria: [{ name: 'Customer service', weight: 60, score: 80, feedback: '', evidence: [] }, { name: 'Communication', score: 60 }] });
    expect(JSON.stringify(row)).not.toMatch(/Sam|listened/);
    expect(existsSync(storage.pathOf(uploadId))).toBe(false);
    expect(existsSync(`${storage.pathOf(uploadId)}.json`)).toBe(false);
    expect(await t.database.db.select().from(recordingUploads).where(eq(recordingUploads.interviewId, id))).toEqual([]);
    expect(await t.database.db.select().from(feedback).where(eq(feedback.interviewId, id))).toEqual([]);
    expect(await t.database.db.select().from(emails).where(eq(emails.interviewId, id))).toEqual([]);
    const reviews = await t.database.db.select().from(interviewReviews).where(eq(interviewReviews.interviewId, id));
    expect(reviews).toMatchObject([{ kind: 'decision', decision: 'advance', reason: '' }]);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${id}`));
    expect(audits).toMatchObject([{ action: 'candidate_data_deleted', details: { reason: 'candidate_request' } }]);
    expect(JSON.stringify(audits)).not.toMatch(/Sam|Rivera|example\.com/);

    // The report says so; the candidate's link no longer opens anything; the recording is gone.
    const detail = (await owner.get(`/api/interview/${id}`)).json<InterviewDetail>();
    expect(detail).toMatchObject({ candidateName: DELETED_NAME, transcript: null, legalHold: false });
    expect(detail.dataDeletedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${id}?token=${token}` })).statusCode).toBe(401);
    expect((await owner.get(`/api/interview/${id}/recording`)).statusCode).toBe(404);

    // Reviews would write free text about the person again: refused.
    const review = await owner.post(`/api/interview/${id}/review`, { scores: [], decision: 'reject', note: 'Sam was late' });
    expect(review.statusCode).toBe(409);
    expect(review.json<{ error: string }>().error).toBe("This candidate's data was deleted: the interview can no longer be reviewed");

    // A second request changes nothing.
    expect((await owner.post(`/api/interview/${id}/delete-data`, { reason: 'other' })).json()).toEqual({ deleted: false });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${id}`))).toHaveLength(1);
  });

  it('refuses a missing or unknown reason, another company, and an interview under legal hold', async () => {
    const { id, uploadId } = await completedInterview('Ada Byron');
    for (const body of [{}, { reason: 'retention' }, { reason: 'because' }]) {
      const bad = await owner.post(`/api/interview/${id}/delete-data`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await stranger.post(`/api/interview/${id}/delete-data`, { reason: 'other' })).statusCode).toBe(404);
    expect((await stranger.request('PUT', `/api/interview/${id}/legal-hold`, { hold: true })).statusCode).toBe(404);

    expect((await owner.request('PUT', `/api/interview/${id}/legal-hold`, { hold: true })).json()).toEqual({ legalHold: true });
    const held = await owner.post(`/api/interview/${id}/delete-data`, { reason: 'withdrawn' });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ error: LEGAL_HOLD_REFUSAL, code: 'LEGAL_HOLD' });
    expect((await rowOf(id)).candidateName).toBe('Ada Byron');
    expect(existsSync(storage.pathOf(uploadId))).toBe(true);
    expect((await owner.get(`/api/interview/${id}`)).json<InterviewDetail>().legalHold).toBe(true);

    expect((await owner.request('PUT', `/api/interview/${id}/legal-hold`, { hold: false })).statusCode).toBe(200);
    expect((await owner.post(`/api/interview/${id}/delete-data`, { reason: 'withdrawn' })).json()).toEqual({ deleted: true });
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${id}`))).map((a) => a.action);
    expect(actions).toEqual(['legal_hold_placed', 'legal_hold_lifted', 'candidate_data_deleted']);
  });

  it('an interview deleted while it waits for evaluation is never scored', async () => {
    const { id } = await completedInterview('Lee Chen');
    await t.database.db.update(interviews).set({ status: 'evaluating', feedback: null }).where(eq(interviews.id, id));
    await owner.post(`/api/interview/${id}/delete-data`, { reason: 'entered_in_error' });
    expect(await runEvaluation({ db: t.database.db, ai: t.app.deps.ai, log: t.app.log }, id)).toBe('skipped');
    expect((await rowOf(id)).feedback).toBeNull();
  });
});

describe("exporting a candidate's data", () => {
  it('downloads one ZIP with everything stored and the recording, audited; after deletion only what remains', async () => {
    const { id, uploadId } = await completedInterview('Zoe Park');
    expect((await stranger.get(`/api/interview/${id}/export`)).statusCode).toBe(404);
    const res = await owner.get(`/api/interview/${id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="interview-${id}-export.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['interview.json', 'recording-1.webm']);
    expect(Buffer.from(files['recording-1.webm']!)).toEqual(readFileSync(storage.pathOf(uploadId)));
    const doc = JSON.parse(strFromU8(files['interview.json']!)) as Record<string, unknown>;
    expect(doc).toMatchObject({
      format: 'hireloop-interview-export-1',
      interview: { id, candidateName: 'Zoe Park', email: 'zoe@example.com', status: 'completed', legalHold: false, dataDeletedAt: null },
      evaluation: { summary: STORED_FEEDBACK.summary, overall: 72 },
      notes: [{ content: 'Zoe Park was great', rating: 4 }],
      reviews: [{ kind: 'decision', decision: 'advance', reason: 'Zoe Park knows the policy', reviewer: 'data-owner' }],
      emails: [{ kind: 'invitation', to: 'zoe@example.com', body: 'Hello Zoe Park' }],
      recordings: [{ file: 'recording-1.webm', bytes: 7 }],
    });
    expect(JSON.stringify(doc.transcript)).toContain('I am Zoe Park');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${id}`));
    expect(audit).toMatchObject({ action: 'candidate_data_exported' });

    await owner.post(`/api/interview/${id}/delete-data`, { reason: 'candidate_request' });
    const after = unzipSync(new Uint8Array((await owner.get(`/api/interview/${id}/export`)).rawPayload));
    expect(Object.keys(after)).toEqual(['interview.json']);
    const remaining = strFromU8(after['interview.json']!);
    expect(remaining).not.toMatch(/Zoe|Park/);
    expect(JSON.parse(remaining)).toMatchObject({ interview: { candidateName: DELETED_NAME, deletionReason: 'candidate_request' }, recordings: [], notes: [], emails: [] });
  });
});

describe('retention', () => {
  it('validates the period, audits a change, and the daily run deletes what is due except held interviews', async () => {
    expect((await owner.get('/api/company/settings')).json()).toEqual({ retentionDays: 365, candidateLinkDays: 14 });
    for (const retentionDays of [10, 2000, 'a year']) {
      const bad = await owner.request('PATCH', '/api/company/settings', { retentionDays });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toContain('Keep candidate data between 30 and 1461 days');
    }
    expect((await owner.request('PATCH', '/api/company/settings', { retentionDays: 30 })).json()).toEqual({ retentionDays: 30, candidateLinkDays: 14 });
    expect((await stranger.get('/api/company/settings')).json()).toEqual({ retentionDays: 365, candidateLinkDays: 14 });
    const [changed] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention_changed'));
    expect(changed).toMatchObject({ details: { from: 365, to: 30 } });

    const ended = new Date('2026-03-01T12:00:00Z');
    const due = await completedInterview('Due Person', ended);
    const held = await completedInterview('Held Person', ended);
    const recent = await completedInterview('Recent Person', new Date(ended.getTime() + 20 * DAY));
    await owner.request('PUT', `/api/interview/${held.id}/legal-hold`, { hold: true });
    const deps = { db: t.database.db, storage, telephony: null };

    // 29 days after the end nothing is due yet.
    await sweepRetention(deps, new Date(ended.getTime() + 29 * DAY));
    expect((await rowOf(due.id)).dataDeletedAt).toBeNull();

    const swept = await sweepRetention(deps, new Date(ended.getTime() + 31 * DAY));
    expect(swept.failed).toBe(0);
    expect(await rowOf(due.id)).toMatchObject({ candidateName: DELETED_NAME, deletionReason: 'retention' });
    expect(existsSync(storage.pathOf(due.uploadId))).toBe(false);
    expect((await rowOf(held.id)).candidateName).toBe('Held Person');
    expect((await rowOf(recent.id)).candidateName).toBe('Recent Person');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `interview:${due.id}`));
    expect(audit).toMatchObject({ action: 'candidate_data_deleted', actorUserId: null, details: { reason: 'retention' } });
    await owner.request('PATCH', '/api/company/settings', { retentionDays: 365 });
  });

  it('runs as a queued job, on the app clock', async () => {
    const ended = new Date('2025-01-01T00:00:00Z');
    const later = await createTestApp({}, { clock: () => new Date(ended.getTime() + 400 * DAY) });
    try {
      const agent = new Agent(later.app);
      await agent.register('queue-owner', 'Queue Co');
      const laterJob = (await agent.post('/api/job', { title: 'Clerk', description: 'Files.' })).json<Job>();
      const created = (await agent.post(`/api/job/${laterJob.id}/interview`, { candidateName: 'Old Applicant', email: 'old@example.com' })).json<{ id: number }>();
      await later.database.db.update(interviews).set({ status: 'completed', completedAt: ended }).where(eq(interviews.id, created.id));
      // Start-up asked for a run (it ran before this row was due); asking again in the same period adds none.
      const queued = async () => (await later.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'retention-sweep'`)).rows[0]!.n;
      await waitFor('the run asked for at start-up', async () => ((await queued()) === 1 ? true : undefined));
      expect(await requestRetentionRun(later.app.deps.queue)).toBeNull();
      expect(await queued()).toBe(1);
      await later.app.deps.queue.send('retention-sweep', {});
      await waitFor('the retention job', async () => {
        const [row] = await later.database.db.select().from(interviews).where(eq(interviews.id, created.id));
        return row?.dataDeletedAt ? row : undefined;
      });
    } finally {
      await later.close();
    }
  });
});

describe('deleting a phone screening candidate', () => {
  async function screenedCandidate(name: string) {
    const screening = (await owner.post('/api/phone-screening', { jobTitle: 'Driver', jobDescription: 'Deliveries.' })).json<PhoneScreening>();
    const added = await owner.post(`/api/phone-screening/${screening.id}/candidates`, {
      candidateName: name,
      countryCode: '+1',
      phoneNumber: '5550100',
      interviewTime: '2030-05-01T15:00:00.000Z',
      timeZone: 'UTC-05:00',
      notes: `${name} prefers mornings`,
    });
    expect(added.statusCode).toBe(201);
    const candidate = added.json<ScreeningCandidate>();
    const recordingSid = sid('RE');
    await t.database.db.insert(phoneCalls).values({
      candidateId: candidate.id,
      attempt: 1,
      provider: 'twilio',
      status: 'completed',
      conversation: { phase: 'ended', questionIndex: 1, retries: 0 },
      transcript: [{ speaker: 'Candidate', text: `This is ${name}` }],
      recordingSid,
      recordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${TWILIO_SETTINGS.accountSid}/Recordings/${recordingSid}`,
    });
    await t.database.db
      .update(phoneScreeningCandidates)
      .set({ status: 'completed', transcript: { transcript: [{ speaker: 'Candidate', text: `This is ${name}` }] }, feedback: STORED_FEEDBACK, recordingUrl: '/x' })
      .where(eq(phoneScreeningCandidates.id, candidate.id));
    return { id: candidate.id, recordingSid };
  }

  it('deletes the call recording at the provider first, then the data; a provider failure deletes nothing', async () => {
    const { id, recordingSid } = await screenedCandidate('Pat Doe');
    transport.failRecordingDeletions = true;
    const failed = await owner.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'candidate_request' });
    transport.failRecordingDeletions = false;
    expect(failed.statusCode).toBe(503);
    expect(failed.json<{ error: string }>().error).toBe('The telephony provider could not delete the call recording: nothing was deleted. Please try again.');
    expect((await owner.get(`/api/phone-screening/candidates/${id}/result`)).json<ScreeningResult>().candidateName).toBe('Pat Doe');

    const res = await owner.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'candidate_request' });
    expect(res.json()).toEqual({ deleted: true });
    expect(transport.deletedRecordings).toContain(recordingSid);
    const result = (await owner.get(`/api/phone-screening/candidates/${id}/result`)).json<ScreeningResult>();
    expect(result).toMatchObject({ candidateName: DELETED_NAME, phoneNumber: '', notes: null, transcript: [], recordingUrl: null, legalHold: false });
    expect(result.dataDeletedAt).not.toBeNull();
    expect(result.feedback).toMatchObject({ overall: 72, summary: '' });
    const [call] = await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, id));
    expect(call).toMatchObject({ transcript: [], recordingSid: null, recordingUrl: null });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `phone_candidate:${id}`));
    expect(audits).toMatchObject([{ action: 'candidate_data_deleted', details: { reason: 'candidate_request' } }]);
  });

  it('keeps a held candidate', async () => {
    const { id } = await screenedCandidate('Kim Held');
    expect((await owner.request('PUT', `/api/phone-screening/candidates/${id}/legal-hold`, { hold: true })).json()).toEqual({ legalHold: true });
    expect((await owner.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'other' })).statusCode).toBe(409);
    expect(transport.deletedRecordings).toHaveLength(1);
    expect((await stranger.post(`/api/phone-screening/candidates/${id}/delete-data`, { reason: 'other' })).statusCode).toBe(404);
  });
});
