import { cn } from '@/client/lib/cn';
import { barWidth, scoreTone, toneClasses } from '../utils/score-tone';

/** The score as a coloured bar; decorative, since the number is always shown beside it. */
export function ScoreBar({ score, className }: { score: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn('h-2 overflow-hidden rounded-full bg-slate-100', className)}>
      <div className={cn('h-full rounded-full', toneClasses[scoreTone(score)].bar)} style={{ width: barWidth(score) }} />
    </div>
  );
}
