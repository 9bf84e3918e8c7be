import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';

/**
 * Only an approved account's screenings reach candidates (decision 009, "Accounts under review").
 * The account is the one that owns the screening (`phone_screenings.user_id`); today every company
 * has exactly one.
 */

/** The recruiter's refusal, worded as the invitation refusal is. */
export const AWAITING_APPROVAL = 'Your account is awaiting approval';

/** The candidate's refusal: says nothing about the company's account. */
export const CALL_NOT_AVAILABLE = 'This screening call is not available yet. Please check with the company that sent you the link.';

export type ReviewStatus = SessionUser['reviewStatus'];

/** The owning account's review, as the call paths read it. */
export interface ScreeningOwner {
  isApproved: boolean;
  reviewStatus: ReviewStatus;
}

/** Columns to select for `ScreeningOwner`, with `users` joined on `ownerOfScreening`. */
export const ownerColumns = { isApproved: users.isApproved, reviewStatus: users.reviewStatus };
export const ownerOfScreening = eq(users.id, phoneScreenings.userId);

/** Why a due call waits, in the candidate's `outcome` (the card's line). */
export const heldForReviewNote = (reviewStatus: ReviewStatus): string =>
  reviewStatus === 'rejected'
    ? 'Your account application was not approved, so no calls are placed.'
    : 'Your account is awaiting approval, so this call has not been placed. It will be placed once your account is approved.';

const screeningsWhereOwner = (db: Db, condition: SQL | undefined) =>
  db.select({ id: phoneScreenings.id }).from(phoneScreenings).innerJoin(users, ownerOfScreening).where(condition);

/** A condition on candidates: the screening's owning account is approved. */
export const ownerIsApproved = (db: Db): SQL => inArray(phoneScreeningCandidates.screeningId, screeningsWhereOwner(db, eq(users.isApproved, true)));

/**
 * Writes why on the cards of the candidates matched by `due` that wait for their account's
 * review. Only a card whose line differs is written, so the dispatcher's every pass changes nothing.
 */
export async function noteCallsHeldForReview(db: Db, due: SQL | undefined): Promise<void> {
  for (const reviewStatus of ['pending', 'rejected'] as const) {
    const note = heldForReviewNote(reviewStatus);
    const review = reviewStatus === 'rejected' ? eq(users.reviewStatus, 'rejected') : ne(users.reviewStatus, 'rejected');
    await db
      .update(phoneScreeningCandidates)
      .set({ outcome: note })
      .where(and(due, inArray(phoneScreeningCandidates.screeningId, screeningsWhereOwner(db, and(eq(users.isApproved, false), review))), sql`${phoneScreeningCandidates.outcome} is distinct from ${note}`));
  }
}

/**
 * Refuses a browser call (or its link) unless the screening's account is approved: the recruiter
 * is told why; the candidate only that the call is not available.
 */
export function requireApprovedForCall({ owner, recruiter }: { owner: ScreeningOwner; recruiter: { isApproved: boolean } | null }): void {
  if (recruiter) {
    if (!recruiter.isApproved || !owner.isApproved) throw new AppError('NOT_APPROVED', AWAITING_APPROVAL);
    return;
  }
  if (!owner.isApproved) throw new AppError('FORBIDDEN', CALL_NOT_AVAILABLE);
}
