import { formatDistanceToNow } from 'date-fns';
import { Plus } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useJobs } from '../api/get-jobs';

function LastActivity({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-slate-500">No activity</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toLocaleString()}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}

/**
 * The dashboard's jobs: a 'New Job' button (not for viewers: `canCreate`) and a table whose rows
 * open the job; closed jobs, listed after the open ones, carry a 'Closed' badge.
 */
export function JobsSection({ canCreate = true }: { canCreate?: boolean }) {
  const { data: jobs, isLoading, error } = useJobs();
  const [, navigate] = useLocation();

  // The title cell holds the real link (keyboard, screen readers, new-tab clicks); a click anywhere
  // else on the row is a mouse shortcut to the same place.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: number) => {
    if ((event.target as Element).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    navigate(`/job/${id}`);
  };

  return (
    <section aria-labelledby="jobs-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="jobs-heading" className="text-xl font-semibold">
          Jobs
        </h2>
        {canCreate ? (
          <Button asChild>
            <Link href="/job/new">
              <Plus aria-hidden="true" />
              New Job
            </Link>
          </Button>
        ) : null}
      </div>
      <Card className="relative overflow-x-auto">
        {isLoading ? (
          <div className="flex justify-center p-10">
            <Spinner className="size-6" label="Loading jobs" />
          </div>
        ) : error ? (
          <p role="alert" className="p-6 text-sm text-red-600">
            Could not load jobs. {describeError(error)}
          </p>
        ) : !jobs?.length ? (
          <p className="p-10 text-center text-sm text-slate-500">No jobs created yet</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Job Title
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Applicants
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last Activity
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr
                  key={job.id}
                  onClick={(event) => openRow(event, job.id)}
                  className="cursor-pointer border-b border-slate-100 transition-colors last:border-0 focus-within:bg-slate-50 hover:bg-slate-50"
                >
                  <td className="px-4 py-3 font-medium">
                    <Link
                      href={`/job/${job.id}`}
                      onKeyDown={(event) => {
                        // Links open on Enter; Space opens the job too, as it would a focused row.
                        if (event.key === ' ') {
                          event.preventDefault();
                          navigate(`/job/${job.id}`);
                        }
                      }}
                      className="rounded-sm text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {job.title}
                    </Link>
                    {job.closedAt ? (
                      <Badge variant="secondary" className="ml-2 align-middle" title={`Closed on ${new Date(job.closedAt).toLocaleDateString()}`}>
                        Closed
                      </Badge>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 tabular-nums">{job.num_of_interviews}</td>
                  <td className="px-4 py-3 text-slate-600">
                    <LastActivity iso={job.lastActivity} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}
