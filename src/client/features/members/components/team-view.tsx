import { useId } from 'react';
import type { MemberList } from '@/contracts/members';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QueryState } from '@/client/components/query-state';
import { useMembers } from '../api/get-members';
import { InviteMemberCard } from './invite-member-card';
import { MembersTable } from './members-table';
import { OpenInvitations } from './open-invitations';

/**
 * The team at /settings/team: every member reads who is in the company and with which role; owners
 * also invite, change roles, remove, and see and revoke open invitations (decision 027).
 */
export function TeamView({ companyName }: { companyName: string }) {
  const team = useMembers();
  return (
    <QueryState query={team} loading="Loading the team" failed="The team could not be loaded." spinnerSize="size-6">
      {(data) => <Team companyName={companyName} members={data.members} invitations={data.invitations} />}
    </QueryState>
  );
}

function Team({ companyName, members, invitations }: { companyName: string } & MemberList) {
  const membersHeading = useId();
  const invitationsHeading = useId();
  const isOwner = members.some((m) => m.isYou && m.companyRole === 'owner');
  return (
    <div className="space-y-6">
      <Card role="region" aria-labelledby={membersHeading}>
        <CardHeader>
          <CardTitle as="h2" id={membersHeading}>
            Members
          </CardTitle>
          <CardDescription>
            {isOwner
              ? 'Owners manage members and company settings; recruiters run jobs, interviews, phone screenings and reviews; viewers read reports and change nothing. A company always keeps at least one owner.'
              : 'Only an owner of the company can invite members, change roles or remove anyone.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MembersTable members={members} canManage={isOwner} companyName={companyName} />
        </CardContent>
      </Card>
      {isOwner ? (
        <>
          <InviteMemberCard />
          <Card role="region" aria-labelledby={invitationsHeading}>
            <CardHeader>
              <CardTitle as="h2" id={invitationsHeading}>
                Open invitations
              </CardTitle>
              <CardDescription>Revoking an invitation makes its link stop working at once. Inviting an address again replaces its earlier link.</CardDescription>
            </CardHeader>
            <CardContent>
              <OpenInvitations invitations={invitations} />
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
