import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CallReply } from '../../../contracts/phone-calls';
import { FINISHED_CALL_STATUSES, isScreened, SCREENED_CANDIDATE_STATUSES, type PhoneCallStatus } from '../../../contracts/statuses';
import type { AiEngine } from '../../ai/engine';
import type { Db, Tx } from '../../db/client';
import { companies, phoneCalls, phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import type { JobQueue } from '../../queue/queue';
import { e164, type Telephony } from '../../telephony/telephony';
import { toStored } from '../evaluation/evaluation.service';
import type { Notifications } from '../notifications/notifier';
import { recordWebhookEvent, screeningCompletedEvent } from '../webhooks/events';
import type { CallEvent, CallStatusEvent } from './call-events';
import { continueConversation, openConversation, type CallEnding, type CallScript, type ConversationState, type Turn } from './conversation';
import { heldForReviewNote, ownerColumns, ownerOfScreening } from './review-gate';
import { optOutOf, optOutOutcome, recordOptOut } from './opt-out';
import { requestRecordingCopy } from './recording-copy';
import { afterUnsuccessfulCall, type UnsuccessfulReason } from './scheduler';

export const EVALUATE_SCREENING_CALL = 'evaluate-screening-call';

export interface CallDeps {
  db: Db;
  ai: AiEngine;
  queue: JobQueue;
  log: FastifyBaseLogger;
  policy: { maxAttempts: number; retryMinutes: number };
  /** The clock; tests set it. */
  now?: () => Date;
  /** Emails the members who want to know when a call is evaluated (decision 031); absent, nobody is emailed. */
  notifications?: Notifications;
  /** Counts calls ended and evaluations stored (decision 037). */
  metrics?: Metrics;
}

type CallRow = typeof phoneCalls.$inferSelect;
type CandidateRow = typeof phoneScreeningCandidates.$inferSelect;
type ScreeningRow = typeof phoneScreenings.$inferSelect;

const clock = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

/** The candidate with their screening, company name and the screening owner's review state; undefined when there is none. */
export async function loadCandidateContext(db: Db | Tx, candidateId: number) {
  const [row] = await db
    .select({ candidate: phoneScreeningCandidates, screening: phoneScreenings, companyName: companies.name, owner: ownerColumns })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .innerJoin(companies, eq(companies.id, phoneScreenings.companyId))
    .innerJoin(users, ownerOfScreening)
    .where(eq(phoneScreeningCandidates.id, candidateId))
    .limit(1);
  return row;
}

async function candidateWithScreening(db: Db | Tx, candidateId: number) {
  const row = await loadCandidateContext(db, candidateId);
  if (!row) throw new AppError('NOT_FOUND', 'Candidate not found');
  return row;
}

const scriptFor = (row: { candidate: CandidateRow; screening: ScreeningRow; companyName: string }): CallScript => ({
  agentName: row.screening.agentName,
  companyName: row.companyName,
  candidateName: row.candidate.candidateName,
  jobTitle: row.screening.jobTitle,
  questions: row.screening.questions,
});

async function loadCall(db: Db, callId: number): Promise<CallRow> {
  const [call] = await db.select().from(phoneCalls).where(eq(phoneCalls.id, callId)).limit(1);
  if (!call) throw new AppError('NOT_FOUND', 'Call not found');
  return call;
}

export async function findCallBySid(db: Db, sid: string): Promise<CallRow | undefined> {
  const [call] = await db.select().from(phoneCalls).where(eq(phoneCalls.providerSid, sid)).limit(1);
  return call;
}

/** The candidate's link to take the screening call in the browser; the token is made once. */
export async function candidateCallToken(db: Db, candidateId: number): Promise<string> {
  const [row] = await db.select({ token: phoneScreeningCandidates.candidateToken }).from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, candidateId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Candidate not found');
  if (row.token) return row.token;
  const token = randomBytes(24).toString('base64url');
  // Only a candidate still without a token gets this one: of two requests at once, both answer the token that was kept.
  const [set] = await db
    .update(phoneScreeningCandidates)
    .set({ candidateToken: token })
    .where(and(eq(phoneScreeningCandidates.id, candidateId), isNull(phoneScreeningCandidates.candidateToken)))
    .returning({ token: phoneScreeningCandidates.candidateToken });
  if (set?.token) return set.token;
  return candidateCallToken(db, candidateId);
}

export async function candidateByToken(db: Db, token: string): Promise<CandidateRow | undefined> {
  const [row] = await db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.candidateToken, token)).limit(1);
  return row;
}

const toReply = (call: Pick<CallRow, 'id'>, turn: number, agentName: string, t: Pick<Turn, 'say' | 'state'>): CallReply => ({
  callId: call.id,
  turn,
  say: t.say,
  done: t.state.phase === 'ended',
  agentName,
});

/**
 * Starts a call in the browser simulator, or resumes the one under way (a reload must not lose
 * the answers given). Answers the agent's opening.
 */
export async function startSimulatedCall(deps: CallDeps, candidateId: number): Promise<CallReply> {
  const row = await candidateWithScreening(deps.db, candidateId);
  if (isScreened(row.candidate.status)) throw new AppError('SCREENING_COMPLETED', 'This phone screening has already been completed');
  const optedOut = await optOutOf(deps.db, candidateId);
  if (optedOut) {
    throw new AppError('CALL_OPTED_OUT', optedOut === 'asked_not_to_call' ? 'This candidate asked not to be called again, so no further call is made' : 'This candidate declined the call, so no further call is made', {
      details: { reason: optedOut },
    });
  }
  const [open] = await deps.db
    .select()
    .from(phoneCalls)
    .where(and(eq(phoneCalls.candidateId, candidateId), eq(phoneCalls.provider, 'simulator'), eq(phoneCalls.status, 'in_progress')))
    .orderBy(desc(phoneCalls.id))
    .limit(1);
  if (open?.lastReply) return open.lastReply;
  const attempt = row.candidate.attempts + 1;
  await deps.db.update(phoneScreeningCandidates).set({ attempts: attempt, status: 'calling', nextCallAt: null, outcome: null }).where(eq(phoneScreeningCandidates.id, candidateId));
  const [call] = await deps.db
    .insert(phoneCalls)
    .values({ candidateId, attempt, provider: 'simulator', status: 'queued', conversation: { phase: 'consent', questionIndex: 0, retries: 0 } satisfies ConversationState })
    .returning();
  return openCall(deps, call!.id);
}

/** The reply already given: every turn is written with its reply, so a call past its opening has one. */
function givenReply(call: { id: number; lastReply: CallReply | null }): CallReply {
  if (!call.lastReply) throw new Error(`call ${call.id} moved on without its reply stored`);
  return call.lastReply;
}

/**
 * The agent's opening, once the candidate has picked up. Idempotent: asked again (a webhook
 * retried), it answers the same words without starting over.
 */
export async function openCall(deps: CallDeps, callId: number): Promise<CallReply> {
  const call = await loadCall(deps.db, callId);
  if (call.turn > 0 && call.lastReply) return call.lastReply;
  const row = await candidateWithScreening(deps.db, call.candidateId);
  const opening = openConversation(scriptFor(row));
  const reply = toReply(call, 1, row.screening.agentName, opening);
  const now = clock(deps);
  // The call and its candidate move together.
  const opened = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(phoneCalls)
      .set({ conversation: opening.state, turn: 1, lastReply: reply, transcript: opening.transcript, status: 'in_progress', startedAt: now })
      .where(and(eq(phoneCalls.id, callId), eq(phoneCalls.turn, 0)))
      .returning({ id: phoneCalls.id });
    if (updated) await tx.update(phoneScreeningCandidates).set({ status: 'in_progress' }).where(eq(phoneScreeningCandidates.id, call.candidateId));
    return Boolean(updated);
  });
  return opened ? reply : givenReply(await loadCall(deps.db, callId));
}

/**
 * The candidate's answer to turn `turn`. The same answer arriving twice (a provider retry, a
 * double submit) gets the reply already given and changes nothing; an answer to an older turn is
 * refused.
 */
export async function answerCall(deps: CallDeps, callId: number, turn: number, text: string, stale: 'refuse' | 'repeat' = 'refuse'): Promise<CallReply> {
  const call = await loadCall(deps.db, callId);
  if (call.turn === turn + 1 && call.lastReply && turn > 0) return call.lastReply;
  const state = call.conversation;
  if (state.phase === 'ended') return givenReply(call);
  if (call.turn !== turn || call.turn === 0) {
    // A provider replaying an old request gets the call's current words (see onCallEvent).
    if (stale === 'repeat') return openCall(deps, callId);
    throw new AppError('CALL_TURN_STALE', 'This answer belongs to an earlier point of the call');
  }
  const row = await candidateWithScreening(deps.db, call.candidateId);
  const next = await continueConversation(deps.ai, scriptFor(row), state, text);
  const reply = toReply(call, turn + 1, row.screening.agentName, next);
  const [updated] = await deps.db
    .update(phoneCalls)
    .set({ conversation: next.state, turn: turn + 1, lastReply: reply, transcript: [...call.transcript, ...next.transcript] })
    .where(and(eq(phoneCalls.id, callId), eq(phoneCalls.turn, turn)))
    .returning();
  if (!updated) return givenReply(await loadCall(deps.db, callId));
  if (next.state.phase === 'ended') await endConversation(deps, updated, next.state.ending ?? 'finished');
  return reply;
}

/** Status the candidate takes when a call ends early, after `ending`. */
async function endConversation(deps: CallDeps, call: CallRow, ending: CallEnding): Promise<void> {
  const now = clock(deps);
  // The call and its candidate move together; the evaluation is queued once both are written.
  const evaluate = await deps.db.transaction(async (tx) => {
    if (call.provider === 'simulator') await tx.update(phoneCalls).set({ status: 'completed', endedAt: now }).where(eq(phoneCalls.id, call.id));
    if (ending === 'finished') return toEvaluating(tx, call);
    if (ending === 'declined' || ending === 'opted_out') {
      // Either way no further call is placed (decision 025); the card says which.
      const reason = ending === 'opted_out' ? 'asked_not_to_call' : 'declined';
      await tx
        .update(phoneScreeningCandidates)
        .set({ status: 'declined', nextCallAt: null, outcome: optOutOutcome(reason), transcript: { transcript: call.transcript } })
        .where(and(eq(phoneScreeningCandidates.id, call.candidateId), inArray(phoneScreeningCandidates.status, ['calling', 'in_progress'])));
      await recordOptOut(tx, call.candidateId, reason, call.id, now);
    } else if (call.provider === 'simulator') {
      // Nothing dials again without telephony: the recruiter starts another simulated call.
      await tx
        .update(phoneScreeningCandidates)
        .set({ status: 'no_answer', nextCallAt: null, outcome: 'The candidate did not respond on the call.' })
        .where(and(eq(phoneScreeningCandidates.id, call.candidateId), inArray(phoneScreeningCandidates.status, ['calling', 'in_progress'])));
    } else {
      await afterUnsuccessfulCall({ ...deps, db: tx }, call.candidateId, 'no_response', now);
    }
    return false;
  });
  if (call.provider === 'simulator') deps.metrics?.calls.inc({ outcome: 'completed' });
  if (evaluate) await deps.queue.send(EVALUATE_SCREENING_CALL, { callId: call.id });
}

/**
 * Moves the candidate of a call that was held to 'evaluating', with the call's transcript; true when
 * it moved, and the caller then queues the scoring (after its transaction: a crash in between
 * leaves the candidate evaluating, which the start re-queues).
 */
async function toEvaluating(tx: Tx, call: Pick<CallRow, 'candidateId' | 'transcript'>): Promise<boolean> {
  const [moved] = await tx
    .update(phoneScreeningCandidates)
    .set({ status: 'evaluating', nextCallAt: null, outcome: null, transcript: { transcript: call.transcript } })
    .where(and(eq(phoneScreeningCandidates.id, call.candidateId), inArray(phoneScreeningCandidates.status, ['calling', 'in_progress'])))
    .returning({ id: phoneScreeningCandidates.id });
  return Boolean(moved);
}

/** The interview part of a call: the consent exchange before the first question is not an answer to score. */
function fromFirstQuestion<T extends { speaker: string; text: string }>(transcript: T[], questions: string[]): T[] {
  const start = transcript.findIndex((t) => t.speaker === 'AI' && t.text === questions[0]);
  return start > 0 ? transcript.slice(start) : transcript;
}

/**
 * Scores a finished call with the same evaluation as video interviews, against the screening's
 * rubric (the AI's, made now if the screening has none). Idempotent: only a candidate still
 * 'evaluating' is written.
 */
export async function runCallEvaluation(deps: Pick<CallDeps, 'db' | 'ai' | 'log' | 'now' | 'notifications' | 'metrics'>, callId: number): Promise<'completed' | 'skipped'> {
  const call = await loadCall(deps.db, callId);
  const row = await candidateWithScreening(deps.db, call.candidateId);
  if (row.candidate.status !== 'evaluating' || row.candidate.dataDeletedAt) return 'skipped';
  let rubric = row.screening.rubric;
  if (!rubric?.length) {
    const plan = await deps.ai.planInterview({ title: row.screening.jobTitle ?? 'Phone screening', description: row.screening.jobDescription ?? '', skills: row.screening.skills ?? undefined });
    rubric = plan.rubric;
    await deps.db.update(phoneScreenings).set({ rubric }).where(eq(phoneScreenings.id, row.screening.id));
  }
  const result = await deps.ai.evaluate({
    questions: row.screening.questions,
    rubric,
    transcript: fromFirstQuestion(call.transcript, row.screening.questions),
    candidateName: row.candidate.candidateName,
  });
  const feedback = toStored(result, clock(deps));
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(phoneScreeningCandidates)
      // The recording's link is only ever added: its callback may arrive while the call is being scored (see recordCallRecording).
      .set({ feedback, status: 'completed', completedAt: clock(deps), outcome: null, ...(call.recordingSid ? { recordingUrl: `/api/phone-screening/candidates/${call.candidateId}/recording` } : {}) })
      .where(and(eq(phoneScreeningCandidates.id, call.candidateId), eq(phoneScreeningCandidates.status, 'evaluating'), isNull(phoneScreeningCandidates.dataDeletedAt)))
      .returning({ id: phoneScreeningCandidates.id });
    if (row) await deps.notifications?.notify(tx, { kind: 'screening_completed', callId });
    if (row) await recordWebhookEvent(tx, await screeningCompletedEvent(tx, call.candidateId, deps.notifications?.appUrl), clock(deps));
    return row;
  });
  if (!done) return 'skipped';
  deps.metrics?.evaluations.inc({ kind: 'screening_call', engine: result.engine, fallback: result.fallbackReason ? 'yes' : 'no' });
  await deps.notifications?.deliver();
  deps.log.info({ callId, candidateId: call.candidateId, overall: result.overall }, 'screening call evaluated');
  return 'completed';
}

/** Queues the scoring of every call left 'evaluating' by a crash. */
export async function requeueStuckCallEvaluations(deps: { db: Db; queue: JobQueue }): Promise<number> {
  const stuck = await deps.db
    .select({ candidateId: phoneScreeningCandidates.id })
    .from(phoneScreeningCandidates)
    .where(eq(phoneScreeningCandidates.status, 'evaluating'));
  for (const { candidateId } of stuck) {
    const [call] = await deps.db.select({ id: phoneCalls.id }).from(phoneCalls).where(eq(phoneCalls.candidateId, candidateId)).orderBy(desc(phoneCalls.id)).limit(1);
    if (call) await deps.queue.send(EVALUATE_SCREENING_CALL, { callId: call.id });
  }
  return stuck.length;
}

/**
 * Places the telephone call the scheduler claimed. Idempotent under job retries: a call already
 * created for this attempt is not dialled again. The account's approval is checked again here, as
 * it can be taken back between the claim and the dial: a refused call is not counted, and the
 * candidate waits for its call again with the reason on the card.
 */
export async function placeScreeningCall(deps: CallDeps & { telephony: Telephony }, candidateId: number, attempt: number): Promise<void> {
  const [existing] = await deps.db
    .select({ id: phoneCalls.id })
    .from(phoneCalls)
    .where(and(eq(phoneCalls.candidateId, candidateId), eq(phoneCalls.attempt, attempt), eq(phoneCalls.provider, 'twilio')))
    .limit(1);
  if (existing) return;
  const row = await candidateWithScreening(deps.db, candidateId);
  if (row.candidate.status !== 'calling') return;
  const optedOut = await optOutOf(deps.db, candidateId);
  if (optedOut) {
    // Claimed just before the candidate said so: not dialled, and not counted.
    await deps.db
      .update(phoneScreeningCandidates)
      .set({ status: 'declined', attempts: attempt - 1, nextCallAt: null, outcome: optOutOutcome(optedOut) })
      .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreeningCandidates.status, 'calling'), eq(phoneScreeningCandidates.attempts, attempt)));
    deps.log.info({ candidateId, optedOut }, 'screening call not placed: the candidate opted out');
    return;
  }
  if (!row.owner.isApproved) {
    await deps.db
      .update(phoneScreeningCandidates)
      .set({ status: 'pending', attempts: attempt - 1, nextCallAt: clock(deps), outcome: heldForReviewNote(row.owner.reviewStatus) })
      .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreeningCandidates.status, 'calling'), eq(phoneScreeningCandidates.attempts, attempt)));
    deps.log.info({ candidateId, reviewStatus: row.owner.reviewStatus }, 'screening call not placed: the account is not approved');
    return;
  }
  // The unique (candidate, attempt) index makes the row the claim: a job for the same attempt
  // running at once on another instance inserts nothing and does not dial.
  const [call] = await deps.db
    .insert(phoneCalls)
    .values({ candidateId, attempt, provider: 'twilio', status: 'queued', conversation: { phase: 'consent', questionIndex: 0, retries: 0 } satisfies ConversationState })
    .onConflictDoNothing()
    .returning();
  if (!call) return;
  try {
    const { sid } = await deps.telephony.placeCall({ to: e164(row.candidate.countryCode, row.candidate.phoneNumber), callId: call.id });
    await deps.db.update(phoneCalls).set({ providerSid: sid }).where(eq(phoneCalls.id, call.id));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.log.warn({ err: message, candidateId }, 'placing the screening call failed');
    const now = clock(deps);
    await deps.db.transaction(async (tx) => {
      await tx.update(phoneCalls).set({ status: 'failed', error: message.slice(0, 500), endedAt: now }).where(eq(phoneCalls.id, call.id));
      await afterUnsuccessfulCall({ ...deps, db: tx }, candidateId, 'failed', now);
      await tx.update(phoneScreeningCandidates).set({ outcome: `The call could not be placed: ${message.slice(0, 200)}` }).where(eq(phoneScreeningCandidates.id, candidateId));
    });
    deps.metrics?.calls.inc({ outcome: 'failed' });
  }
}

/** The order a call goes through its statuses: a later one never goes back. */
const RANK: Record<PhoneCallStatus, number> = { queued: 0, initiated: 1, ringing: 2, in_progress: 3, completed: 4, busy: 4, no_answer: 4, failed: 4, canceled: 4, voicemail: 4 };
const isFinished = (status: PhoneCallStatus) => (FINISHED_CALL_STATUSES as readonly PhoneCallStatus[]).includes(status);

/**
 * What a provider told about a call, in the product's words (its adapter translates, decision 062):
 * the reply to speak when there is one, null when there is nothing to say (a machine picked up, or
 * a report about the call).
 */
export async function onCallEvent(deps: CallDeps, callId: number, event: CallEvent): Promise<CallReply | null> {
  switch (event.kind) {
    case 'answered':
      return openCall(deps, callId);
    case 'machine':
      // No message for a machine; the end that follows counts the attempt as voicemail.
      return null;
    case 'speech':
      // An answer for a turn the call has already left (a replayed request) gets the call's current
      // words rather than an error, which a phone would read out before hanging up.
      return answerCall(deps, callId, event.turn, event.text, 'repeat');
    case 'progress':
    case 'ended':
      await recordCallStatus(deps, callId, event);
      return null;
    case 'recording_ready':
      await recordCallRecording(deps, callId, { sid: event.sid, url: event.url });
      return null;
  }
}

/**
 * A call's progress or end. Reports can repeat and arrive out of order: an older status than the one
 * recorded changes nothing, and a finished call stays finished. An end moves the call and its
 * candidate in one transaction.
 */
export async function recordCallStatus(deps: CallDeps, callId: number, event: CallStatusEvent): Promise<void> {
  const call = await loadCall(deps.db, callId);
  if (isFinished(call.status)) return;
  const status: PhoneCallStatus = event.kind === 'ended' ? event.reason : event.status;
  if (RANK[status] < RANK[call.status]) return;
  const now = clock(deps);
  const finished = event.kind === 'ended';
  const outcome = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(phoneCalls)
      .set({
        status,
        answeredBy: event.answeredBy ?? call.answeredBy,
        durationSeconds: (finished ? event.durationSeconds : undefined) ?? call.durationSeconds,
        ...(finished ? { endedAt: now } : {}),
        ...(status === 'in_progress' && !call.startedAt ? { startedAt: now } : {}),
      })
      .where(and(eq(phoneCalls.id, callId), eq(phoneCalls.status, call.status)))
      .returning();
    if (!updated) return 'raced' as const;
    if (!finished) return 'moved' as const;
    if (status === 'completed') {
      const state = updated.conversation;
      if (state.phase === 'ended') return 'moved' as const;
      // The candidate hung up part-way: score what was said if any question was answered, else retry.
      // (The "yes" to consent is no answer: only what was said after the first question counts.)
      const { screening } = await candidateWithScreening(tx, call.candidateId);
      const firstAsked = updated.transcript.findIndex((t) => t.speaker === 'AI' && t.text === screening.questions[0]);
      const answered = state.phase !== 'consent' && firstAsked >= 0 && updated.transcript.slice(firstAsked).some((t) => t.speaker === 'Candidate');
      if (answered) return (await toEvaluating(tx, updated)) ? ('evaluate' as const) : ('moved' as const);
      await afterUnsuccessfulCall({ ...deps, db: tx }, call.candidateId, 'no_response', now);
      return 'moved' as const;
    }
    const reason: UnsuccessfulReason = status === 'busy' ? 'busy' : status === 'voicemail' ? 'voicemail' : status === 'failed' ? 'failed' : 'no_answer';
    await afterUnsuccessfulCall({ ...deps, db: tx }, call.candidateId, reason, now);
    return 'moved' as const;
  });
  // Another report changed the call meanwhile (Twilio sends them concurrently): judge this one again against it.
  if (outcome === 'raced') return recordCallStatus(deps, callId, event);
  if (finished) deps.metrics?.calls.inc({ outcome: status });
  if (outcome === 'evaluate') await deps.queue.send(EVALUATE_SCREENING_CALL, { callId });
}

/**
 * Twilio's recording of the call, once it is ready; a job then copies it into our storage
 * (decision 009). A repeated callback queues the copy again, which the job's key makes a no-op, so
 * a copy whose queueing failed after the row was written is queued by Twilio's retry.
 */
export async function recordCallRecording(deps: Pick<CallDeps, 'db' | 'queue'>, callId: number, recording: { sid: string; url: string }): Promise<void> {
  const { db } = deps;
  const call = await loadCall(db, callId);
  if (call.recordingSid !== recording.sid) {
    await db.transaction(async (tx) => {
      await tx.update(phoneCalls).set({ recordingSid: recording.sid, recordingUrl: recording.url }).where(eq(phoneCalls.id, callId));
      await tx
        .update(phoneScreeningCandidates)
        .set({ recordingUrl: `/api/phone-screening/candidates/${call.candidateId}/recording` })
        .where(and(eq(phoneScreeningCandidates.id, call.candidateId), inArray(phoneScreeningCandidates.status, SCREENED_CANDIDATE_STATUSES)));
    });
  }
  await requestRecordingCopy(deps.queue, callId, recording.sid);
}

/** What the result view shows: the latest call's details next to the candidate's stored result. */
export async function latestCall(db: Db, candidateId: number): Promise<CallRow | undefined> {
  const [call] = await db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidateId)).orderBy(desc(phoneCalls.id)).limit(1);
  return call;
}
