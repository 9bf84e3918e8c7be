import { Download } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { IMPACT_RATIO_THRESHOLD, type AdverseImpactReport, type ImpactDimension } from '@/contracts/adverse-impact';
import { adverseImpactUrl, useAdverseImpact, type ImpactPeriod, type ImpactScope } from '../api/get-adverse-impact';
import { ImpactChart } from './impact-chart';
import { ImpactTable } from './impact-table';
import { DIMENSION_TITLES, MEASURE_TEXTS, SMALL_GROUP_TEXT, type Measure } from './labels';

const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The adverse-impact report of a job or of the company (decision 023): a period, the figures, per
 * measure (selection, scoring) a chart and a table per category type, and the bias-audit CSV.
 * `title` renders the page's heading once the report has said what its scope is called.
 */
export function AdverseImpactReportView({ scope, title }: { scope: ImpactScope; title: (name: string | null) => ReactNode }) {
  const [period, setPeriod] = useState<ImpactPeriod>({ from: '', to: '' });
  const report = useAdverseImpact(scope, period);

  if (report.isError && errorCode(report.error) === 'NOT_FOUND') {
    return (
      <div className="space-y-4">
        {title(null)}
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {describeError(report.error)}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {title(report.data?.scope.name ?? null)}
      <p className="max-w-3xl text-sm text-slate-700">
        Selection and scoring rates by the sex and race/ethnicity candidates chose to give after their interview, compared with the four-fifths rule.
        Answers are voluntary; nobody at your company sees an individual candidate&apos;s answers, only these totals.
      </p>
      <PeriodForm
        period={period}
        onChange={setPeriod}
        csvUrl={adverseImpactUrl(scope, period, 'csv')}
        error={report.isError ? describeError(report.error, 'Could not load the adverse-impact report.') : null}
      />
      {report.data ? (
        <ReportBody data={report.data} isRefreshing={report.isFetching} />
      ) : report.isError ? null : (
        <div className="flex justify-center py-10">
          <Spinner className="size-8" label="Loading the adverse-impact report" />
        </div>
      )}
    </div>
  );
}

function PeriodForm({ period, onChange, csvUrl, error }: { period: ImpactPeriod; onChange: (p: ImpactPeriod) => void; csvUrl: string; error: string | null }) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="space-y-1.5">
        <Label htmlFor={fromId}>Evaluated from</Label>
        <Input id={fromId} type="date" value={period.from} max={period.to || undefined} onChange={(e) => onChange({ ...period, from: e.target.value })} className="w-44" />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={toId}>Evaluated to</Label>
        <Input id={toId} type="date" value={period.to} min={period.from || undefined} onChange={(e) => onChange({ ...period, to: e.target.value })} className="w-44" />
      </div>
      <Button asChild variant="outline" className="ml-auto">
        <a href={csvUrl} download>
          <Download aria-hidden="true" />
          Download CSV
        </a>
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ReportBody({ data, isRefreshing }: { data: AdverseImpactReport; isRefreshing: boolean }) {
  if (data.evaluated === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600">
        No evaluated interviews{data.scope.kind === 'job' ? ' for this job' : ''} in this period yet: the rates appear once interviews are scored.
      </p>
    );
  }
  return (
    <div aria-busy={isRefreshing} className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label="Evaluated interviews" value={String(data.evaluated)} />
        <Tile label="Advanced by a reviewer" value={String(data.selected)} />
        <Tile label="Median overall score" value={data.medianScore === null ? '–' : String(Math.round(data.medianScore * 10) / 10)} />
        <Tile label="Evaluated between" value={data.from && data.to ? `${formatDay(data.from)} – ${formatDay(data.to)}` : '–'} small />
      </dl>
      <Tabs defaultValue="selection">
        <TabsList aria-label="Measure">
          <TabsTrigger value="selection">Selection rates</TabsTrigger>
          <TabsTrigger value="scoring">Scoring rates</TabsTrigger>
        </TabsList>
        {(['selection', 'scoring'] as const).map((measure) => (
          <TabsContent key={measure} value={measure} className="space-y-4 pt-2">
            <p className="text-sm text-slate-600">{measureNote(measure, data)}</p>
            {data.dimensions.map((d) => (
              <DimensionCard key={d.dimension} dimension={d} measure={measure} />
            ))}
          </TabsContent>
        ))}
      </Tabs>
      <section className="space-y-1 text-sm text-slate-600" aria-label="How the figures are worked out">
        <p>
          An impact ratio is a group&apos;s rate divided by the highest rate among the groups compared; under {IMPACT_RATIO_THRESHOLD} (four fifths) it is
          flagged as possible adverse impact. Candidates who chose &ldquo;prefer not to say&rdquo; or did not answer are counted as unknown and left out
          of the rates. A group under 2% of those who answered is listed with its rate but not compared, as New York City&apos;s bias-audit rules allow.
        </p>
      </section>
    </div>
  );
}

function measureNote(measure: Measure, data: AdverseImpactReport): string {
  if (measure === 'selection') return `Selection rate: the share of a group's evaluated candidates whose latest reviewer decision is Advance (${data.selected} of ${data.evaluated} overall).`;
  return `Scoring rate: the share of a group's scored candidates whose overall score, after reviewers' changes, is above the median of all scored interviews (${data.medianScore ?? '–'}).`;
}

function DimensionCard({ dimension, measure }: { dimension: ImpactDimension; measure: Measure }) {
  const headingId = useId();
  const title = DIMENSION_TITLES[dimension.dimension];
  const flagged = dimension.groups.filter((g) => g[measure].flagged).map((g) => g.label);
  const small = dimension.groups.filter((g) => g.isSmall && g.count > 0).map((g) => g.label);
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader className="pb-4">
          <CardTitle as="h2" id={headingId} className="text-base">
            {MEASURE_TEXTS[measure].rate}s by {title.toLowerCase()}
          </CardTitle>
          <CardDescription>
            {dimension.known} {dimension.known === 1 ? 'candidate' : 'candidates'} answered; {dimension.unknown.total} unknown, not included.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {dimension.known === 0 ? (
            <p className="text-sm text-slate-600">No candidate in this period has answered yet.</p>
          ) : (
            <>
              <p className="text-sm font-medium text-slate-900">
                {flagged.length === 0
                  ? `No group is below ${IMPACT_RATIO_THRESHOLD} of the highest rate.`
                  : `Below ${IMPACT_RATIO_THRESHOLD} of the highest rate: ${flagged.join(', ')}.`}
              </p>
              <ImpactChart dimension={dimension} measure={measure} />
            </>
          )}
          <ImpactTable dimension={dimension} measure={measure} />
          {small.length ? (
            <p className="text-sm text-slate-600">
              {SMALL_GROUP_TEXT}: {small.join(', ')}. Their rates are shown, but they are not compared with the other groups.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

function Tile({ label, value, small = false }: { label: string; value: string; small?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={small ? 'mt-1 text-base font-semibold text-slate-900' : 'mt-1 text-2xl font-semibold text-slate-900 tabular-nums'}>{value}</dd>
    </div>
  );
}
