import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useMembers } from '../api/get-members';
import { InviteMemberCard } from './invite-member-card';
import { MembersTable } from './members-table';
import { OpenInvitations } from './open-invitations';

/**
 * The team at /settings/team: every member reads who is in the company and with which role; owners
 * also invite, change roles, remove, and see and revoke open invitations (decision 027).
 */
export function TeamView({ companyName }: { companyName: string }) {
  const membersHeading = useId();
  const invitationsHeading = useId();
  const team = useMembers();
  if (team.isPending) return <Spinner className="size-6 text-brand-600" label="Loading the team" />;
  if (team.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <p>The team could not be loaded. {describeError(team.error)}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void team.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { members, invitations } = team.data;
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
