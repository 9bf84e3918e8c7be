import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import type { JobAnalytics } from '@/contracts/report';
import { useJobAnalytics, type JobId } from '../api/get-job-analytics';
import { useRefreshOnInterviewsChange } from '../hooks/use-refresh-on-interviews-change';
import { AgreementPanel } from './agreement-panel';
import { CriteriaAverages } from './criteria-averages';
import { ScoreDistributionChart } from './score-distribution-chart';
import { LoadError } from './load-error';

export interface JobAnalyticsSectionProps {
  jobId: JobId;
}

/** The job's funnel, score distribution, criterion averages, reviewers' decisions and agreement with the AI, with a CSV export. */
export function JobAnalyticsSection({ jobId }: JobAnalyticsSectionProps) {
  const headingId = useId();
  const analytics = useJobAnalytics(jobId);
  useRefreshOnInterviewsChange(jobId);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight text-slate-900">
          Analytics
        </h2>
        <Button asChild variant="outline">
          <a href={`/api/job/${jobId}/interviews.csv`} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      {analytics.data ? (
        <AnalyticsBody jobId={jobId} data={analytics.data} isRefreshing={analytics.isFetching} />
      ) : analytics.isError ? (
        <LoadError message="Could not load the analytics." onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner className="size-8" label="Loading analytics" />
        </div>
      )}
    </section>
  );
}

function AnalyticsBody({ jobId, data, isRefreshing }: { jobId: JobId; data: JobAnalytics; isRefreshing: boolean }) {
  const scoredCount = data.scoreDistribution.reduce((sum, bucket) => sum + bucket.count, 0);
  return (
    <div aria-busy={isRefreshing} className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Tile label="Invited" value={String(data.invited)} />
        <Tile label="Started" value={String(data.started)} />
        <Tile label="Completed" value={String(data.completed)} />
        <Tile label="Completion rate" value={data.completionRate === null ? null : `${Math.round(data.completionRate * 100)}%`} />
        <Tile
          label="Average duration"
          value={data.averageDurationMinutes === null ? null : `${Math.round(data.averageDurationMinutes)} min`}
        />
        <Tile label="Average score" value={data.averageOverall === null ? null : `${Math.round(data.averageOverall)}/100`} />
      </dl>

      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: the chart scrolls in its own box on a phone rather than widening the page. */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Panel title="Score distribution" description={scoresNote(data.adjusted, 'Overall scores of completed interviews')} className="lg:col-span-2">
          {data.completed === 0 ? (
            <EmptyNote>No completed interviews yet.</EmptyNote>
          ) : scoredCount === 0 ? (
            <EmptyNote>No scores yet.</EmptyNote>
          ) : (
            <ScoreDistributionChart buckets={data.scoreDistribution} />
          )}
        </Panel>

        <Panel title="Decisions" description="Recorded by reviewers">
          <dl className="space-y-2 text-sm">
            <Decision label="Advance" count={data.decisions.advance} dotClassName="bg-green-600" />
            <Decision label="Hold" count={data.decisions.hold} dotClassName="bg-amber-600" />
            <Decision label="Reject" count={data.decisions.reject} dotClassName="bg-red-600" />
          </dl>
        </Panel>

        <Panel title="Average per criterion" description={scoresNote(data.adjusted, 'Across scored interviews')} className="lg:col-span-3">
          <CriteriaAverages criteria={data.criteria} />
        </Panel>

        <AgreementPanel jobId={jobId} headingLevel="h3" description="How far reviewers move the AI's scores on this job" className="lg:col-span-3" />
      </div>
    </div>
  );
}

/** The scores are the reviewed ones: say so once a reviewer has adjusted any. */
function scoresNote(adjusted: number, text: string): string {
  if (adjusted === 0) return text;
  return `${text}, after reviewers' adjustments (${adjusted} ${adjusted === 1 ? 'interview' : 'interviews'} adjusted)`;
}

/** A stat as a term and its value; null shows a dash. */
function Tile({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available yet</span>
          </>
        )}
      </dd>
    </div>
  );
}

function Panel({ title, description, className, children }: { title: string; description: string; className?: string; children: ReactNode }) {
  return (
    <Card className={className}>
      <CardHeader className="pb-4">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Decision({ label, count, dotClassName }: { label: string; count: number; dotClassName: string }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="flex items-center gap-2 text-slate-700">
        <span aria-hidden="true" className={cn('size-2.5 rounded-full', dotClassName)} />
        {label}
      </dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{count}</dd>
    </div>
  );
}

function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">{children}</p>;
}
