import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { EmptyState } from '@/client/components/ui/empty-state';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import { AGREEMENT_CORRELATION_MIN_INTERVIEWS, AGREEMENT_POINTS, wholePercent, type Agreement } from '@/contracts/report';
import { useAgreement } from '../api/get-agreement';
import type { JobId } from '../api/get-job-analytics';
import { LoadError } from './load-error';

export const AGREEMENT_TITLE = 'AI–human agreement';

export interface AgreementPanelProps {
  /** The job's agreement; without one, the company's across all its jobs. */
  jobId?: JobId;
  /** h3 inside the job's Analytics section; h2 on the dashboard. */
  headingLevel: 'h2' | 'h3';
  description: string;
  className?: string;
}

/** How far reviewers move the AI's scores: the plain-language line first, then the figures. */
export function AgreementPanel({ jobId, headingLevel, description, className }: AgreementPanelProps) {
  const headingId = useId();
  const query = useAgreement(jobId);
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className="h-full">
        <CardHeader className="pb-4">
          <CardTitle as={headingLevel} id={headingId} className="text-base">
            {AGREEMENT_TITLE}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {query.data ? (
            <AgreementFigures data={query.data} isRefreshing={query.isFetching} />
          ) : query.isError ? (
            <LoadError message="Could not load the agreement figures." onRetry={() => void query.refetch()} />
          ) : (
            <div className="flex justify-center py-6">
              <Spinner className="size-6" label="Loading agreement" />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

const interviewsWord = (n: number) => `${n} ${n === 1 ? 'interview' : 'interviews'}`;
const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;
/** Signed with a real minus sign, which screen readers read as "minus". */
const signedPoints = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${points(Math.abs(n))}`;

function AgreementFigures({ data, isRefreshing }: { data: Agreement; isRefreshing: boolean }) {
  if (data.summary === null || data.comparedScores === 0) {
    return (
      <EmptyState title="No reviewed interviews yet">
        Once a reviewer saves a review on an interview&apos;s report (a decision, or a score they changed), this shows how often your reviewers
        agree with the AI&apos;s scores (within {AGREEMENT_POINTS} points) and how far they raise or lower them. The correlation of overall scores
        shows from {AGREEMENT_CORRELATION_MIN_INTERVIEWS} reviewed interviews on.
      </EmptyState>
    );
  }
  const needed = data.reviewsNeededForCorrelation;
  return (
    <div aria-busy={isRefreshing} className="space-y-4">
      <p className="text-base font-medium text-slate-900">{data.summary}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Figure label="Reviewed interviews" value={String(data.reviewedInterviews)} note={`${data.comparedScores} criterion scores compared`} />
        <Figure label="Mean absolute difference" value={points(data.meanAbsoluteDifference ?? 0)} note="Between the reviewer's score and the AI's" />
        <Figure
          label="Mean change"
          value={signedPoints(data.meanSignedDifference ?? 0)}
          note={`Reviewer minus AI: ${data.raised} raised, ${data.lowered} lowered`}
        />
        <Figure
          label={`Changed by more than ${AGREEMENT_POINTS} points`}
          value={`${wholePercent(data.shareChangedByMoreThan10 ?? 0)}%`}
          note={`${data.changedByMoreThan10} of ${data.comparedScores} scores`}
        />
        {needed > 0 ? (
          <Figure label="Correlation of overall scores" value={`Needs ${needed} more reviewed ${needed === 1 ? 'interview' : 'interviews'}`} isText />
        ) : data.correlation === null ? (
          <Figure label="Correlation of overall scores" value="Not defined" note="The overall scores did not vary" isText />
        ) : (
          <Figure label="Correlation of overall scores" value={data.correlation.toFixed(2)} note={`AI against reviewed overall, ${interviewsWord(data.reviewedInterviews)}`} />
        )}
      </dl>
    </div>
  );
}

/** A figure as a term and its value, with an optional note under it. */
function Figure({ label, value, note, isText = false }: { label: string; value: string; note?: ReactNode; isText?: boolean }) {
  return (
    <div className="rounded-md bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1">
        <span className={cn('block font-semibold text-slate-900 tabular-nums', isText ? 'text-sm' : 'text-xl')}>{value}</span>
        {note ? <span className="mt-0.5 block text-xs text-slate-500">{note}</span> : null}
      </dd>
    </div>
  );
}
