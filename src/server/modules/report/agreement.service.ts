import { and, eq, exists, sql } from 'drizzle-orm';
import { AGREEMENT_CORRELATION_MIN_INTERVIEWS, AGREEMENT_POINTS, wholePercent, type Agreement } from '../../../contracts/report';
import type { Db } from '../../db/client';
import { interviewReviews, interviews, jobs } from '../../db/schema';
import type { SessionUser } from '../auth/session';
import { getOwnJob } from '../jobs/jobs.service';
import { currentScores, type CurrentScores } from './current-scores';

// How far reviewers move the AI: docs/decisions/012-ai-human-agreement.md. Scores come from
// current-scores.ts (the one place that applies reviews); this file only compares them.

/** The job's agreement; 404 for another company's job. */
export async function jobAgreement(db: Db, user: SessionUser, jobId: number): Promise<Agreement> {
  await getOwnJob(db, user, jobId);
  return agreementOf(await reviewedScores(db, user, jobId));
}

/** The agreement over every job of the user's company. */
export async function companyAgreement(db: Db, user: SessionUser): Promise<Agreement> {
  return agreementOf(await reviewedScores(db, user));
}

/**
 * The current scores of the company's reviewed interviews (of one job when given): completed, with at
 * least one review row. Two queries, both limited to those interviews in SQL.
 */
async function reviewedScores(db: Db, user: SessionUser, jobId?: number): Promise<CurrentScores[]> {
  const anyReview = db.select({ one: sql`1` }).from(interviewReviews).where(eq(interviewReviews.interviewId, interviews.id));
  const rows = await db
    .select({ id: interviews.id, feedback: interviews.feedback })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(jobs.companyId, user.companyId), jobId === undefined ? undefined : eq(interviews.jobId, jobId), eq(interviews.status, 'completed'), exists(anyReview)));
  return [...(await currentScores(db, rows)).values()];
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Pearson's r; null when either side never varies (r is undefined then). */
function pearson(pairs: readonly (readonly [number, number])[]): number | null {
  const mx = mean(pairs.map(([x]) => x));
  const my = mean(pairs.map(([, y]) => y));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** The figures over reviewed interviews' scores. An interview with no criterion the AI judged has nothing to compare and is left out. */
export function agreementOf(reviewed: readonly CurrentScores[]): Agreement {
  const compared = reviewed.map((s) => s.criteria.filter((c) => c.aiScore !== null && c.score !== null).map((c) => c.score! - c.aiScore!)).filter((d) => d.length > 0);
  const differences = compared.flat();
  const overalls = reviewed
    .filter((s) => s.criteria.some((c) => c.aiScore !== null && c.score !== null) && s.aiOverall !== null && s.overall !== null)
    .map((s) => [s.aiOverall!, s.overall!] as const);
  const changed = differences.filter((d) => Math.abs(d) > AGREEMENT_POINTS).length;
  const none = differences.length === 0;
  const needed = Math.max(0, AGREEMENT_CORRELATION_MIN_INTERVIEWS - overalls.length);
  const r = needed === 0 ? pearson(overalls) : null;
  const figures = {
    reviewedInterviews: compared.length,
    comparedScores: differences.length,
    meanAbsoluteDifference: none ? null : round(mean(differences.map(Math.abs)), 1),
    meanSignedDifference: none ? null : round(mean(differences), 1),
    changedByMoreThan10: changed,
    shareChangedByMoreThan10: none ? null : changed / differences.length,
    shareWithin10: none ? null : (differences.length - changed) / differences.length,
    raised: differences.filter((d) => d > 0).length,
    lowered: differences.filter((d) => d < 0).length,
    correlation: r === null ? null : round(r, 2),
    reviewsNeededForCorrelation: needed,
  };
  return { ...figures, summary: none ? null : summaryOf(figures.shareWithin10!, differences) };
}

/** "Your reviewers agree with the AI within 10 points on 83% of scores. On average they lower the AI's scores by 6 points." */
function summaryOf(shareWithin: number, differences: readonly number[]): string {
  const agree = `Your reviewers agree with the AI within ${AGREEMENT_POINTS} points on ${wholePercent(shareWithin)}% of scores.`;
  if (differences.every((d) => d === 0)) return `${agree} They have not changed any of the AI's scores.`;
  const signed = mean(differences);
  // Rounded on the size, so −12.5 reads 13 like +12.5 does.
  const points = Math.round(Math.abs(signed));
  if (points === 0) return `${agree} Their raises and cuts balance out: on average they move the AI's scores by less than a point.`;
  return `${agree} On average they ${signed < 0 ? 'lower' : 'raise'} the AI's scores by ${points} ${points === 1 ? 'point' : 'points'}.`;
}
