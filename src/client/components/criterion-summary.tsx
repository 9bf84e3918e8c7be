import type { ReactNode } from 'react';
import type { RubricCriterion } from '@/contracts/ai';
import { Badge } from '@/client/components/ui/badge';

/** One rubric criterion as read (a job's criteria panel, a screening's rubric): name, weight with its bar, description, then `children`. */
export function CriterionSummary({ criterion, children }: { criterion: Pick<RubricCriterion, 'name' | 'weight' | 'description'>; children?: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900">{criterion.name}</p>
        <Badge variant="secondary" className="tabular-nums">
          {criterion.weight}%
        </Badge>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${criterion.weight}%` }} />
      </div>
      {criterion.description ? <p className="text-sm whitespace-pre-line text-slate-600">{criterion.description}</p> : null}
      {children}
    </>
  );
}
