import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import { formatRate, IMPACT_RATIO_THRESHOLD, type ImpactDimension } from '@/contracts/adverse-impact';
import { highestComparedRate, MEASURE_TEXTS, SMALL_GROUP_TEXT, type Measure } from './labels';

/**
 * Each group's rate as a bar, with a dashed line at four fifths of the highest compared rate: a bar
 * short of the line is a group whose impact ratio is under 0.8. Drawn from the table that follows
 * it, which is what assistive technology reads (the bars are hidden from it).
 */
export function ImpactChart({ dimension, measure }: { dimension: ImpactDimension; measure: Measure }) {
  const shown = dimension.groups.filter((g) => g.count > 0);
  const scale = Math.max(0, ...shown.map((g) => g[measure].rate ?? 0));
  const best = highestComparedRate(shown, measure);
  const line = best && scale > 0 ? ((IMPACT_RATIO_THRESHOLD * best) / scale) * 100 : null;
  const at = (rate: number) => (scale === 0 ? 0 : (rate / scale) * 100);

  return (
    <figure className="space-y-3">
      <div aria-hidden="true" className="space-y-2">
        {shown.map((g) => {
          const m = g[measure];
          return (
            <div key={g.key} className="grid grid-cols-[minmax(7rem,14rem)_1fr_3.5rem] items-center gap-3 text-sm">
              <span className="text-right text-slate-700">{g.label}</span>
              <div className="relative h-6 rounded-sm bg-slate-100">
                {m.rate !== null ? (
                  <div
                    data-bar={g.key}
                    className={cn(
                      'h-full rounded-sm',
                      g.isSmall ? 'bg-[repeating-linear-gradient(45deg,#cbd5e1_0_4px,#e2e8f0_4px_8px)]' : m.flagged ? 'bg-red-600' : 'bg-brand-600',
                    )}
                    style={{ width: `${Math.max(at(m.rate), 0.5)}%` }}
                  />
                ) : null}
                {line !== null ? <div className="absolute inset-y-[-4px] border-l-2 border-dashed border-slate-900" style={{ left: `${line}%` }} /> : null}
              </div>
              <span className="text-slate-900 tabular-nums">{formatRate(m.rate) || '–'}</span>
            </div>
          );
        })}
      </div>
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
        <span>
          {MEASURE_TEXTS[measure].rate} per group. Dashed line: four fifths ({IMPACT_RATIO_THRESHOLD}) of the highest rate.
        </span>
        <Key className="bg-red-600">Below the line: impact ratio under {IMPACT_RATIO_THRESHOLD}</Key>
        <Key className="bg-[repeating-linear-gradient(45deg,#cbd5e1_0_4px,#e2e8f0_4px_8px)]">{SMALL_GROUP_TEXT}</Key>
      </figcaption>
    </figure>
  );
}

function Key({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm', className)} />
      {children}
    </span>
  );
}
