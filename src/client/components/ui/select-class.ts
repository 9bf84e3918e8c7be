import { cn } from '@/client/lib/cn';

/** A native select styled like the inputs (native: the keyboard and screen readers know it). */
export const selectClass = cn(
  'flex h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-50',
);
