import { useId } from 'react';
import { Link } from 'wouter';
import { ALTERNATIVE_KIND_LABELS } from '@/contracts/consent';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { useCan } from '@/client/hooks/use-company-role';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useAlternativeRequests, useResolveAlternativeRequest } from '../api/alternative-requests';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The dashboard's inbox of candidates' requests for an alternative to the AI interview (decision
 * 025), beside the data requests: who asked for what, their message, and 'Mark resolved' once it
 * is arranged. Open requests first. Nothing shows while there has never been a request.
 */
export function AlternativeRequestsPanel() {
  const canResolve = useCan('recruiter');
  const requests = useAlternativeRequests();
  const resolve = useResolveAlternativeRequest();
  const headingId = useId();
  const items = requests.data ?? [];
  if (items.length === 0) return null;
  const open = items.filter((r) => r.status === 'open').length;

  return (
    <Card role="region" aria-labelledby={headingId} className="mb-6">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Alternative requests
        </CardTitle>
        <CardDescription>
          {open === 0
            ? 'Every request from candidates for an alternative to the AI interview has been resolved.'
            : `${open} request${open === 1 ? '' : 's'} from candidates for an interview with a person or an accommodation ${open === 1 ? 'is' : 'are'} waiting. Contact the candidate, arrange it, then mark the request resolved.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Candidate</th>
              <th scope="col" className="py-2 pr-4 font-medium">Job</th>
              <th scope="col" className="py-2 pr-4 font-medium">Asked for</th>
              <th scope="col" className="py-2 pr-4 font-medium">Message</th>
              <th scope="col" className="py-2 pr-4 font-medium">Requested</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((request) => (
              <tr key={request.id} className="align-top">
                <td className="py-2 pr-4 text-slate-900">{request.candidateName}</td>
                <td className="py-2 pr-4">{request.jobTitle}</td>
                <td className="py-2 pr-4">{ALTERNATIVE_KIND_LABELS[request.kind]}</td>
                <td className="max-w-xs py-2 pr-4 break-words whitespace-pre-wrap">{request.message ?? '—'}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{formatDate(request.requestedAt)}</td>
                <td className="py-2 pr-4">{request.status === 'open' ? <Badge variant="secondary">Open</Badge> : <Badge variant="success">Resolved</Badge>}</td>
                <td className="py-2">
                  <div className="flex flex-wrap items-center gap-3">
                    {request.status === 'open' && canResolve ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        disabled={resolve.isPending && resolve.variables === request.id}
                        onClick={() => resolve.mutate(request.id)}
                      >
                        Mark resolved<span className="sr-only"> for {request.candidateName}</span>
                      </Button>
                    ) : null}
                    <Link href={`/interview/${request.interviewId}`} className="whitespace-nowrap text-brand-700 underline underline-offset-4">
                      Open report<span className="sr-only"> for {request.candidateName}</span>
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
