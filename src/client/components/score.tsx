import { barWidth, formatScore, scoreTone, toneClasses } from '@/client/lib/score-tone';
import { cn } from '@/client/lib/cn';

/**
 * A score out of 100 in its colour; without one, 'Not assessed' when no answer spoke to the
 * criterion, else 'Insufficient evidence'.
 */
export function ScoreValue({ score, size = 'base', notAssessed = false }: { score: number | null; size?: 'base' | 'large'; notAssessed?: boolean }) {
  if (score === null) return <span className="text-sm font-medium text-slate-600">{notAssessed ? 'Not assessed' : 'Insufficient evidence'}</span>;
  return (
    <span className={cn('font-semibold tabular-nums', toneClasses[scoreTone(score)].text, size === 'large' ? 'text-2xl' : 'text-base')}>
      {formatScore(score)}
      <span className="text-sm font-normal text-slate-500">/100</span>
    </span>
  );
}

/** The AI's own value, shown beside a value a recruiter changed. */
export function AiValue({ score }: { score: number | null }) {
  return <span className="text-xs font-medium text-slate-500 tabular-nums">AI: {score === null ? 'no score' : formatScore(score)}</span>;
}

/** The score as a coloured bar; decorative, since the number is always shown beside it. */
export function ScoreBar({ score, className }: { score: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('h-2 overflow-hidden rounded-full bg-slate-100', className)}>
      <div className={cn('h-full rounded-full', toneClasses[scoreTone(score)].bar)} style={{ width: barWidth(score) }} />
    </div>
  );
}
