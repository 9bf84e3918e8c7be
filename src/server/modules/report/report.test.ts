import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview, InterviewListItem } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import type { JobAnalytics, ReviewState } from '../../../contracts/report';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { interviews, recordingUploads } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { listInterviews } from '../interviews/interviews.service';
import { interviewsCsv, jobAnalytics } from './report.service';
import { sessionUserNamed } from '../../test/factories';

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
    expect(lines[0]).toBe('Candidate Name,Email,Status,Overall Score,AI Overall Score,Adjusted by Reviewer,Customer service,Communication,Decision,Email Sent,Started,Completed');
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain('Ada One,adaone@example.com,completed,70,70,no,80,55,hold,no,');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")",formula@example.com,pending`);
    expect((await b.get(`/api/job/${localJob.id}/analytics`)).statusCode).toBe(404);
    expect((await b.get(`/api/job/${localJob.id}/interviews.csv`)).statusCode).toBe(404);
  });
});

describe('reviewed scores across the job: list, analytics and export, read for the job only', () => {
  /** A completed interview of any company's job, with the shared rubric's feedback. */
  async function completedFor(agent: Agent, jobId: number, name: string) {
    const created = (await agent.post(`/api/job/${jobId}/interview`, { candidateName: name, email: `${name.toLowerCase().replace(/\s/g, '.')}@example.com` })).json<CreatedInterview>();
    await t.database.db.update(interviews).set({ status: 'completed', feedback }).where(eq(interviews.id, created.id));
    return created;
  }
  const adjust = async (agent: Agent, id: number, criterion: string, score: number) => {
    const res = await agent.post(`/api/interview/${id}/review`, { scores: [{ criterion, score, reason: 'Seen differently in the recording.' }] });
    expect(res.statusCode).toBe(200);
  };
  const decide = async (agent: Agent, id: number, decision: 'advance' | 'hold' | 'reject') =>
    expect((await agent.post(`/api/interview/${id}/review`, { decision, note: 'Decided.' })).statusCode).toBe(200);

  const sessionUser = (username: string) => sessionUserNamed(t.database.db, username);

  /** The app's own database connection, with every statement it sends written down. */
  function recordingDb() {
    const queries: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (text: string, params: unknown[]) => queries.push({ sql: text, params }) };
    const client = (t.database.db as unknown as { $client: unknown }).$client;
    const db = t.database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger });
    return { db: db as unknown as Db, queries };
  }

  let hiring: Job;
  let mine: { adjusted: CreatedInterview; untouched: CreatedInterview };

  beforeAll(async () => {
    hiring = (await a.post('/api/job', { title: 'Front Desk', description: 'Hotel front desk.' })).json<Job>();
    mine = { adjusted: await completedFor(a, hiring.id, 'Ann Adjusted'), untouched: await completedFor(a, hiring.id, 'Una Touched') };
    await adjust(a, mine.adjusted.id, 'Communication', 75);
    await decide(a, mine.adjusted.id, 'advance');

    // The same company's other job, and another company's job with the same rubric: reviewed far lower, rejected.
    const otherJob = (await a.post('/api/job', { title: 'Concierge', description: 'Hotel concierge.' })).json<Job>();
    const sibling = await completedFor(a, otherJob.id, 'Sib Ling');
    await adjust(a, sibling.id, 'Customer service', 0);
    await decide(a, sibling.id, 'reject');
    const theirJob = (await b.post('/api/job', { title: 'Front Desk', description: 'Hotel front desk.' })).json<Job>();
    for (const name of ['Tess Other', 'Theo Other']) {
      const theirs = await completedFor(b, theirJob.id, name);
      await adjust(b, theirs.id, 'Customer service', 1);
      await adjust(b, theirs.id, 'Communication', 2);
      await decide(b, theirs.id, 'reject');
    }
  });

  it("the list, the analytics and the CSV use the reviewer's scores and mark the adjusted interview", async () => {
    const expected = Math.round(80 * 0.6 + 75 * 0.4);
    const list = (await a.get(`/api/job/${hiring.id}/interview`)).json<InterviewListItem[]>();
    expect(list.find((i) => i.id === mine.adjusted.id)).toMatchObject({ overallScore: expected, aiOverallScore: 70, scoreAdjusted: true });
    expect(list.find((i) => i.id === mine.untouched.id)).toMatchObject({ overallScore: 70, aiOverallScore: 70, scoreAdjusted: false });

    const stats = (await a.get(`/api/job/${hiring.id}/analytics`)).json<JobAnalytics>();
    expect(stats).toMatchObject({ completed: 2, adjusted: 1, averageOverall: (expected + 70) / 2, decisions: { advance: 1, hold: 0, reject: 0 } });
    expect(stats.criteria).toEqual([
      { name: 'Customer service', average: 80, scored: 2 },
      { name: 'Communication', average: 65, scored: 2 },
    ]);

    const lines = (await a.get(`/api/job/${hiring.id}/interviews.csv`)).body.trim().split('\r\n');
    expect(lines[0]).toBe('Candidate Name,Email,Status,Overall Score,AI Overall Score,Adjusted by Reviewer,Customer service,Communication,Decision,Email Sent,Started,Completed');
    expect(lines.find((l) => l.startsWith('Ann Adjusted,'))).toMatch(new RegExp(`^Ann Adjusted,ann\\.adjusted@example\\.com,completed,${expected},70,yes,80,75,advance,no,`));
    expect(lines.find((l) => l.startsWith('Una Touched,'))).toMatch(/^Una Touched,una\.touched@example\.com,completed,70,70,no,80,55,,no,/);
  });

  it("reads only the reviews of the job's own interviews, never another job's or another company's", async () => {
    const owner = await sessionUser('report-owner');
    const { db, queries } = recordingDb();
    await jobAnalytics(db, owner, hiring.id);
    await interviewsCsv(db, owner, hiring.id);
    await listInterviews(db, owner, hiring.id, t.config.appUrl);

    const reviewReads = queries.filter((q) => /\bfrom "interview_reviews"/i.test(q.sql));
    expect(reviewReads.length).toBeGreaterThan(0);
    for (const read of reviewReads) {
      // Run as the app sent it: the rows the database hands back are the job's own reviews (a change and a decision).
      const { rows } = await t.database.query<{ interview_id: number }>(read.sql, read.params);
      expect(rows.map((r) => Number(r.interview_id))).toEqual([mine.adjusted.id, mine.adjusted.id]);
    }
    // One read per use: the analytics, the export and the list.
    expect(reviewReads).toHaveLength(3);
  });

  it('a score set back to the AI\'s value is no longer an adjustment', async () => {
    const back = await completedFor(a, hiring.id, 'Bea Back');
    await adjust(a, back.id, 'Communication', 90);
    await adjust(a, back.id, 'Communication', 55);
    const state = (await a.get(`/api/interview/${back.id}/review`)).json<ReviewState>();
    expect(state.current.overall).toBe(70);
    expect(state.current.criteria.find((c) => c.name === 'Communication')).toMatchObject({ score: 55, adjusted: false });
    expect(state.history).toHaveLength(2);
    const list = (await a.get(`/api/job/${hiring.id}/interview`)).json<InterviewListItem[]>();
    expect(list.find((i) => i.id === back.id)).toMatchObject({ overallScore: 70, aiOverallScore: 70, scoreAdjusted: false });
  });
});
