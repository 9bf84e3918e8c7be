import { eq, sql } from 'drizzle-orm';
import type { CallOptOutReason } from '../../../contracts/consent';
import type { Db, Tx } from '../../db/client';
import { callOptOuts, phoneScreeningCandidates } from '../../db/schema';

/**
 * A screening candidate who asked not to be called again, or declined the call, is never called
 * again (decision 025): the dispatcher skips them, a call already claimed is not dialled, a late
 * provider report schedules no retry, and no browser call starts. The recruiter reads why on the card.
 */

/** The card's words for a candidate who asked not to be called again. */
export const ASKED_NOT_TO_CALL = 'Asked not to be called again.';
/** The card's words for a candidate who declined the call (unchanged from decision 009). */
export const DECLINED_CALL = 'The candidate declined to continue the call.';

/** Records the opt-out once; the first reason stays. */
export async function recordOptOut(db: Db | Tx, candidateId: number, reason: CallOptOutReason, callId: number | null, now: Date): Promise<void> {
  await db.insert(callOptOuts).values({ candidateId, reason, callId, optedOutAt: now }).onConflictDoNothing();
}

export async function optOutOf(db: Db | Tx, candidateId: number): Promise<CallOptOutReason | null> {
  const [row] = await db.select({ reason: callOptOuts.reason }).from(callOptOuts).where(eq(callOptOuts.candidateId, candidateId)).limit(1);
  return row?.reason ?? null;
}

/** For the dispatcher's WHERE: the candidate has not opted out. */
export const notOptedOut = sql`not exists (select 1 from ${callOptOuts} where ${callOptOuts.candidateId} = ${phoneScreeningCandidates.id})`;

/** Why no further call is placed, as the candidate's card says it. */
export const optOutOutcome = (reason: CallOptOutReason) => (reason === 'asked_not_to_call' ? ASKED_NOT_TO_CALL : DECLINED_CALL);
