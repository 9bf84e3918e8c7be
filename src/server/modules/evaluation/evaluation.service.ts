import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { storedEvaluation, type Evaluation, type StoredEvaluation } from '../../../contracts/ai';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import type { Metrics } from '../../lib/metrics';
import { interviews, jobs } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';
import type { Notifications } from '../notifications/notifier';
import type { SpeechToText } from '../../speech/stt';
import type { RecordingStore } from '../../storage';
import { interviewCompletedEvent, recordWebhookEvent } from '../webhooks/events';
import { decideTranscript, scoredTranscript } from './transcription.service';

export { transcriptEntries } from './stored-transcript';

export const EVALUATE_INTERVIEW = 'evaluate-interview';

/** The engine's evaluation as a candidate's row stores it: with when it was made, parsed before it is written. */
export const toStored = (result: Evaluation, at: Date): StoredEvaluation => storedEvaluation.parse({ ...result, evaluatedAt: at.toISOString() });

/** Marks the interview as being evaluated and queues the work; a crash before the job runs is recovered at start-up. */
export async function requestEvaluation(deps: { db: Db; queue: JobQueue }, interviewId: number): Promise<void> {
  await deps.db.update(interviews).set({ status: 'evaluating', isActive: false }).where(eq(interviews.id, interviewId));
  await deps.queue.send(EVALUATE_INTERVIEW, { interviewId });
}

export interface EvaluationDeps {
  db: Db;
  ai: AiEngine;
  log: FastifyBaseLogger;
  /** Server-side transcription of the recording before scoring; absent, the browser's transcript is scored. */
  transcription?: { stt: SpeechToText; storage: RecordingStore } | null;
  /** Emails the members who want to know, with the result (decision 031); absent, nobody is emailed. */
  notifications?: Notifications;
  /** Counts the evaluations stored (decision 037). */
  metrics?: Metrics;
}

/**
 * Evaluates one interview: first, with server transcription configured, decides which transcript
 * is scored (transcribing the recording; a failure falls back to the browser's transcript), then
 * scores it. Idempotent: the transcript decision and the result are written only while the
 * interview is still 'evaluating', so a retried or duplicated job leaves exactly one of each.
 */
export async function runEvaluation(deps: EvaluationDeps, interviewId: number): Promise<'completed' | 'skipped'> {
  const [row] = await deps.db
    .select({ interview: interviews, job: jobs })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  // A candidate whose data was deleted meanwhile is not scored.
  if (!row || row.interview.status !== 'evaluating' || row.interview.dataDeletedAt) return 'skipped';
  const { job } = row;
  const interview = deps.transcription ? await decideTranscript({ db: deps.db, log: deps.log, ...deps.transcription }, row.interview) : row.interview;
  if (interview.status !== 'evaluating') return 'skipped';
  const result = await deps.ai.evaluate({
    questions: job.questions,
    rubric: job.rubric ?? [],
    transcript: scoredTranscript(interview),
    candidateName: interview.candidateName,
  });
  const feedback = toStored(result, new Date());
  const updated = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(interviews)
      .set({ feedback, status: 'completed', completedAt: new Date() })
      .where(and(eq(interviews.id, interviewId), eq(interviews.status, 'evaluating'), isNull(interviews.dataDeletedAt)))
      .returning({ id: interviews.id });
    if (rows.length > 0) await deps.notifications?.notify(tx, { kind: 'interview_completed', interviewId });
    if (rows.length > 0) await recordWebhookEvent(tx, await interviewCompletedEvent(tx, interviewId, deps.notifications?.appUrl));
    return rows;
  });
  if (updated.length === 0) return 'skipped';
  deps.metrics?.evaluations.inc({ kind: 'interview', engine: result.engine, fallback: result.fallbackReason ? 'yes' : 'no' });
  await deps.notifications?.deliver();
  deps.log.info({ interviewId, engine: result.engine, overall: result.overall, transcript: interview.transcriptSource ?? 'browser' }, 'interview evaluated');
  return 'completed';
}

/** How long a requeued evaluation's key holds: instances starting together queue it once (decision 038). */
const REQUEUE_ONCE_SECONDS = 10 * 60;

/**
 * Queues every interview left 'evaluating' (for example by a crash between upload and queueing).
 * Every instance does this as it starts; the key keeps it to one job per interview when several
 * start at once, so the engine is not asked twice. A duplicate that still runs writes nothing
 * (runEvaluation's conditional update).
 */
export async function requeueStuckEvaluations(deps: { db: Db; queue: JobQueue }): Promise<number> {
  const stuck = await deps.db.select({ id: interviews.id }).from(interviews).where(eq(interviews.status, 'evaluating'));
  for (const { id } of stuck) await deps.queue.send(EVALUATE_INTERVIEW, { interviewId: id }, { key: `requeue:${id}`, seconds: REQUEUE_ONCE_SECONDS });
  return stuck.length;
}
