import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { CALLABLE_CANDIDATE_STATUSES, isScreened } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { phoneScreeningCandidates } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';
import { CALLING_HOURS_TEXT, callableFrom, describeLocal } from './calling-hours';
import { notOptedOut, optOutOf } from './opt-out';
import { noteCallsHeldForReview, ownerIsApproved } from './review-gate';

export const PLACE_SCREENING_CALL = 'place-screening-call';

/**
 * Claims every candidate whose call is due at `now` and queues the call. A due time outside the
 * calling hours is moved to their next opening instead. The claim is one conditional
 * update, so several app instances never call the same candidate twice. Only an approved
 * account's candidates are claimed; the others keep waiting, and their card says why.
 */
export async function dispatchDueCalls(deps: { db: Db; queue: Pick<JobQueue, 'send'> }, now: Date): Promise<number[]> {
  const isDue = and(
    isNotNull(phoneScreeningCandidates.nextCallAt),
    lte(phoneScreeningCandidates.nextCallAt, now),
    inArray(phoneScreeningCandidates.status, CALLABLE_CANDIDATE_STATUSES),
    // Never a candidate who asked not to be called again or declined (decision 025).
    notOptedOut,
  );
  await noteCallsHeldForReview(deps.db, isDue);
  const approved = ownerIsApproved(deps.db);
  const due = await deps.db
    .select()
    .from(phoneScreeningCandidates)
    .where(and(isDue, approved))
    .orderBy(asc(phoneScreeningCandidates.nextCallAt))
    .limit(100);
  const placed: number[] = [];
  for (const candidate of due) {
    const dueAt = candidate.nextCallAt!;
    // The account's approval is part of the claim: one taken back meanwhile claims nothing.
    const sameClaim = and(eq(phoneScreeningCandidates.id, candidate.id), eq(phoneScreeningCandidates.nextCallAt, dueAt), eq(phoneScreeningCandidates.status, candidate.status), approved);
    const callable = callableFrom(now, candidate.zone);
    if (callable.getTime() !== now.getTime()) {
      await deps.db.update(phoneScreeningCandidates).set({ nextCallAt: callable, outcome: outsideHoursNote(callable, candidate.zone) }).where(sameClaim);
      continue;
    }
    const [claimed] = await deps.db
      .update(phoneScreeningCandidates)
      .set({ status: 'calling', nextCallAt: null, attempts: candidate.attempts + 1, outcome: null })
      .where(sameClaim)
      .returning({ id: phoneScreeningCandidates.id, attempts: phoneScreeningCandidates.attempts });
    if (!claimed) continue;
    await deps.queue.send(PLACE_SCREENING_CALL, { candidateId: claimed.id, attempt: claimed.attempts });
    placed.push(claimed.id);
  }
  return placed;
}

export type UnsuccessfulReason = 'no_answer' | 'busy' | 'voicemail' | 'failed' | 'no_response';

const reasonText: Record<UnsuccessfulReason, string> = {
  no_answer: 'No answer',
  busy: 'Line busy',
  voicemail: 'Reached voicemail',
  failed: 'The call could not be connected',
  no_response: 'The candidate did not respond on the call',
};

/** Why a call waits: shown on the candidate's card. */
export const outsideHoursNote = (callable: Date, zone: string) => `${CALLING_HOURS_TEXT}: calling on ${describeLocal(callable, zone)}.`;

/**
 * After a call that did not reach the candidate: another attempt later (inside the calling
 * hours) while attempts remain, else the candidate is marked unreachable. The card shows why.
 */
export async function afterUnsuccessfulCall(
  deps: { db: Db | Tx; policy: { maxAttempts: number; retryMinutes: number } },
  candidateId: number,
  reason: UnsuccessfulReason,
  now: Date,
): Promise<void> {
  const [candidate] = await deps.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, candidateId)).limit(1);
  if (!candidate || isScreened(candidate.status)) return;
  // A late report about a call in which the candidate opted out (say, one the provider took for a machine) schedules nothing.
  if (await optOutOf(deps.db, candidateId)) return;
  const attempts = Math.max(candidate.attempts, 1);
  if (reason !== 'failed' && attempts < deps.policy.maxAttempts) {
    const next = callableFrom(new Date(now.getTime() + deps.policy.retryMinutes * 60_000), candidate.zone);
    const status = reason === 'no_response' ? 'no_answer' : reason;
    await deps.db
      .update(phoneScreeningCandidates)
      .set({ status, nextCallAt: next, outcome: `${reasonText[reason]} (attempt ${attempts} of ${deps.policy.maxAttempts}). Calling again on ${describeLocal(next, candidate.zone)}.` })
      .where(eq(phoneScreeningCandidates.id, candidateId));
    return;
  }
  const outcome = reason === 'failed' ? reasonText.failed : `${reasonText[reason]} after ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
  await deps.db
    .update(phoneScreeningCandidates)
    .set({ status: reason === 'failed' ? 'failed' : 'unreachable', nextCallAt: null, outcome })
    .where(eq(phoneScreeningCandidates.id, candidateId));
}
