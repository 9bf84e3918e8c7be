import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { TIME_ZONES } from '../../../contracts/phone-screenings';
import { CALLABLE_CANDIDATE_STATUSES, isScreened } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { phoneScreeningCandidates } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';
import { notOptedOut, optOutOf } from './opt-out';
import { noteCallsHeldForReview, ownerIsApproved } from './review-gate';

export const PLACE_SCREENING_CALL = 'place-screening-call';

/** Automated calls reach candidates only between 8:00 and 20:00 on their own clock. */
export const CALL_WINDOW = { startMinute: 8 * 60, endMinute: 20 * 60 };

export function zoneOffsetMinutes(timeZone: string): number {
  const known = TIME_ZONES.find((t) => t.value === timeZone);
  if (known) return known.offsetMinutes;
  const match = /^UTC([+-])(\d{2}):(\d{2})$/.exec(timeZone);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const DAY = 24 * 60;

/** `at` when it falls inside the candidate's calling window, else the window's next opening. */
export function nextCallableInstant(at: Date, timeZone: string): Date {
  const offset = zoneOffsetMinutes(timeZone);
  const localMs = at.getTime() + offset * 60_000;
  const minuteOfDay = (((Math.floor(localMs / 60_000) % DAY) + DAY) % DAY);
  if (minuteOfDay >= CALL_WINDOW.startMinute && minuteOfDay < CALL_WINDOW.endMinute) return at;
  const localMidnight = Math.floor(localMs / (DAY * 60_000)) * DAY * 60_000;
  const opening = localMidnight + (minuteOfDay >= CALL_WINDOW.endMinute ? DAY : 0) * 60_000 + CALL_WINDOW.startMinute * 60_000;
  return new Date(opening - offset * 60_000);
}

/**
 * Claims every candidate whose call is due at `now` and queues the call. A due time outside the
 * calling window is moved to the window's next opening instead. The claim is one conditional
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
    const callable = nextCallableInstant(now, candidate.timeZone);
    if (callable.getTime() !== now.getTime()) {
      await deps.db.update(phoneScreeningCandidates).set({ nextCallAt: callable, outcome: outsideHoursNote(callable, candidate.timeZone) }).where(sameClaim);
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

const formatLocal = (at: Date, timeZone: string) => {
  const local = new Date(at.getTime() + zoneOffsetMinutes(timeZone) * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} ${timeZone}`;
};

/** Why a call waits: shown on the candidate's card. */
export const outsideHoursNote = (callable: Date, timeZone: string) =>
  `Calls are placed between 8:00 and 20:00 in the candidate's time zone: calling at ${formatLocal(callable, timeZone)}.`;

/**
 * After a call that did not reach the candidate: another attempt later (inside the calling
 * window) while attempts remain, else the candidate is marked unreachable. The card shows why.
 */
export async function afterUnsuccessfulCall(
  deps: { db: Db; policy: { maxAttempts: number; retryMinutes: number } },
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
    const next = nextCallableInstant(new Date(now.getTime() + deps.policy.retryMinutes * 60_000), candidate.timeZone);
    const status = reason === 'no_response' ? 'no_answer' : reason;
    await deps.db
      .update(phoneScreeningCandidates)
      .set({ status, nextCallAt: next, outcome: `${reasonText[reason]} (attempt ${attempts} of ${deps.policy.maxAttempts}). Calling again at ${formatLocal(next, candidate.timeZone)}.` })
      .where(eq(phoneScreeningCandidates.id, candidateId));
    return;
  }
  const outcome = reason === 'failed' ? reasonText.failed : `${reasonText[reason]} after ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
  await deps.db
    .update(phoneScreeningCandidates)
    .set({ status: reason === 'failed' ? 'failed' : 'unreachable', nextCallAt: null, outcome })
    .where(eq(phoneScreeningCandidates.id, candidateId));
}
