import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TranscriptEntry } from '../../../contracts/ai';
import type { Db } from '../../db/client';
import { interviews, recordingUploads, type RecordingSegment } from '../../db/schema';
import Bowser from 'bowser';
import { NOT_A_RECORDING, type StartProblem, type StartProblemInput } from '../../../contracts/candidate-room';
import { AppError } from '../../lib/errors';
import { OPEN_INTERVIEW_STATUSES } from '../../../contracts/statuses';
import { assertInterviewOpen, INTERVIEW_SUBMITTED, type CandidateAccess } from '../../plugins/access';
import type { JobQueue } from '../../queue/queue';
import { uploadState, type RecordingStore } from '../../storage';
import { assertConsented } from '../consent/consent.service';
import { requestEvaluation, transcriptEntries } from '../evaluation/evaluation.service';
import { assertLinkUsable } from '../interviews/candidate-links';

/**
 * The candidate's interview, still open (assertInterviewOpen); `need` 'started' for answers and the
 * submission. One not started yet must also have a usable link at `now`: not expired, its job not
 * closed (410; decision 030). One in progress is never cut off.
 */
export async function liveInterview(db: Db, candidate: CandidateAccess, id: number, now: Date, need: 'open' | 'started' = 'open') {
  if (candidate.interviewId !== id) throw new AppError('NOT_FOUND', 'Interview not found');
  const [row] = await db.select().from(interviews).where(eq(interviews.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Interview not found');
  assertInterviewOpen(row.status, need);
  await assertLinkUsable(db, row, now);
  return row;
}

/** 'Ready to Start': pending → in_progress, once the candidate agreed to the notice (decision 025). A reload of a started interview continues it. */
export async function startInterview(db: Db, candidate: CandidateAccess, id: number, now: Date) {
  const row = await liveInterview(db, candidate, id, now);
  await assertConsented(db, row);
  const startedAt = new Date();
  const [updated] = await db
    .update(interviews)
    .set({ status: 'in_progress', startedAt: row.startedAt ?? startedAt, isActive: true, lastHeartbeatAt: startedAt, startProblem: null })
    .where(and(eq(interviews.id, id), inArray(interviews.status, OPEN_INTERVIEW_STATUSES)))
    .returning();
  if (!updated) throw new AppError('INTERVIEW_SUBMITTED', INTERVIEW_SUBMITTED);
  return updated;
}

/** The room could not start in the candidate's browser (issue 30): the recruiter sees why instead of "In Progress". */
export async function reportStartProblem(db: Db, candidate: CandidateAccess, id: number, input: StartProblemInput, userAgent: string | undefined, now: Date): Promise<void> {
  await liveInterview(db, candidate, id, now, 'started');
  const problem: StartProblem = {
    reason: input.reason,
    code: input.reason === 'media_unavailable' ? (input.code ?? 'recorder_error') : null,
    browser: browserOf(userAgent),
    at: new Date().toISOString(),
  };
  await db.update(interviews).set({ startProblem: problem, isActive: false }).where(and(eq(interviews.id, id), eq(interviews.status, 'in_progress')));
}

/** "Safari 17.4 on iOS", from a User-Agent header; "an unknown browser" when it names none. */
export function browserOf(userAgent: string | undefined): string {
  if (!userAgent?.trim()) return 'an unknown browser';
  const parsed = Bowser.parse(userAgent.slice(0, 1_000));
  const name = parsed.browser.name?.trim();
  if (!name) return 'an unknown browser';
  const version = parsed.browser.version?.split('.').slice(0, 2).join('.');
  const os = parsed.os.name?.trim();
  return [name, version, os ? `on ${os}` : ''].filter(Boolean).join(' ').slice(0, 120);
}

export async function saveTranscript(db: Db, candidate: CandidateAccess, id: number, transcript: TranscriptEntry[], now: Date): Promise<void> {
  await liveInterview(db, candidate, id, now);
  await db
    .update(interviews)
    // Lines arrive once the room runs: whatever stopped an earlier start is behind the candidate.
    .set({ transcript: { transcript }, lastHeartbeatAt: new Date(), isActive: true, startProblem: null })
    .where(and(eq(interviews.id, id), eq(interviews.status, 'in_progress')));
}

export async function heartbeat(db: Db, candidate: CandidateAccess, id: number, now: Date): Promise<void> {
  // A heartbeat sent just before the candidate submitted can arrive just after (bench:load saw it
  // under load): the candidate was there, nothing is left to record, and it is not their error.
  const live = await liveInterview(db, candidate, id, now).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'INTERVIEW_SUBMITTED') return null;
    throw err;
  });
  if (!live) return;
  await db.update(interviews).set({ lastHeartbeatAt: new Date(), isActive: true }).where(and(eq(interviews.id, id), eq(interviews.status, 'in_progress')));
}

export const savedTranscript = (stored: unknown) => transcriptEntries(stored);

/** What the interviewer has said so far, from an interview's saved transcript: the engine words nothing twice (issue 31). */
export const interviewerLines = (stored: unknown): string[] =>
  savedTranscript(stored)
    .filter((entry) => entry.speaker === 'AI')
    .map((entry) => entry.text);

/** The same for the interview a candidate's link opens; nothing for a recruiter's preview. */
export async function interviewerLinesOf(db: Db, candidate: CandidateAccess | null | undefined): Promise<string[]> {
  if (!candidate) return [];
  const [row] = await db.select({ transcript: interviews.transcript }).from(interviews).where(eq(interviews.id, candidate.interviewId)).limit(1);
  return interviewerLines(row?.transcript);
}

/**
 * Submits the interview once: every upload must belong to it, be complete and be WebM. Then the
 * transcript and segments are stored, the status moves to 'evaluating' and the evaluation is
 * queued. A second submission is refused.
 */
export async function completeInterview(
  deps: { db: Db; storage: RecordingStore; queue: JobQueue },
  candidate: CandidateAccess,
  id: number,
  input: { uploadIds: string[]; transcript: TranscriptEntry[] },
  now: Date,
): Promise<void> {
  const { db, storage } = deps;
  await liveInterview(db, candidate, id, now, 'started');
  const owned = await db.select().from(recordingUploads).where(eq(recordingUploads.interviewId, id)).orderBy(asc(recordingUploads.segment));
  const segments: RecordingSegment[] = [];
  for (const uploadId of input.uploadIds) {
    if (!owned.some((u) => u.id === uploadId)) throw new AppError('NOT_FOUND', 'Recording upload not found');
    const state = await uploadState(storage, uploadId);
    if (!state || state.size === undefined || state.offset !== state.size) throw new AppError('RECORDING_INCOMPLETE', 'The recording has not finished uploading');
    const format = await storage.formatOf(uploadId);
    if (!format) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_RECORDING);
    segments.push({ uploadId, bytes: state.size, format });
  }
  await submit(deps, id, segments, input.transcript);
}

/** Stores a finished recording and transcript, and queues the evaluation (shared by both upload paths). */
export async function submit(
  deps: { db: Db; queue: JobQueue },
  id: number,
  segments: RecordingSegment[],
  transcript: TranscriptEntry[],
): Promise<void> {
  const [updated] = await deps.db
    .update(interviews)
    .set({
      recordingSegments: segments,
      recordingUrl: `/api/interview/${id}/recording`,
      transcript: { transcript },
      isActive: false,
      status: 'evaluating',
    })
    .where(and(eq(interviews.id, id), inArray(interviews.status, OPEN_INTERVIEW_STATUSES)))
    .returning({ id: interviews.id });
  if (!updated) throw new AppError('INTERVIEW_SUBMITTED', INTERVIEW_SUBMITTED);
  await requestEvaluation(deps, id);
}
