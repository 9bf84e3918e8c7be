import { X } from 'lucide-react';
import { COMPANY_ROLE_LABELS, type OpenInvitation } from '@/contracts/members';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useRevokeInvitation } from '../api/manage-members';
import { dateFormat } from '../lib/format';
import { TableScroll } from '@/client/components/ui/table-scroll';

/** The invitations not yet accepted (owners): to whom, which role, when sent, until when, and Revoke. */
export function OpenInvitations({ invitations }: { invitations: OpenInvitation[] }) {
  const revoke = useRevokeInvitation();
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No open invitations.</p>;
  const onRevoke = (invitation: OpenInvitation) =>
    revoke.mutate(invitation, {
      onSuccess: () => toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` }),
    });
  return (
    <TableScroll>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Open invitations</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Email address</th>
            <th scope="col" className="py-2 pr-4 font-medium">Role</th>
            <th scope="col" className="py-2 pr-4 font-medium">Sent</th>
            <th scope="col" className="py-2 pr-4 font-medium">Link valid until</th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invitations.map((i) => (
            <tr key={i.id} className="align-middle">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {i.email}
              </th>
              <td className="py-2 pr-4">{COMPANY_ROLE_LABELS[i.companyRole]}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={i.invitedAt}>{dateFormat.format(new Date(i.invitedAt))}</time>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {i.isExpired ? (
                  <Badge variant="warning">Expired: invite again</Badge>
                ) : (
                  <time dateTime={i.expiresAt}>{dateFormat.format(new Date(i.expiresAt))}</time>
                )}
              </td>
              <td className="py-2 text-right">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending && revoke.variables.id === i.id}
                  onClick={() => onRevoke(i)}
                >
                  <X aria-hidden="true" />
                  Revoke<span className="sr-only"> the invitation to {i.email}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
