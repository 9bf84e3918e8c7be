import { asc, desc, eq } from 'drizzle-orm';
import type { JobAnalytics, RecordingStatus, ReviewEvent, ReviewState } from '../../../contracts/report';
import type { ReviewDecision } from '../../../contracts/statuses';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import { interviewReviews, interviews, jobs, users } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { csvCell } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { getOwnInterview } from '../interviews/interviews.service';
import { getOwnJob } from '../jobs/jobs.service';
import { interviewReviewedEvent, recordWebhookEvent } from '../webhooks/events';
import { applyReview, currentScores } from './current-scores';

type InterviewRow = typeof interviews.$inferSelect;

export function recordingStatusOf(row: InterviewRow): RecordingStatus {
  const segments = (row.recordingSegments ?? []).map((s, i) => ({ url: `/api/interview/${row.id}/recording?segment=${i}`, bytes: s.bytes }));
  return { hasRecording: segments.length > 0, recordingUrl: segments[0]?.url ?? null, segments };
}

async function history(db: Db, interviewId: number) {
  return db
    .select({ review: interviewReviews, by: users.username })
    .from(interviewReviews)
    .innerJoin(users, eq(users.id, interviewReviews.userId))
    .where(eq(interviewReviews.interviewId, interviewId))
    .orderBy(asc(interviewReviews.createdAt), asc(interviewReviews.id));
}

/** The AI's values, the values after the recruiter's changes (latest change per criterion wins), and every change. */
export async function reviewState(deps: { db: Db; ai: AiEngine }, user: SessionUser, interviewId: number): Promise<ReviewState> {
  const row = await getOwnInterview(deps.db, user, interviewId);
  const [job] = await deps.db.select({ questions: jobs.questions }).from(jobs).where(eq(jobs.id, row.jobId));
  const events = await history(deps.db, interviewId);
  const scores = applyReview(row.feedback, events.map((e) => e.review));
  const toEvent = ({ review, by }: (typeof events)[number]): ReviewEvent => ({
    id: review.id,
    kind: review.kind,
    criterion: review.criterion,
    fromScore: review.fromScore,
    toScore: review.toScore,
    decision: review.decision,
    reason: review.reason,
    by,
    at: review.createdAt.toISOString(),
  });
  return {
    ai: { overall: scores.aiOverall, criteria: scores.criteria.map(({ name, weight, aiScore }) => ({ name, weight, score: aiScore })) },
    current: { overall: scores.overall, adjusted: scores.adjusted, criteria: scores.criteria.map(({ name, weight, score, adjusted }) => ({ name, weight, score, adjusted })) },
    decision: scores.decision,
    history: events.map(toEvent).reverse(),
    questionFlags: await deps.ai.checkQuestions(job?.questions ?? []),
  };
}

export async function saveReview(
  deps: { db: Db; ai: AiEngine },
  user: SessionUser,
  interviewId: number,
  input: { scores: { criterion: string; score: number; reason: string }[]; decision?: ReviewDecision; note?: string },
): Promise<ReviewState> {
  const row = await getOwnInterview(deps.db, user, interviewId);
  if (row.status !== 'completed') throw new AppError('INTERVIEW_NOT_FINISHED', 'Only a completed interview can be reviewed');
  // A review's reasons and notes are free text about the person, whose data is gone (decision 021).
  if (row.dataDeletedAt) throw new AppError('CANDIDATE_DATA_DELETED', "This candidate's data was deleted: the interview can no longer be reviewed");
  const before = await reviewState(deps, user, interviewId);
  for (const s of input.scores) {
    if (!before.current.criteria.some((c) => c.name === s.criterion)) throw new AppError('VALIDATION_FAILED', `No criterion named "${s.criterion}" in this evaluation`);
  }
  // Each entry is audited with it, by id: its reason (free text about the person) stays in interview_reviews (decision 024).
  const audit = { ...auditActor(user), subject: `interview:${interviewId}` } as const;
  await deps.db.transaction(async (tx) => {
    for (const s of input.scores) {
      const from = before.current.criteria.find((c) => c.name === s.criterion)!.score;
      const [entry] = await tx
        .insert(interviewReviews)
        .values({ interviewId, userId: user.id, kind: 'score', criterion: s.criterion, fromScore: from, toScore: s.score, reason: s.reason })
        .returning({ id: interviewReviews.id });
      await recordAudit(tx, { ...audit, action: 'score_changed', details: { reviewId: entry!.id, criterion: s.criterion, from, to: s.score } });
    }
    if (input.decision) {
      const [entry] = await tx
        .insert(interviewReviews)
        .values({ interviewId, userId: user.id, kind: 'decision', decision: input.decision, reason: input.note ?? '' })
        .returning({ id: interviewReviews.id });
      await recordAudit(tx, { ...audit, action: 'decision_recorded', details: { reviewId: entry!.id, decision: input.decision } });
      await recordWebhookEvent(tx, interviewReviewedEvent({ companyId: user.companyId, interviewId, jobId: row.jobId, decision: input.decision, reviewer: user, reviewedAt: new Date() }));
    }
  });
  return reviewState(deps, user, interviewId);
}

/** Each row with its current scores (one query for the reviews of exactly these interviews). */
async function withCurrentScores(db: Db, rows: InterviewRow[]) {
  const scores = await currentScores(db, rows);
  return rows.map((row) => ({ row, ...scores.get(row.id)! }));
}

export async function jobAnalytics(db: Db, user: SessionUser, jobId: number): Promise<JobAnalytics> {
  await getOwnJob(db, user, jobId);
  const rows = await db.select().from(interviews).where(eq(interviews.jobId, jobId));
  const scored = await withCurrentScores(db, rows.filter((r) => r.status === 'completed'));
  const durations = rows
    .filter((r) => r.startedAt && r.status !== 'pending' && r.status !== 'in_progress')
    .map((r) => ((r.completedAt ?? r.createdAt).getTime() - r.startedAt!.getTime()) / 60_000)
    .filter((m) => m > 0);
  const overalls = scored.map((s) => s.overall).filter((o): o is number => o !== null);
  const average = (xs: number[]) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
  const names = [...new Set(scored.flatMap((s) => s.criteria.map((c) => c.name)))];
  return {
    invited: rows.length,
    started: rows.filter((r) => r.startedAt !== null || r.status !== 'pending').length,
    completed: scored.length,
    adjusted: scored.filter((s) => s.adjusted).length,
    completionRate: rows.length ? scored.length / rows.length : null,
    averageDurationMinutes: average(durations),
    averageOverall: average(overalls),
    scoreDistribution: Array.from({ length: 10 }, (_, i) => ({
      from: i * 10,
      to: i === 9 ? 100 : i * 10 + 9,
      count: overalls.filter((o) => Math.min(9, Math.floor(o / 10)) === i).length,
    })),
    criteria: names.map((name) => {
      const values = scored.flatMap((s) => s.criteria.filter((c) => c.name === name && c.score !== null).map((c) => c.score!));
      return { name, average: average(values), scored: values.length };
    }),
    decisions: {
      advance: scored.filter((s) => s.decision === 'advance').length,
      hold: scored.filter((s) => s.decision === 'hold').length,
      reject: scored.filter((s) => s.decision === 'reject').length,
    },
  };
}

/** Kept for the modules that import it from here: the helper lives in lib/csv.ts. */

export async function interviewsCsv(db: Db, user: SessionUser, jobId: number): Promise<{ filename: string; csv: string }> {
  const job = await getOwnJob(db, user, jobId);
  const rows = await db.select().from(interviews).where(eq(interviews.jobId, jobId)).orderBy(desc(interviews.createdAt));
  const scored = await withCurrentScores(db, rows);
  const names = [...new Set(scored.flatMap((s) => s.criteria.map((c) => c.name)))];
  const header = ['Candidate Name', 'Email', 'Status', 'Overall Score', 'AI Overall Score', 'Adjusted by Reviewer', ...names, 'Decision', 'Email Sent', 'Started', 'Completed'];
  const lines = scored.map(({ row, criteria, overall, aiOverall, adjusted, decision }) =>
    [
      row.candidateName,
      row.email,
      row.status,
      row.status === 'completed' ? overall : '',
      row.status === 'completed' ? aiOverall : '',
      row.status === 'completed' && adjusted ? 'yes' : 'no',
      ...names.map((n) => (row.status === 'completed' ? (criteria.find((c) => c.name === n)?.score ?? '') : '')),
      decision ?? '',
      row.emailSent ? 'yes' : 'no',
      row.startedAt?.toISOString() ?? '',
      row.completedAt?.toISOString() ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  // Names and emails leave the product here: audited like a candidate's own export.
  await recordAudit(db, { action: 'interviews_exported', ...auditActor(user), subject: `job:${jobId}`, details: { rows: lines.length } });
  const slug = job.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'job';
  return { filename: `${slug}-interviews.csv`, csv: `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n` };
}

