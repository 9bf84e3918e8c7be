import type { StoredEvaluation } from '../../../contracts/ai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { interviewReviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeJob } from '../../test/factories';
import { currentScores } from './current-scores';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reads the reviews of more interviews than one statement can name (PostgreSQL allows 65,535 parameters)', async () => {
  const { job, user } = await makeJob(t.database.db);
  const feedback: StoredEvaluation = { summary: '', overall: 60, criteria: [{ name: 'Customer service', weight: 100, score: 60, feedback: '', evidence: [] }], insufficientEvidence: false, biasFlags: [] };
  const reviewed = await makeInterview(t.database.db, job.id, { status: 'completed', feedback });
  await t.database.db.insert(interviewReviews).values({ interviewId: reviewed.id, userId: user.id, kind: 'score', criterion: 'Customer service', fromScore: 60, toScore: 80, reason: 'Strong example' });
  // The company's other interviews, never reviewed (ids that do not exist read as unreviewed).
  const rows = [{ id: reviewed.id, feedback }, ...Array.from({ length: 70_000 }, (_, i) => ({ id: reviewed.id + 1 + i, feedback }))];
  const scores = await currentScores(t.database.db, rows);
  expect(scores.size).toBe(70_001);
  expect(scores.get(reviewed.id)).toMatchObject({ overall: 80, aiOverall: 60, adjusted: true });
  expect(scores.get(reviewed.id + 70_000)).toMatchObject({ overall: 60, adjusted: false });
}, 60_000);
