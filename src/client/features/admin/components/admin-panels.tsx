import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import type { ReactNode } from 'react';
import type { AdminAccount } from '@/contracts/admin';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
import { accountsQuery, demoRequestsQuery, outboxQuery, useReviewAccount } from '../api/admin';

const ago = (iso: string) => `${formatDistanceToNow(new Date(iso))} ago`;

/** After the review's badge: who reviewed the account, or how when nobody did. */
function reviewedHow(account: AdminAccount): string {
  if (account.reviewedVia === 'first_account') return 'as the first account';
  if (account.reviewedVia === 'command_line') return 'by command line';
  return `by ${account.reviewedBy ?? 'an admin'}`;
}

function Panel({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto">{children}</CardContent>
    </Card>
  );
}

function QueryState({ isLoading, error, empty, children }: { isLoading: boolean; error: Error | null; empty: boolean; children: ReactNode }) {
  if (isLoading) return <Spinner />;
  if (error) return <p className="text-sm text-red-600">{describeError(error)}</p>;
  if (empty) return <p className="text-sm text-slate-500">Nothing here yet.</p>;
  return <>{children}</>;
}

const statusBadge: Record<AdminAccount['reviewStatus'], 'warning' | 'success' | 'destructive'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
};

export function AccountsPanel() {
  const { data, isLoading, error } = useQuery(accountsQuery);
  const review = useReviewAccount();
  const act = (account: AdminAccount, decision: 'approve' | 'reject') =>
    review.mutate(
      { id: account.id, decision },
      {
        onSuccess: (updated) => toast({ title: `Account ${updated.reviewStatus}`, description: `${updated.username} (${updated.companyName})` }),
      },
    );
  return (
    <Panel title="Accounts" description="New company accounts wait here for review. Approved accounts can invite candidates.">
      <QueryState isLoading={isLoading} error={error} empty={!data?.length}>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Username</th>
              <th scope="col" className="py-2 pr-4 font-medium">Company</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 pr-4 font-medium">Registered</th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.map((account) => (
              <tr key={account.id} className="border-b border-slate-100 last:border-0">
                <td className="py-3 pr-4 font-medium">{account.username}</td>
                <td className="py-3 pr-4">{account.companyName}</td>
                <td className="py-3 pr-4">
                  <Badge variant={statusBadge[account.reviewStatus]}>{account.reviewStatus}</Badge>
                  {account.reviewedAt && account.reviewStatus !== 'pending' ? (
                    <span className="ml-2 text-xs text-slate-500">
                      {reviewedHow(account)} {ago(account.reviewedAt)}
                    </span>
                  ) : null}
                </td>
                <td className="py-3 pr-4 text-slate-600">{ago(account.createdAt)}</td>
                <td className="py-3 text-right whitespace-nowrap">
                  {account.reviewStatus !== 'approved' ? (
                    <Button size="sm" onClick={() => act(account, 'approve')} disabled={review.isPending} aria-label={`Approve ${account.username}`}>
                      Approve
                    </Button>
                  ) : null}
                  {account.reviewStatus !== 'rejected' && account.role !== 'admin' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-2"
                      onClick={() => act(account, 'reject')}
                      disabled={review.isPending}
                      aria-label={`Reject ${account.username}`}
                    >
                      Reject
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>
    </Panel>
  );
}

export function DemoRequestsPanel() {
  const { data, isLoading, error } = useQuery(demoRequestsQuery);
  return (
    <Panel title="Demo requests" description="Requests sent from the Book a Demo page, newest first.">
      <QueryState isLoading={isLoading} error={error} empty={!data?.length}>
        <ul className="divide-y divide-slate-100">
          {data?.map((r) => (
            <li key={r.id} className="py-3 text-sm">
              <p className="font-medium">
                {r.fullName} · <a className="text-brand-600 underline underline-offset-2" href={`mailto:${r.email}`}>{r.email}</a>
                {r.companyName ? ` · ${r.companyName}` : ''}
                {r.phoneNumber ? ` · ${r.phoneNumber}` : ''}
              </p>
              {r.message ? <p className="mt-1 whitespace-pre-line text-slate-600">{r.message}</p> : null}
              <p className="mt-1 text-xs text-slate-500">{ago(r.createdAt)}</p>
            </li>
          ))}
        </ul>
      </QueryState>
    </Panel>
  );
}

export function OutboxPanel() {
  const { data, isLoading, error } = useQuery(outboxQuery);
  return (
    <Panel title="Outbox" description="Every email the platform has sent or holds. With no SMTP server configured, messages stay here.">
      <QueryState isLoading={isLoading} error={error} empty={!data?.length}>
        <ul className="divide-y divide-slate-100">
          {data?.map((m) => (
            <li key={m.id} className="py-3 text-sm">
              <details>
                <summary className="cursor-pointer rounded">
                  <span className="font-medium">{m.subject}</span> to {m.toAddress}{' '}
                  <Badge variant={m.status === 'sent' ? 'success' : m.status === 'failed' ? 'destructive' : 'secondary'}>{m.status}</Badge>{' '}
                  <span className="text-xs text-slate-500">{ago(m.createdAt)}</span>
                </summary>
                <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-slate-700">{m.body}</pre>
              </details>
            </li>
          ))}
        </ul>
      </QueryState>
    </Panel>
  );
}
