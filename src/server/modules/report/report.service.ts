import { asc, desc, eq } from 'drizzle-orm';
import type { CriterionResult } from '../../../contracts/ai';
import type { JobAnalytics, RecordingStatus, ReviewDecision, ReviewEvent, ReviewState } from '../../../contracts/report';
import type { AiEngine } from '../../ai/engine';
import { weightedOverall } from '../../ai/engine';
import type { Db } from '../../db/client';
import { interviewReviews, interviews, jobs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { getOwnInterview } from '../interviews/interviews.service';
import { getOwnJob } from '../jobs/jobs.service';

type InterviewRow = typeof interviews.$inferSelect;

export function recordingStatusOf(row: InterviewRow): RecordingStatus {
  const segments = (row.recordingSegments ?? []).map((s, i) => ({ url: `/api/interview/${row.id}/recording?segment=${i}`, bytes: s.bytes }));
  return { hasRecording: segments.length > 0, recordingUrl: segments[0]?.url ?? null, segments };
}

/** The AI's criteria as stored, whatever the feedback's shape (a plain string has none). */
function aiCriteria(feedback: unknown): { name: string; weight: number; score: number | null }[] {
  if (!feedback || typeof feedback !== 'object' || !Array.isArray((feedback as { criteria?: unknown }).criteria)) return [];
  return ((feedback as { criteria: Partial<CriterionResult>[] }).criteria).map((c) => ({
    name: String(c.name ?? ''),
    weight: typeof c.weight === 'number' ? c.weight : 0,
    score: typeof c.score === 'number' ? c.score : null,
  }));
}

function aiOverall(feedback: unknown): number | null {
  if (typeof feedback === 'string') return 0;
  const overall = feedback && typeof feedback === 'object' ? (feedback as { overall?: unknown }).overall : null;
  return typeof overall === 'number' ? overall : null;
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
  const ai = aiCriteria(row.feedback);
  const latest = new Map<string, number>();
  let decision: ReviewDecision | null = null;
  for (const { review } of events) {
    if (review.kind === 'score' && review.criterion && review.toScore !== null) latest.set(review.criterion, review.toScore);
    if (review.kind === 'decision' && review.decision) decision = review.decision;
  }
  const current = ai.map((c) => ({ ...c, score: latest.has(c.name) ? latest.get(c.name)! : c.score, adjusted: latest.has(c.name) }));
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
    ai: { overall: aiOverall(row.feedback), criteria: ai },
    current: { overall: latest.size ? weightedOverall(current) : aiOverall(row.feedback), criteria: current },
    decision,
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
  if (row.status !== 'completed') throw new AppError('CONFLICT', 'Only a completed interview can be reviewed');
  const before = await reviewState(deps, user, interviewId);
  for (const s of input.scores) {
    if (!before.current.criteria.some((c) => c.name === s.criterion)) throw new AppError('VALIDATION_FAILED', `No criterion named "${s.criterion}" in this evaluation`);
  }
  await deps.db.transaction(async (tx) => {
    for (const s of input.scores) {
      const from = before.current.criteria.find((c) => c.name === s.criterion)!.score;
      await tx.insert(interviewReviews).values({ interviewId, userId: user.id, kind: 'score', criterion: s.criterion, fromScore: from, toScore: s.score, reason: s.reason });
    }
    if (input.decision) {
      await tx.insert(interviewReviews).values({ interviewId, userId: user.id, kind: 'decision', decision: input.decision, reason: input.note ?? '' });
    }
  });
  return reviewState(deps, user, interviewId);
}

const overallOf = (row: InterviewRow, adjusted: Map<string, number>): number | null => {
  const ai = aiCriteria(row.feedback);
  if (adjusted.size === 0 || ai.length === 0) return aiOverall(row.feedback);
  return weightedOverall(ai.map((c) => ({ ...c, score: adjusted.has(c.name) ? adjusted.get(c.name)! : c.score })));
};

/** Per interview: current (human-adjusted) criterion scores and overall, and the latest decision. */
async function currentScores(db: Db, rows: InterviewRow[]) {
  const ids = rows.map((r) => r.id);
  const events = ids.length ? await db.select().from(interviewReviews).orderBy(asc(interviewReviews.createdAt), asc(interviewReviews.id)) : [];
  const byInterview = new Map<number, { scores: Map<string, number>; decision: ReviewDecision | null }>();
  for (const e of events) {
    if (!ids.includes(e.interviewId)) continue;
    const entry = byInterview.get(e.interviewId) ?? { scores: new Map(), decision: null };
    if (e.kind === 'score' && e.criterion && e.toScore !== null) entry.scores.set(e.criterion, e.toScore);
    if (e.kind === 'decision') entry.decision = e.decision;
    byInterview.set(e.interviewId, entry);
  }
  return rows.map((row) => {
    const review = byInterview.get(row.id) ?? { scores: new Map<string, number>(), decision: null };
    const criteria = aiCriteria(row.feedback).map((c) => ({ ...c, score: review.scores.has(c.name) ? review.scores.get(c.name)! : c.score }));
    return { row, criteria, overall: overallOf(row, review.scores), decision: review.decision };
  });
}

export async function jobAnalytics(db: Db, user: SessionUser, jobId: number): Promise<JobAnalytics> {
  await getOwnJob(db, user, jobId);
  const rows = await db.select().from(interviews).where(eq(interviews.jobId, jobId));
  const scored = await currentScores(db, rows.filter((r) => r.status === 'completed'));
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

const csvCell = (v: string | number | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  // Cells starting with = + - @ are prefixed so a spreadsheet never runs them as formulas.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export async function interviewsCsv(db: Db, user: SessionUser, jobId: number): Promise<{ filename: string; csv: string }> {
  const job = await getOwnJob(db, user, jobId);
  const rows = await db.select().from(interviews).where(eq(interviews.jobId, jobId)).orderBy(desc(interviews.createdAt));
  const scored = await currentScores(db, rows);
  const names = [...new Set(scored.flatMap((s) => s.criteria.map((c) => c.name)))];
  const header = ['Candidate Name', 'Email', 'Status', 'Overall Score', ...names, 'Decision', 'Email Sent', 'Started', 'Completed'];
  const lines = scored.map(({ row, criteria, overall, decision }) =>
    [
      row.candidateName,
      row.email,
      row.status,
      row.status === 'completed' ? overall : '',
      ...names.map((n) => (row.status === 'completed' ? (criteria.find((c) => c.name === n)?.score ?? '') : '')),
      decision ?? '',
      row.emailSent ? 'yes' : 'no',
      row.startedAt?.toISOString() ?? '',
      row.completedAt?.toISOString() ?? '',
    ]
      .map(csvCell)
      .join(','),
  );
  const slug = job.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'job';
  return { filename: `${slug}-interviews.csv`, csv: `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n` };
}

