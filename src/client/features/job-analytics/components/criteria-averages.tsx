import { cn } from '@/client/lib/cn';
import type { JobAnalytics } from '@/contracts/report';
import { scoreTone, toneBar, toneText } from './score-tone';

/** Each rubric criterion's average score as a horizontal bar with the number beside it. */
export function CriteriaAverages({ criteria }: { criteria: JobAnalytics['criteria'] }) {
  if (!criteria.some((c) => c.average !== null)) {
    return <p className="py-6 text-center text-sm text-slate-600">No criteria scored yet.</p>;
  }
  return (
    <ul className="space-y-3">
      {criteria.map((criterion) => {
        const average = criterion.average === null ? null : Math.round(criterion.average);
        const tone = average === null ? null : scoreTone(average);
        return (
          <li key={criterion.name} className="space-y-1">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="text-slate-700">
                {criterion.name}
                <span className="ml-2 text-xs text-slate-500">
                  {criterion.scored} scored
                </span>
              </span>
              <span className="shrink-0 whitespace-nowrap tabular-nums">
                {average === null || tone === null ? (
                  <>
                    <span aria-hidden="true" className="text-slate-500">
                      —
                    </span>
                    <span className="sr-only">Not scored yet</span>
                  </>
                ) : (
                  <>
                    <span className={cn('font-semibold', toneText[tone])}>{average}</span>
                    <span className="text-slate-500">/100</span>
                  </>
                )}
              </span>
            </div>
            <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-100">
              {average !== null && tone !== null ? (
                <div className={cn('h-full rounded-full', toneBar[tone])} style={{ width: `${Math.min(100, Math.max(0, average))}%` }} />
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
