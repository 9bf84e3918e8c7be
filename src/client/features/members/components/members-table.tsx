import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { COMPANY_ROLE_LABELS, type Member } from '@/contracts/members';
import { COMPANY_ROLES, type CompanyRole } from '@/contracts/statuses';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useChangeMemberRole } from '../api/manage-members';
import { dateFormat } from '../lib/format';
import { RemoveMemberDialog } from './remove-member-dialog';
import { selectClass } from '@/client/components/ui/select-class';
import { TableScroll } from '@/client/components/ui/table-scroll';

interface MembersTableProps {
  members: Member[];
  /** Owners change roles and remove members; everyone else reads. */
  canManage: boolean;
  companyName: string;
}

/** The company's members: who, their address, their role (a select for owners), when they joined, and Remove. */
export function MembersTable({ members, canManage, companyName }: MembersTableProps) {
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <TableScroll>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Members of {companyName}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Member</th>
            <th scope="col" className="py-2 pr-4 font-medium">Role</th>
            <th scope="col" className="py-2 pr-4 font-medium">Joined</th>
            {canManage ? (
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((m) => (
            <tr key={m.id} className="align-middle">
              <th scope="row" className="py-2 pr-4 font-normal">
                <span className="font-medium text-slate-900">{m.username}</span>
                {m.isYou ? <span className="text-slate-500"> (you)</span> : null}
                {m.email && m.email !== m.username ? <span className="block text-xs text-slate-500">{m.email}</span> : null}
              </th>
              <td className="py-2 pr-4">{canManage ? <RoleSelect member={m} /> : COMPANY_ROLE_LABELS[m.companyRole]}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={m.joinedAt}>{dateFormat.format(new Date(m.joinedAt))}</time>
              </td>
              {canManage ? (
                <td className="py-2 text-right">
                  <Button type="button" variant="outline" size="sm" onClick={() => setRemoving(m)}>
                    <UserMinus aria-hidden="true" />
                    Remove<span className="sr-only"> {m.username}</span>
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <RemoveMemberDialog member={removing} companyName={companyName} onClose={() => setRemoving(null)} />
    </TableScroll>
  );
}

/** The role, changed as soon as another is chosen; the server's answer (or refusal) is what the select then shows. */
function RoleSelect({ member }: { member: Member }) {
  const change = useChangeMemberRole();
  const onChange = (companyRole: CompanyRole) =>
    change.mutate(
      { target: member, companyRole },
      {
        onSuccess: (saved) =>
          toast({ title: 'Role changed', description: `${saved.username} is now ${COMPANY_ROLE_LABELS[saved.companyRole]}.` }),
      },
    );
  return (
    <select
      aria-label={`Role of ${member.username}`}
      className={`${selectClass} w-36`}
      value={change.isPending ? change.variables.companyRole : member.companyRole}
      disabled={change.isPending}
      onChange={(event) => onChange(event.target.value as CompanyRole)}
    >
      {COMPANY_ROLES.map((value) => (
        <option key={value} value={value}>
          {COMPANY_ROLE_LABELS[value]}
        </option>
      ))}
    </select>
  );
}
