import { useId } from 'react';
import { Link } from 'wouter';
import type { DataRequestItem } from '@/contracts/candidate-data';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { cn } from '@/client/lib/cn';
import { useDataRequests } from '../api/get-data-requests';

const DAY_MS = 24 * 60 * 60_000;
const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** "in 12 days", "today", "3 days overdue": whole days from now to the deadline. */
function deadlineText(dueAt: string, now: number): { text: string; overdue: boolean } {
  const days = Math.ceil((Date.parse(dueAt) - now) / DAY_MS);
  if (days < 0) return { text: `${-days} day${days === -1 ? '' : 's'} overdue`, overdue: true };
  if (days === 0) return { text: 'due today', overdue: false };
  return { text: `in ${days} day${days === 1 ? '' : 's'}`, overdue: false };
}

/** Where the candidate's data is, and can be deleted sooner: the interview report or the screening result. */
function recordOf(request: DataRequestItem): { href: string; label: string } | null {
  if (request.interviewId !== null) return { href: `/interview/${request.interviewId}`, label: 'Open report' };
  if (request.phoneCandidateId !== null && request.screeningId !== null) {
    return { href: `/phone-screening/${request.screeningId}/candidates/${request.phoneCandidateId}`, label: 'Open result' };
  }
  return null;
}

function StatusBadge({ request }: { request: DataRequestItem }) {
  if (request.status === 'completed') return <Badge variant="success">Deleted</Badge>;
  if (request.status === 'held' || request.legalHold) return <Badge variant="warning">Legal hold</Badge>;
  return <Badge variant="secondary">Open</Badge>;
}

/**
 * The dashboard's inbox of candidates' deletion requests (decision 021), from interview links and
 * phone screening call links: what is open, by when it must be done, and a way to the interview
 * report or the screening result, where it can be carried out at once. Each request is
 * carried out by itself at its deadline unless a legal hold keeps it. Nothing shows while there
 * has never been a request.
 */
export function DataRequestsPanel() {
  const requests = useDataRequests();
  const headingId = useId();
  const items = requests.data ?? [];
  if (items.length === 0) return null;
  const open = items.filter((r) => r.status !== 'completed');
  // Days left are counted from when the list was loaded (the page is not a clock).
  const now = requests.dataUpdatedAt;

  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Data requests
        </CardTitle>
        <CardDescription>
          {open.length === 0
            ? 'Every request from candidates to delete their data has been carried out.'
            : `${open.length} candidate${open.length === 1 ? ' has' : 's have'} asked for their data to be deleted. Each request is carried out by itself at its deadline unless a legal hold keeps it; you can delete the data sooner from the interview report or the screening result.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Candidate</th>
              <th scope="col" className="py-2 pr-4 font-medium">Job</th>
              <th scope="col" className="py-2 pr-4 font-medium">Requested</th>
              <th scope="col" className="py-2 pr-4 font-medium">Deadline</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Report</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((request) => {
              const deadline = deadlineText(request.dueAt, now);
              const record = recordOf(request);
              return (
                <tr key={request.id}>
                  <td className="py-2 pr-4 text-slate-900">{request.candidateName}</td>
                  <td className="py-2 pr-4">
                    {request.phoneCandidateId !== null ? (request.jobTitle ? `${request.jobTitle} (phone screening)` : 'Phone screening') : (request.jobTitle ?? '—')}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDate(request.requestedAt)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {request.status === 'completed' && request.completedAt ? (
                      `Done ${formatDate(request.completedAt)}`
                    ) : (
                      <>
                        {formatDate(request.dueAt)} <span className={cn('text-slate-600', deadline.overdue && 'font-medium text-red-700')}>({deadline.text})</span>
                      </>
                    )}
                  </td>
                  <td className="py-2 pr-4">
                    <StatusBadge request={request} />
                  </td>
                  <td className="py-2">
                    {record ? (
                      <Link href={record.href} className="text-brand-700 underline underline-offset-4">
                        {record.label}
                        <span className="sr-only"> for {request.candidateName}</span>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
