import { AlertTriangle, Bot } from 'lucide-react';
import { CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

/** A feedback card's heading: which engine evaluated, what its scores can and cannot tell, and why a fallback was used when one was. */
export function FeedbackHeader({
  headingId,
  title,
  evaluatedBy,
  caveat,
  fallback,
}: {
  headingId: string;
  title: string;
  evaluatedBy: string | null;
  caveat: string | null;
  fallback: string | null;
}) {
  return (
    <CardHeader>
      <CardTitle as="h2" id={headingId}>
        {title}
      </CardTitle>
      {evaluatedBy ? (
        <CardDescription className="flex items-center gap-1.5">
          <Bot className="size-4 shrink-0" aria-hidden="true" />
          {evaluatedBy}
        </CardDescription>
      ) : null}
      {caveat ? <p className="text-xs text-slate-600">{caveat}</p> : null}
      {fallback ? (
        <p className="mt-1 flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {fallback}
        </p>
      ) : null}
    </CardHeader>
  );
}
