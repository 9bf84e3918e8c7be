import { useMutation, useQueryClient } from '@tanstack/react-query';
import { member, openInvitation, type ChangeMemberRoleInput, type InviteMemberInput, type Member, type OpenInvitation } from '@/contracts/members';
import { apiRequest, readJson } from '@/client/lib/api';
import { CURRENT_USER_KEY } from '@/client/lib/query-client';
import { membersQuery } from './get-members';

/**
 * The owner's changes to the team. Each one refreshes the member list; a change to the person
 * asking (their own role, their own removal) also refreshes the session, so the workspace follows
 * at once (a removed member's session has ended: they go to the sign-in page). A failure raises
 * the toast titled `failureToast`, or is the caller's to show.
 */
function useTeamMutation<I, O>(mutationFn: (input: I) => Promise<O>, options: { touchesMe?: (input: I) => boolean; failureToast?: string } = {}) {
  const { touchesMe, failureToast } = options;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { failureToast },
    onSuccess: async (_result, input) => {
      if (touchesMe?.(input)) await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      await queryClient.invalidateQueries({ queryKey: membersQuery().queryKey });
    },
  });
}

/** POST /api/members/invitations. */
export function useInviteMember() {
  return useTeamMutation(async (input: InviteMemberInput): Promise<OpenInvitation> => readJson(await apiRequest('POST', '/api/members/invitations', input), openInvitation));
}

/** DELETE /api/members/invitations/:id. */
export function useRevokeInvitation() {
  return useTeamMutation(
    async (invitation: OpenInvitation) => {
      await apiRequest('DELETE', `/api/members/invitations/${invitation.id}`);
    },
    { failureToast: 'Invitation not revoked' },
  );
}

/** PATCH /api/members/:id. */
export function useChangeMemberRole() {
  return useTeamMutation(
    async ({ target, companyRole }: { target: Member } & ChangeMemberRoleInput): Promise<Member> =>
      readJson(await apiRequest('PATCH', `/api/members/${target.id}`, { companyRole }), member),
    { touchesMe: ({ target }) => target.isYou, failureToast: 'Role not changed' },
  );
}

/** DELETE /api/members/:id. */
export function useRemoveMember() {
  return useTeamMutation(
    async (target: Member) => {
      await apiRequest('DELETE', `/api/members/${target.id}`);
    },
    { touchesMe: (target) => target.isYou, failureToast: 'Member not removed' },
  );
}
