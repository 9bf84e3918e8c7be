import { asc, inArray } from 'drizzle-orm';
import type { StoredEvaluation } from '../../../contracts/ai';
import type { ReviewDecision } from '../../../contracts/statuses';
import { weightedOverall } from '../../ai/engine';
import type { Db } from '../../db/client';
import { interviewReviews } from '../../db/schema';

// The one place that says what an interview's scores are now: the AI's, with a reviewer's latest
// change per criterion laid over them (docs/decisions/011-reviewed-scores.md). The report, the
// job's interview list, its analytics and its CSV export all read scores through here.

type ReviewRow = Pick<typeof interviewReviews.$inferSelect, 'kind' | 'criterion' | 'toScore' | 'decision'>;

export interface CurrentCriterion {
  name: string;
  weight: number;
  /** The reviewer's latest score when they changed it, else the AI's; null when neither judged it. */
  score: number | null;
  aiScore: number | null;
  /** The reviewer's score differs from the AI's. */
  adjusted: boolean;
}

export interface CurrentScores {
  criteria: CurrentCriterion[];
  /** Recomputed from the weights when any criterion is adjusted, else the AI's overall. */
  overall: number | null;
  aiOverall: number | null;
  adjusted: boolean;
  decision: ReviewDecision | null;
}

/** The AI's criteria as stored; none before scoring. */
export function aiCriteria(feedback: StoredEvaluation | null): { name: string; weight: number; score: number | null }[] {
  return (feedback?.criteria ?? []).map(({ name, weight, score }) => ({ name, weight, score }));
}

/** The AI's overall; null before scoring or when nothing could be judged (a plain-string feedback was stored as 0, migration 0021). */
export const aiOverall = (feedback: StoredEvaluation | null): number | null => feedback?.overall ?? null;

/** The feedback's scores after the review events, given oldest first (the latest change per criterion wins). */
export function applyReview(feedback: StoredEvaluation | null, events: readonly ReviewRow[]): CurrentScores {
  const latest = new Map<string, number>();
  let decision: ReviewDecision | null = null;
  for (const e of events) {
    if (e.kind === 'score' && e.criterion && e.toScore !== null) latest.set(e.criterion, e.toScore);
    if (e.kind === 'decision' && e.decision) decision = e.decision;
  }
  const criteria = aiCriteria(feedback).map((c): CurrentCriterion => {
    const score = latest.has(c.name) ? latest.get(c.name)! : c.score;
    return { ...c, score, aiScore: c.score, adjusted: score !== c.score };
  });
  const adjusted = criteria.some((c) => c.adjusted);
  const ai = aiOverall(feedback);
  return { criteria, overall: adjusted ? weightedOverall(criteria) : ai, aiOverall: ai, adjusted, decision };
}

/** Interview ids per query for their reviews. */
export const REVIEW_BATCH = 5_000;

/** The current scores of these interviews, by id: one query for the reviews of exactly these interviews. */
export async function currentScores(db: Db, rows: readonly { id: number; feedback: StoredEvaluation | null }[]): Promise<Map<number, CurrentScores>> {
  const events = new Map<number, ReviewRow[]>();
  // In batches: one statement's parameters are limited (65,535 on PostgreSQL), a company's interviews are not.
  for (let from = 0; from < rows.length; from += REVIEW_BATCH) {
    const found = await db
      .select({ interviewId: interviewReviews.interviewId, kind: interviewReviews.kind, criterion: interviewReviews.criterion, toScore: interviewReviews.toScore, decision: interviewReviews.decision })
      .from(interviewReviews)
      .where(inArray(interviewReviews.interviewId, rows.slice(from, from + REVIEW_BATCH).map((r) => r.id)))
      .orderBy(asc(interviewReviews.createdAt), asc(interviewReviews.id));
    for (const e of found) {
      const list = events.get(e.interviewId);
      if (list) list.push(e);
      else events.set(e.interviewId, [e]);
    }
  }
  return new Map(rows.map((row) => [row.id, applyReview(row.feedback, events.get(row.id) ?? [])]));
}
