import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

export interface EmptyStateProps {
  /** What is missing, in a few words ('No reviewed interviews yet'). */
  title: string;
  /** What will appear here, and when: a sentence or two. */
  children: ReactNode;
  /** A way on, when there is one (a link to the page with more). */
  action?: ReactNode;
  className?: string;
}

/** A panel with nothing to show yet says what will appear there and when, instead of empty tables or zeros. */
export function EmptyState({ title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cn('rounded-md border border-dashed border-slate-300 px-4 py-6 text-center', className)}>
      <p className="text-sm font-medium text-slate-900">{title}</p>
      <p className="mx-auto mt-1 max-w-2xl text-sm text-pretty text-slate-600">{children}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
