import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import type { JobAnalytics, ReviewState } from '../../../contracts/report';
import { interviews, recordingUploads } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { Agent, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let a: Agent;
let b: Agent;
let job: Job;
const video = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(10_000)]);

const feedback = {
  summary: 'Solid answers.',
  overall: 70,
  criteria: [
    { name: 'Customer service', weight: 60, score: 80, feedback: 'Good', evidence: [] },
    { name: 'Communication', weight: 40, score: 55, feedback: 'Mixed', evidence: [] },
  ],
  engine: 'builtin',
  promptVersion: 'builtin-eval-1',
  insufficientEvidence: false,
  biasFlags: [],
};

async function completedInterview(name: string, overrides: Partial<typeof interviews.$inferInsert> = {}) {
  const created = (await a.post(`/api/job/${job.id}/interview`, { candidateName: name, email: `${name.toLowerCase().replace(/\s/g, '')}@example.com` })).json<CreatedInterview>();
  const uploadId = randomBytes(16).toString('hex');
  writeFileSync(new RecordingStorage(t.config.dataDir).pathOf(uploadId), video);
  await t.database.db.insert(recordingUploads).values({ id: uploadId, interviewId: created.id });
  const started = new Date(Date.now() - 20 * 60_000);
  await t.database.db
    .update(interviews)
    .set({ status: 'completed', feedback, startedAt: started, completedAt: new Date(started.getTime() + 15 * 60_000), recordingSegments: [{ uploadId, bytes: video.length }], recordingUrl: `/api/interview/${created.id}/recording`, ...overrides })
    .where(eq(interviews.id, created.id));
  return created;
}

beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('report-owner', 'Owner Co');
  b = new Agent(t.app);
  await b.register('report-other', 'Other Co');
  job = (await a.post('/api/job', { title: 'Support Agent', description: 'Customer support by phone.' })).json<Job>();
});
afterAll(() => t.close());

describe('recording', () => {
  it('reports the recording and serves it to the owner with range requests', async () => {
    const iv = await completedInterview('Rae Quinn');
    const status = await a.get(`/api/interview/${iv.id}/recording/status`);
    expect(status.json()).toEqual({ hasRecording: true, recordingUrl: `/api/interview/${iv.id}/recording?segment=0`, segments: [{ url: `/api/interview/${iv.id}/recording?segment=0`, bytes: video.length }] });
    const whole = await a.get(`/api/interview/${iv.id}/recording`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const part = await a.request('GET', `/api/interview/${iv.id}/recording?segment=0`, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tooFar = await a.request('GET', `/api/interview/${iv.id}/recording`, undefined, { range: `bytes=${video.length + 10}-` });
    expect(tooFar.statusCode).toBe(416);
  });

  it('answers 404 to other companies and when there is no recording', async () => {
    const iv = await completedInterview('Sol Park');
    expect((await b.get(`/api/interview/${iv.id}/recording`)).statusCode).toBe(404);
    expect((await b.get(`/api/interview/${iv.id}/recording/status`)).statusCode).toBe(404);
    expect((await a.get(`/api/interview/${iv.id}/recording?segment=3`)).statusCode).toBe(404);
    const pending = (await a.post(`/api/job/${job.id}/interview`, { candidateName: 'No Rec', email: 'norec@example.com' })).json<CreatedInterview>();
    expect((await a.get(`/api/interview/${pending.id}/recording/status`)).json()).toEqual({ hasRecording: false, recordingUrl: null, segments: [] });
  });
});

describe('human review', () => {
  it('adjusts a score with a reason, recomputes the overall from the weights, and keeps the AI values and history', async () => {
    const iv = await completedInterview('Kai Moss');
    const initial = (await a.get(`/api/interview/${iv.id}/review`)).json<ReviewState>();
    expect(initial.current.overall).toBe(70);
    expect(initial.history).toEqual([]);

    const res = await a.post(`/api/interview/${iv.id}/review`, { scores: [{ criterion: 'Communication', score: 75, reason: 'Clear on the phone in the recording.' }] });
    expect(res.statusCode).toBe(200);
    const state = res.json<ReviewState>();
    expect(state.ai.overall).toBe(70);
    expect(state.ai.criteria.find((c) => c.name === 'Communication')?.score).toBe(55);
    expect(state.current.criteria.find((c) => c.name === 'Communication')).toMatchObject({ score: 75, adjusted: true });
    expect(state.current.overall).toBe(Math.round(80 * 0.6 + 75 * 0.4));
    expect(state.history[0]).toMatchObject({ kind: 'score', criterion: 'Communication', fromScore: 55, toScore: 75, reason: 'Clear on the phone in the recording.', by: 'report-owner' });

    const decided = (await a.post(`/api/interview/${iv.id}/review`, { decision: 'advance', note: 'Strong fit for the night shift.' })).json<ReviewState>();
    expect(decided.decision).toBe('advance');
    expect(decided.history.map((h) => h.kind)).toEqual(['decision', 'score']);
    await expect(t.database.db.execute(sql`update interview_reviews set reason = 'edited'`)).rejects.toThrow();
  });

  it('requires reasons and notes, known criteria, a completed interview, and ownership', async () => {
    const iv = await completedInterview('Lee Fox');
    const noReason = await a.post(`/api/interview/${iv.id}/review`, { scores: [{ criterion: 'Communication', score: 90, reason: ' ' }] });
    expect(noReason.json<{ error: string }>().error).toBe('scores.0.reason: A reason is required for every score change');
    const noNote = await a.post(`/api/interview/${iv.id}/review`, { decision: 'reject' });
    expect(noNote.json<{ error: string }>().error).toBe('note: A note is required with a decision');
    const unknown = await a.post(`/api/interview/${iv.id}/review`, { scores: [{ criterion: 'Charisma', score: 90, reason: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    expect((await b.post(`/api/interview/${iv.id}/review`, { decision: 'reject', note: 'x' })).statusCode).toBe(404);
    const pending = (await a.post(`/api/job/${job.id}/interview`, { candidateName: 'Not Yet', email: 'notyet@example.com' })).json<CreatedInterview>();
    expect((await a.post(`/api/interview/${pending.id}/review`, { decision: 'hold', note: 'x' })).statusCode).toBe(409);
  });
});

describe('job analytics and export', () => {
  it('counts, averages and exports the job\'s interviews, with human changes applied', async () => {
    const localJob = (await a.post('/api/job', { title: 'Night Auditor', description: 'Hotel night audit.' })).json<Job>();
    job = localJob;
    const one = await completedInterview('Ada One');
    await completedInterview('Bo Two', { feedback: { ...feedback, overall: 92, criteria: [{ ...feedback.criteria[0]!, score: 95 }, { ...feedback.criteria[1]!, score: 88 }] } });
    await a.post(`/api/job/${localJob.id}/interview`, { candidateName: '=HYPERLINK("x")', email: 'formula@example.com' });
    await a.post(`/api/interview/${one.id}/review`, { decision: 'hold', note: 'Second interview first.' });

    const stats = (await a.get(`/api/job/${localJob.id}/analytics`)).json<JobAnalytics>();
    expect(stats).toMatchObject({ invited: 3, started: 2, completed: 2, averageOverall: 81, averageDurationMinutes: 15, decisions: { advance: 0, hold: 1, reject: 0 } });
    expect(stats.completionRate).toBeCloseTo(2 / 3);
    expect(stats.scoreDistribution.find((b) => b.from === 70)?.count).toBe(1);
    expect(stats.scoreDistribution.find((b) => b.from === 90)?.count).toBe(1);
    expect(stats.criteria).toEqual([
      { name: 'Customer service', average: 87.5, scored: 2 },
      { name: 'Communication', average: 71.5, scored: 2 },
    ]);

    const csv = await a.get(`/api/job/${localJob.id}/interviews.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="night-auditor-interviews.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Candidate Name,Email,Status,Overall Score,Customer service,Communication,Decision,Email Sent,Started,Completed');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('Ada One,adaone@example.com,completed,70,80,55,hold,no,');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")",formula@example.com,pending`);
    expect((await b.get(`/api/job/${localJob.id}/analytics`)).statusCode).toBe(404);
    expect((await b.get(`/api/job/${localJob.id}/interviews.csv`)).statusCode).toBe(404);
  });
});
