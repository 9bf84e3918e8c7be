export { scoreTone, toneClasses, type ScoreTone } from '@/client/lib/score-tone';

/** A score as shown: a whole number (the evaluator may produce decimals). */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

/** Bar width in percent, kept within 0–100. */
export function barWidth(score: number): string {
  return `${Math.min(100, Math.max(0, score))}%`;
}
