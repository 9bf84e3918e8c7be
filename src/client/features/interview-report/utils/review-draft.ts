import type { ReviewInput } from '@/contracts/report';
import type { ReviewDecision } from '@/contracts/statuses';

/** The Human Review form as typed: an open adjustment per criterion, and maybe a decision. */
export interface ReviewDraft {
  /** Keyed by criterion name; present while that criterion's 'Adjust' control is open. */
  adjustments: Record<string, { score: string; reason: string }>;
  decision: ReviewDecision | null;
  note: string;
}

export const emptyDraft: ReviewDraft = { adjustments: {}, decision: null, note: '' };

/** Where a message belongs: a criterion's score or reason, the note, or the form as a whole. */
export type DraftErrorKey = `score:${string}` | `reason:${string}` | 'note' | 'form';

export type DraftResult = { ok: true; input: ReviewInput } | { ok: false; errors: Partial<Record<DraftErrorKey, string>> };

/**
 * The request body for POST /api/interview/{id}/review, or the messages to show. The rules (and
 * wording) follow the `reviewInput` contract, which the server applies again: every score change
 * is a whole number from 0 to 100 with a reason, a decision needs a note, and something must change.
 * `currentScores` are the criteria's present values, so an 'adjustment' to the same value is caught.
 */
export function draftToInput(draft: ReviewDraft, currentScores: ReadonlyMap<string, number | null>): DraftResult {
  const errors: Partial<Record<DraftErrorKey, string>> = {};
  const scores: ReviewInput['scores'] = [];
  for (const [criterion, { score: raw, reason }] of Object.entries(draft.adjustments)) {
    const score = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isInteger(score) || score < 0 || score > 100) errors[`score:${criterion}`] = 'Enter a whole number from 0 to 100';
    else if (currentScores.get(criterion) === score) errors[`score:${criterion}`] = 'This is already the current score';
    if (!reason.trim()) errors[`reason:${criterion}`] = 'A reason is required for every score change';
    scores.push({ criterion, score, reason: reason.trim() });
  }
  if (draft.decision && !draft.note.trim()) errors.note = 'A note is required with a decision';
  if (scores.length === 0 && !draft.decision) errors.form = 'Change a score or record a decision';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: draft.decision ? { scores, decision: draft.decision, note: draft.note.trim() } : { scores } };
}
