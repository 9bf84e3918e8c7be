import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { transcriptEntry, type Evaluation, type TranscriptEntry } from '../../../contracts/ai';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import { interviews, jobs } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';

export const EVALUATE_INTERVIEW = 'evaluate-interview';

/** What is stored in interviews.feedback: the evaluation plus when it was made. */
export type StoredFeedback = Evaluation & { evaluatedAt: string };

/**
 * Reads a stored transcript in any of the shapes the product has used: { transcript: [...] }, an
 * array of { speaker, text } or of single-entry { speaker: text } objects.
 */
export function transcriptEntries(stored: unknown): TranscriptEntry[] {
  const list = stored && typeof stored === 'object' && !Array.isArray(stored) && 'transcript' in stored ? (stored).transcript : stored;
  if (!Array.isArray(list)) return [];
  const out: TranscriptEntry[] = [];
  for (const item of list) {
    const parsed = transcriptEntry.safeParse(item);
    if (parsed.success) out.push(parsed.data);
    else if (item && typeof item === 'object') {
      const [key, value] = Object.entries(item as Record<string, unknown>)[0] ?? [];
      if (key && typeof value === 'string') out.push({ speaker: key.split('_')[0]!, text: value });
    }
  }
  return out;
}

/** Marks the interview as being evaluated and queues the work; a crash before the job runs is recovered at start-up. */
export async function requestEvaluation(deps: { db: Db; queue: JobQueue }, interviewId: number): Promise<void> {
  await deps.db.update(interviews).set({ status: 'evaluating', isActive: false }).where(eq(interviews.id, interviewId));
  await deps.queue.send(EVALUATE_INTERVIEW, { interviewId });
}

/**
 * Evaluates one interview. Idempotent: only an interview still 'evaluating' is written, so a
 * retried or duplicated job leaves exactly one result.
 */
export async function runEvaluation(deps: { db: Db; ai: AiEngine; log: FastifyBaseLogger }, interviewId: number): Promise<'completed' | 'skipped'> {
  const [row] = await deps.db
    .select({ interview: interviews, job: jobs })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  if (!row || row.interview.status !== 'evaluating') return 'skipped';
  const { interview, job } = row;
  const result = await deps.ai.evaluate({
    questions: job.questions,
    rubric: job.rubric ?? [],
    transcript: transcriptEntries(interview.transcript),
    candidateName: interview.candidateName,
  });
  const feedback: StoredFeedback = { ...result, evaluatedAt: new Date().toISOString() };
  const updated = await deps.db
    .update(interviews)
    .set({ feedback, status: 'completed', completedAt: new Date() })
    .where(and(eq(interviews.id, interviewId), eq(interviews.status, 'evaluating')))
    .returning({ id: interviews.id });
  if (updated.length === 0) return 'skipped';
  deps.log.info({ interviewId, engine: result.engine, overall: result.overall }, 'interview evaluated');
  return 'completed';
}

/** Queues every interview left 'evaluating' (for example by a crash between upload and queueing). */
export async function requeueStuckEvaluations(deps: { db: Db; queue: JobQueue }): Promise<number> {
  const stuck = await deps.db.select({ id: interviews.id }).from(interviews).where(eq(interviews.status, 'evaluating'));
  for (const { id } of stuck) await deps.queue.send(EVALUATE_INTERVIEW, { interviewId: id });
  return stuck.length;
}
