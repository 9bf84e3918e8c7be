import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicUser, type PublicUser } from '@/contracts/auth';
import { invitationView, type AcceptInvitationInput } from '@/contracts/members';
import { apiRequest, readJson } from '@/client/lib/api';
import { CURRENT_USER_KEY, jsonQuery } from '@/client/lib/query-client';

const invitationUrl = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/:token: what the link invites to, or why it no longer works (410) or names nothing (404). */
export function useInvitation(token: string) {
  return useQuery(jsonQuery(invitationUrl(token), invitationView));
}

/** POST /api/invitations/:token/accept: the new member is signed in; the session is theirs from now on. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput): Promise<PublicUser> => readJson(await apiRequest('POST', `${invitationUrl(token)}/accept`, input), publicUser),
    onSuccess: (user) => {
      // Whatever this browser had cached belonged to the account it was signed in as, if any (this
      // page's own read of the invitation stays until the page is left).
      const keep = new Set<unknown>([CURRENT_USER_KEY[0], invitationUrl(token)]);
      queryClient.removeQueries({ predicate: (q) => !keep.has(q.queryKey[0]) });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}
