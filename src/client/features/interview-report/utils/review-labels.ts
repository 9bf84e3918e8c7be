import type { ReviewDecision } from '@/contracts/statuses';
import { formatScore } from '@/client/lib/score-tone';

/** The decisions a reviewer can record, as the Human Review card names them. */
export const DECISIONS: { value: ReviewDecision; label: string }[] = [
  { value: 'advance', label: 'Advance' },
  { value: 'hold', label: 'Hold' },
  { value: 'reject', label: 'Reject' },
];

export const decisionLabel = (decision: ReviewDecision) => DECISIONS.find((d) => d.value === decision)?.label ?? decision;

export const scoreText = (score: number | null) => (score === null ? 'no score' : formatScore(score));

/** The ids of one criterion's score and reason fields in a review form. */
export function controlIds(formId: string, index: number) {
  return { score: `${formId}-score-${index}`, reason: `${formId}-reason-${index}` };
}
