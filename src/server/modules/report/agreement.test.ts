import type { StoredEvaluation } from '../../../contracts/ai';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import type { Agreement } from '../../../contracts/report';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { interviews } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { companyAgreement, jobAgreement } from './agreement.service';
import { sessionUserNamed } from '../../test/factories';

// AI–human agreement (docs/decisions/012-ai-human-agreement.md) from reviews saved through the
// review API, on interviews whose AI feedback is set directly. Every expected figure is worked out
// by hand in the comments.

let t: TestApp;
/** Agree Co: job A and job B. */
let a: Agent;
/** Other Co: reviewers who move the AI a lot. */
let b: Agent;
let jobA: Job;
let jobB: Job;
const reviewedIds: number[] = [];
/** Agree Co's interviews with any review row: the reviewed ones and the plain-string one with a decision. */
const withReviewsIds: number[] = [];

/** The builtin engine's feedback shape, on the rubric Customer service 60 % / Communication 40 %. */
const feedbackOf = (customerService: number | null, communication: number | null, overall: number): StoredEvaluation => ({
  summary: 'Evaluated.',
  overall,
  criteria: [
    { name: 'Customer service', weight: 60, score: customerService, feedback: '', evidence: [] },
    { name: 'Communication', weight: 40, score: communication, feedback: '', evidence: [] },
  ],
  engine: 'builtin',
  promptVersion: 'builtin-eval-1',
  insufficientEvidence: false,
  biasFlags: [],
});

let counter = 0;
async function completed(agent: Agent, jobId: number, feedback: StoredEvaluation): Promise<CreatedInterview> {
  counter += 1;
  const created = (await agent.post(`/api/job/${jobId}/interview`, { candidateName: `Candidate ${counter}`, email: `candidate${counter}@example.com` })).json<CreatedInterview>();
  await t.database.db.update(interviews).set({ status: 'completed', feedback }).where(eq(interviews.id, created.id));
  return created;
}

async function review(agent: Agent, id: number, body: { scores?: { criterion: string; score: number }[]; decision?: 'advance' | 'hold' | 'reject' }) {
  const res = await agent.post(`/api/interview/${id}/review`, {
    scores: (body.scores ?? []).map((s) => ({ ...s, reason: 'Seen differently in the recording.' })),
    ...(body.decision ? { decision: body.decision, note: 'Decided.' } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const newJob = async (agent: Agent, title: string) => (await agent.post('/api/job', { title, description: `${title} at a hotel.` })).json<Job>();

beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('agree-owner', 'Agree Co');
  b = new Agent(t.app);
  await b.register('agree-other', 'Other Co');
  jobA = await newJob(a, 'Front Desk');
  jobB = await newJob(a, 'Concierge');

  // Job A. Compared scores (reviewer − AI): one, two: 0 and +20; three: −8 and 0; four: 0 (its
  // Communication was not judged by the AI, so the reviewer's 30 is left out).
  const one = await completed(a, jobA.id, feedbackOf(80, 55, 70));
  await review(a, one.id, { scores: [{ criterion: 'Communication', score: 75 }] });
  const two = await completed(a, jobA.id, feedbackOf(90, 60, 78));
  await review(a, two.id, { scores: [{ criterion: 'Customer service', score: 82 }], decision: 'hold' });
  const three = await completed(a, jobA.id, feedbackOf(40, null, 40));
  await review(a, three.id, { scores: [{ criterion: 'Communication', score: 30 }], decision: 'reject' });
  // Not reviewed: completed but untouched, a feedback without criteria (a plain string from before,
  // as migration 0021 stored it) with only a decision (no scores to compare), and a pending interview.
  await completed(a, jobA.id, feedbackOf(75, 75, 75));
  const plain = await completed(a, jobA.id, { summary: 'Good call overall.', overall: 0, criteria: [], insufficientEvidence: false, biasFlags: [], worthChecking: [] });
  await review(a, plain.id, { decision: 'advance' });
  await a.post(`/api/job/${jobA.id}/interview`, { candidateName: 'Pending Person', email: 'pending@example.com' });

  // Job B: a decision-free review lowering both scores: −30 and −20.
  const four = await completed(a, jobB.id, feedbackOf(70, 70, 70));
  await review(a, four.id, { scores: [{ criterion: 'Customer service', score: 40 }, { criterion: 'Communication', score: 50 }] });
  reviewedIds.push(one.id, two.id, three.id, four.id);
  withReviewsIds.push(...reviewedIds, plain.id);

  // Other Co, same rubric: −70 and +45.
  const theirJob = await newJob(b, 'Front Desk');
  const theirs = await completed(b, theirJob.id, feedbackOf(80, 55, 70));
  await review(b, theirs.id, { scores: [{ criterion: 'Customer service', score: 10 }, { criterion: 'Communication', score: 100 }], decision: 'reject' });
});
afterAll(() => t.close());

describe('AI–human agreement', () => {
  it('a job nobody has reviewed: no figures, and how many reviewed interviews the correlation needs', async () => {
    const empty = await newJob(a, 'Night Auditor');
    await completed(a, empty.id, feedbackOf(60, 60, 60));
    const res = await a.get(`/api/job/${empty.id}/agreement`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Agreement>()).toEqual({
      reviewedInterviews: 0,
      comparedScores: 0,
      meanAbsoluteDifference: null,
      meanSignedDifference: null,
      changedByMoreThan10: 0,
      shareChangedByMoreThan10: null,
      shareWithin10: null,
      raised: 0,
      lowered: 0,
      correlation: null,
      reviewsNeededForCorrelation: 10,
      summary: null,
    });
  });

  it("per job: the reviewed interviews' criterion scores against the AI's, and the plain line", async () => {
    // Differences 0, +20, −8, 0, 0: |d| sums to 28 over 5, d to +12 over 5; one of five beyond 10 points.
    const res = await a.get(`/api/job/${jobA.id}/agreement`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Agreement>()).toEqual({
      reviewedInterviews: 3,
      comparedScores: 5,
      meanAbsoluteDifference: 5.6,
      meanSignedDifference: 2.4,
      changedByMoreThan10: 1,
      shareChangedByMoreThan10: 0.2,
      shareWithin10: 0.8,
      raised: 1,
      lowered: 1,
      correlation: null,
      reviewsNeededForCorrelation: 7,
      summary: "Your reviewers agree with the AI within 10 points on 80% of scores. On average they raise the AI's scores by 2 points.",
    });
  });

  it("per company: every job of the company, never another company's reviews", async () => {
    // Job A's five and job B's −30, −20: |d| sums to 78 over 7 (11.14), d to −38 (−5.43); three beyond 10.
    const ours = (await a.get('/api/agreement')).json<Agreement>();
    expect(ours).toMatchObject({
      reviewedInterviews: 4,
      comparedScores: 7,
      meanAbsoluteDifference: 11.1,
      meanSignedDifference: -5.4,
      changedByMoreThan10: 3,
      raised: 1,
      lowered: 3,
      correlation: null,
      reviewsNeededForCorrelation: 6,
      summary: "Your reviewers agree with the AI within 10 points on 57% of scores. On average they lower the AI's scores by 5 points.",
    });
    expect(ours.shareChangedByMoreThan10).toBeCloseTo(3 / 7, 10);
    expect(ours.shareWithin10).toBeCloseTo(4 / 7, 10);
    expect((await a.get(`/api/job/${jobB.id}/agreement`)).json<Agreement>()).toMatchObject({ reviewedInterviews: 1, comparedScores: 2, meanAbsoluteDifference: 25, meanSignedDifference: -25 });

    // Other Co sees only its own: −70 and +45.
    const theirs = (await b.get('/api/agreement')).json<Agreement>();
    expect(theirs).toMatchObject({
      reviewedInterviews: 1,
      comparedScores: 2,
      meanAbsoluteDifference: 57.5,
      meanSignedDifference: -12.5,
      changedByMoreThan10: 2,
      shareChangedByMoreThan10: 1,
      shareWithin10: 0,
      summary: "Your reviewers agree with the AI within 10 points on 0% of scores. On average they lower the AI's scores by 13 points.",
    });
    expect((await b.get(`/api/job/${jobA.id}/agreement`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get('/api/agreement')).statusCode).toBe(401);
    expect((await new Agent(t.app).get(`/api/job/${jobA.id}/agreement`)).statusCode).toBe(401);
  });

  it('the correlation of AI and reviewed overall scores shows from 10 reviewed interviews on', async () => {
    const c = new Agent(t.app);
    await c.register('agree-third', 'Third Co');
    const job = await newJob(c, 'Housekeeping');
    // AI scores (both criteria the same), the reviewer's Customer service (null: a decision only) and
    // the reviewed overall that gives, round(0.6 × CS + 0.4 × Communication).
    const cases: { ai: number; cs: number | null; overall: number }[] = [
      { ai: 50, cs: 70, overall: 62 },
      { ai: 60, cs: null, overall: 60 },
      { ai: 70, cs: 60, overall: 64 },
      { ai: 80, cs: null, overall: 80 },
      { ai: 90, cs: 75, overall: 81 },
      { ai: 40, cs: 50, overall: 46 },
      { ai: 30, cs: null, overall: 30 },
      { ai: 65, cs: 85, overall: 77 },
      { ai: 55, cs: null, overall: 55 },
      { ai: 85, cs: 80, overall: 82 },
    ];
    for (const [index, k] of cases.entries()) {
      const iv = await completed(c, job.id, feedbackOf(k.ai, k.ai, k.ai));
      await review(c, iv.id, k.cs === null ? { decision: 'hold' } : { scores: [{ criterion: 'Customer service', score: k.cs }] });
      if (index === 8) {
        expect((await c.get(`/api/job/${job.id}/agreement`)).json<Agreement>()).toMatchObject({ reviewedInterviews: 9, correlation: null, reviewsNeededForCorrelation: 1 });
      }
    }

    // Pearson's r by hand: Σ(x − x̄)(y − ȳ) / √(Σ(x − x̄)² · Σ(y − ȳ)²).
    const xs = cases.map((k) => k.ai);
    const ys = cases.map((k) => k.overall);
    const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
    const [mx, my] = [mean(xs), mean(ys)];
    const sxy = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
    const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    const syy = ys.reduce((s, y) => s + (y - my) ** 2, 0);
    const r = sxy / Math.sqrt(sxx * syy);
    expect(r).toBeCloseTo(0.936, 3);

    // Differences on Customer service: +20, −10, −15, +10, +20, −5 (exactly 10 is within), Communication all 0.
    const res = (await c.get(`/api/job/${job.id}/agreement`)).json<Agreement>();
    expect(res).toEqual({
      reviewedInterviews: 10,
      comparedScores: 20,
      meanAbsoluteDifference: 4,
      meanSignedDifference: 1,
      changedByMoreThan10: 3,
      shareChangedByMoreThan10: 0.15,
      shareWithin10: 0.85,
      raised: 3,
      lowered: 3,
      correlation: Math.round(r * 100) / 100,
      reviewsNeededForCorrelation: 0,
      summary: "Your reviewers agree with the AI within 10 points on 85% of scores. On average they raise the AI's scores by 1 point.",
    });
    expect((await c.get('/api/agreement')).json<Agreement>()).toEqual(res);
  });

  it("reads only the signed-in company's interviews and reviews from the database", async () => {
    const owner = await sessionUserNamed(t.database.db, 'agree-owner');
    // The app's own connection, with every statement it sends written down.
    const queries: { sql: string; params: unknown[] }[] = [];
    const logger = { logQuery: (text: string, params: unknown[]) => queries.push({ sql: text, params }) };
    const client = (t.database.db as unknown as { $client: unknown }).$client;
    const db = (t.database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger })) as unknown as Db;

    await companyAgreement(db, owner);
    const reads = queries.filter((q) => /\bfrom "(interviews|interview_reviews)"/i.test(q.sql));
    // One query for the reviewed interviews, one for their reviews.
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      // Run as the app sent it: the database hands back only this company's interviews that have reviews.
      const { rows } = await t.database.query<{ id?: number; interview_id?: number }>(read.sql, read.params);
      const ids = [...new Set(rows.map((r) => Number(r.interview_id ?? r.id)))].sort((x, y) => x - y);
      expect(ids).toEqual([...withReviewsIds].sort((x, y) => x - y));
    }

    queries.length = 0;
    await jobAgreement(db, owner, jobB.id);
    const jobReads = queries.filter((q) => /\bfrom "(interviews|interview_reviews)"/i.test(q.sql));
    expect(jobReads).toHaveLength(2);
    for (const read of jobReads) {
      const { rows } = await t.database.query<{ id?: number; interview_id?: number }>(read.sql, read.params);
      expect([...new Set(rows.map((r) => Number(r.interview_id ?? r.id)))]).toEqual([reviewedIds[3]]);
    }
  });
});
