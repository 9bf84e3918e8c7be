import { cn } from '@/client/lib/cn';
import { scoreTone, toneClasses } from '@/client/lib/score-tone';

export { scoreTone };

const barColour = { high: toneClasses.high.bar, medium: toneClasses.medium.bar, low: toneClasses.low.bar } as const;
const textColour = { high: toneClasses.high.text, medium: toneClasses.medium.text, low: toneClasses.low.text } as const;

interface ScoreBarProps {
  label: string;
  score: number;
  className?: string;
  /** Colour for labels on a dark background. */
  inverted?: boolean;
}

/** A labelled criterion score out of 100 with a bar (illustrations only). */
export function ScoreBar({ label, score, className, inverted = false }: ScoreBarProps) {
  const tone = scoreTone(score);
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className={inverted ? 'text-slate-200' : 'text-slate-700'}>{label}</span>
        <span className={cn('font-semibold tabular-nums', inverted ? 'text-white' : textColour[tone])}>
          {score}
          <span className={cn('font-normal', inverted ? 'text-slate-400' : 'text-slate-500')}>/100</span>
        </span>
      </div>
      <div aria-hidden="true" className={cn('h-1.5 overflow-hidden rounded-full', inverted ? 'bg-white/15' : 'bg-slate-100')}>
        <div className={cn('h-full rounded-full', barColour[tone])} style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}

interface ScoreRingProps {
  score: number;
  className?: string;
}

/** The overall score as a ring with the number in the middle (illustrations only). */
export function ScoreRing({ score, className }: ScoreRingProps) {
  // Literal colours: Tailwind only emits theme variables that classes use.
  const fill = score >= 80 ? '#10b981' : score >= 60 ? '#f59e0b' : '#ef4444';
  return (
    <div
      className={cn('relative grid size-20 shrink-0 place-items-center rounded-full', className)}
      style={{ background: `conic-gradient(${fill} ${score * 3.6}deg, #e2e8f0 0deg)` }}
    >
      <div className="grid size-[4.25rem] place-items-center rounded-full bg-white">
        <p className="text-center leading-none">
          <span className="block text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{score}</span>
          <span className="text-[0.7rem] font-medium text-slate-500">out of 100</span>
        </p>
      </div>
    </div>
  );
}
