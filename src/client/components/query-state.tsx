import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import { describeError } from '@/client/lib/error-messages';

/** What QueryState reads of a TanStack query (a query's result, or an infinite query's). */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** What is loading, for screen readers: "Loading the keys". */
  loading: string;
  /** The sentence said before the reason when loading failed: "The keys could not be loaded." */
  failed: string;
  /** The spinner's size (it is brand-coloured). */
  spinnerSize?: 'size-5' | 'size-6';
  /** Keeps showing data loaded earlier when a later fetch fails (an infinite list whose next page failed says so itself). */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * The three states of something loaded from the server, the same on every screen: a spinner while
 * it loads, what went wrong with Try again when it failed, and else the content.
 */
export function QueryState<T>({ query, loading, failed, spinnerSize = 'size-5', keepDataOnError = false, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner className={cn(spinnerSize, 'text-brand-600')} label={loading} />;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) return <LoadFailed failed={failed} error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data as T);
}

/** Why something could not be loaded, and Try again. */
export function LoadFailed({ failed, error, onRetry }: { failed: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <p>
        {failed} {describeError(error)}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
