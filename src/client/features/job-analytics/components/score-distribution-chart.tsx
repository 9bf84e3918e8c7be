import { useId } from 'react';
import { cn } from '@/client/lib/cn';
import type { JobAnalytics } from '@/contracts/report';
import { scoreTone, toneBar } from './score-tone';

type Bucket = JobAnalytics['scoreDistribution'][number];

/** The tallest bar, in rem; the column is 2rem taller to leave room for the count above it. */
const MAX_BAR_REM = 8;

export function bucketLabel(bucket: Bucket): string {
  return `${bucket.from}–${bucket.to}`;
}

export function bucketDescription(bucket: Bucket): string {
  return `${bucket.count} ${bucket.count === 1 ? 'interview' : 'interviews'} scored ${bucketLabel(bucket)}`;
}

/** Overall scores of completed interviews as ten bars, with a visually hidden table as the text alternative. */
export function ScoreDistributionChart({ buckets }: { buckets: JobAnalytics['scoreDistribution'] }) {
  const captionId = useId();
  const max = Math.max(0, ...buckets.map((b) => b.count));
  return (
    <figure aria-labelledby={captionId} className="space-y-2">
      <figcaption id={captionId} className="sr-only">
        Number of completed interviews by overall score
      </figcaption>
      {/* Focusable so keyboard users can scroll it on narrow screens. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Score distribution chart"
        className="relative overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <ol className="flex min-w-[22rem] items-end gap-1.5 border-b border-slate-200">
          {buckets.map((bucket) => {
            const height = max === 0 ? 0 : (bucket.count / max) * MAX_BAR_REM;
            return (
              <li key={bucket.from} className="flex h-40 flex-1 flex-col items-center justify-end gap-1">
                <span aria-hidden="true" className="text-xs text-slate-600 tabular-nums">
                  {bucket.count}
                </span>
                <div
                  role="img"
                  aria-label={bucketDescription(bucket)}
                  title={bucketDescription(bucket)}
                  className={cn('w-full rounded-t-sm', bucket.count === 0 ? 'h-0.5 bg-slate-200' : toneBar[scoreTone(bucket.from)])}
                  style={bucket.count === 0 ? undefined : { height: `${Math.max(height, 0.25)}rem` }}
                />
              </li>
            );
          })}
        </ol>
        <div aria-hidden="true" className="flex min-w-[22rem] gap-1.5 pt-1">
          {buckets.map((bucket) => (
            <span key={bucket.from} className="flex-1 text-center text-[11px] whitespace-nowrap text-slate-600 tabular-nums">
              {bucketLabel(bucket)}
            </span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>Score distribution of completed interviews</caption>
        <thead>
          <tr>
            <th scope="col">Overall score</th>
            <th scope="col">Interviews</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((bucket) => (
            <tr key={bucket.from}>
              <th scope="row">{bucketLabel(bucket)}</th>
              <td>{bucket.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
