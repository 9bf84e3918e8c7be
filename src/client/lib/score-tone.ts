/** Colour band of a 0–100 score: the product's thresholds are 80 and 60. */
export type ScoreTone = 'high' | 'medium' | 'low';

export function scoreTone(score: number): ScoreTone {
  if (score >= 80) return 'high';
  if (score >= 60) return 'medium';
  return 'low';
}

/** Tailwind classes per band (literal strings so Tailwind emits them); -600 bars keep 3:1 contrast on white. */
export const toneClasses: Record<ScoreTone, { text: string; bar: string }> = {
  high: { text: 'text-green-700', bar: 'bg-green-600' },
  medium: { text: 'text-amber-700', bar: 'bg-amber-600' },
  low: { text: 'text-red-700', bar: 'bg-red-600' },
};

/** A score as shown: a whole number (the evaluator may produce decimals). */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

/** Bar width in percent, kept within 0–100. */
export function barWidth(score: number): string {
  return `${Math.min(100, Math.max(0, score))}%`;
}
