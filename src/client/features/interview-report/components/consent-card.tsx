import { format } from 'date-fns';
import { useId } from 'react';
import { ALTERNATIVE_KIND_LABELS, type AlternativeRequestItem } from '@/contracts/consent';
import type { InterviewStatus } from '@/contracts/statuses';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useConsentRecord, useResolveAlternative } from '../api/consent-record';

/** A date as a <time> (the exact moment on hover). */
function When({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <>{at}</>;
  return (
    <time dateTime={at} title={format(date, 'PPpp')}>
      {format(date, 'PPP')}
    </time>
  );
}

/** A request nobody has resolved yet (the interview list shows the same badge). */
function AlternativeRequestedBadge() {
  return (
    <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
      Alternative requested
    </Badge>
  );
}

interface ConsentCardProps {
  interviewId: number;
  jobId: number;
  status: InterviewStatus;
}

/**
 * 'Notice and consent' (decision 025): the consent the candidate gave, to which version of the
 * notice and when (the notice as they read it, on demand), and their requests for an alternative,
 * each of which a recruiter marks resolved once arranged.
 */
export function ConsentCard({ interviewId, jobId, status }: ConsentCardProps) {
  const record = useConsentRecord(interviewId);
  const resolve = useResolveAlternative(interviewId, jobId);
  const headingId = useId();
  const data = record.data;
  const open = data?.alternativeRequests.filter((r) => r.status === 'open') ?? [];

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle as="h2" id={headingId}>
            Notice and consent
          </CardTitle>
          {open.length > 0 ? <AlternativeRequestedBadge /> : null}
        </div>
        <CardDescription>Before the interview the candidate reads how the AI works and what it evaluates, and agrees to it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        {record.isPending ? (
          <Spinner className="size-5" label="Loading the consent record" />
        ) : record.isError ? (
          <div className="space-y-2">
            <p role="alert" className="text-red-700">
              {describeError(record.error)}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void record.refetch()}>
              Try again
            </Button>
          </div>
        ) : data ? (
          <>
            {data.consent ? (
              <div className="space-y-2">
                <p className="text-slate-900">
                  Consent given on <When at={data.consent.givenAt} /> to notice version {data.consent.noticeVersion}.
                </p>
                <details className="rounded-md border border-slate-200">
                  <summary className="cursor-pointer rounded-md px-3 py-2 font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                    The notice as the candidate read it
                  </summary>
                  <p className="border-t border-slate-200 px-3 py-2 whitespace-pre-wrap">{data.consent.noticeText}</p>
                </details>
              </div>
            ) : (
              <p className="text-slate-900">
                {status === 'pending'
                  ? 'The candidate has not agreed to the notice yet: the interview starts only once they do.'
                  : 'No consent was recorded: this interview was started before candidates were asked for it.'}
              </p>
            )}
            <div className="space-y-2">
              <h3 className="font-semibold text-slate-900">Requests for an alternative</h3>
              {data.alternativeRequests.length === 0 ? (
                <p>The candidate has not asked for an alternative to the AI interview.</p>
              ) : (
                <ul className="space-y-3">
                  {data.alternativeRequests.map((request) => (
                    <AlternativeRequestRow
                      key={request.id}
                      request={request}
                      isResolving={resolve.isPending && resolve.variables === request.id}
                      onResolve={() => resolve.mutate(request.id)}
                    />
                  ))}
                </ul>
              )}
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function AlternativeRequestRow({ request, isResolving, onResolve }: { request: AlternativeRequestItem; isResolving: boolean; onResolve: () => void }) {
  const label = ALTERNATIVE_KIND_LABELS[request.kind];
  return (
    <li className="space-y-1.5 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{label}</span>
        {request.status === 'open' ? <Badge variant="warning">Open</Badge> : <Badge variant="success">Resolved</Badge>}
        <span className="text-slate-600">
          asked on <When at={request.requestedAt} />
        </span>
      </div>
      {request.message ? <blockquote className="border-l-2 border-slate-300 pl-3 whitespace-pre-wrap text-slate-800">{request.message}</blockquote> : null}
      {request.status === 'resolved' && request.resolvedAt ? (
        <p className="text-slate-600">
          Resolved on <When at={request.resolvedAt} />
          {request.resolvedBy ? ` by ${request.resolvedBy}` : ''}.
        </p>
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={onResolve} disabled={isResolving}>
          {isResolving ? 'Resolving…' : 'Mark resolved'}
          <span className="sr-only"> ({label})</span>
        </Button>
      )}
    </li>
  );
}
