import { Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/cn';

export interface SpinnerProps {
  className?: string | undefined;
  /** Accessible name announced to screen readers (default "Loading"). */
  label?: string | undefined;
}

/** Animated loading indicator (size it with e.g. `className="size-4"`); a live `role="status"` region named by `label`. */
export function Spinner({ className, label }: SpinnerProps) {
  return (
    <span role="status" aria-label={label ?? 'Loading'} className={cn('inline-flex size-5 shrink-0 text-slate-500', className)}>
      <Loader2 className="size-full animate-spin" aria-hidden="true" />
    </span>
  );
}
