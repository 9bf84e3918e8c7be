import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  passwordResetLink,
  passwordResetRequested,
  type PasswordResetInput,
  type PasswordResetRequested,
  type PasswordResetRequestInput,
} from '@/contracts/account';
import { publicUser, type PublicUser } from '@/contracts/auth';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { CURRENT_USER_KEY, jsonQuery } from '@/client/lib/query-client';

/** POST /api/password-reset: always the same answer, whether or not an account matched. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (input: PasswordResetRequestInput): Promise<PasswordResetRequested> =>
      readJson(await apiRequest('POST', '/api/password-reset', input), passwordResetRequested),
    meta: { failureToast: 'Link not sent' },
  });
}

const linkUrl = (token: string) => `/api/password-reset/${encodeURIComponent(token)}`;

/** GET /api/password-reset/:token: whose password the link sets; 410 used or expired, 404 unknown. */
export function useResetLink(token: string) {
  return useQuery(jsonQuery(linkUrl(token), passwordResetLink));
}

/** POST /api/password-reset/:token: the new password; the answer is the signed-in user, as after a login. */
export function useCompletePasswordReset(token: string) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async (input: PasswordResetInput): Promise<PublicUser> => readJson(await apiRequest('POST', linkUrl(token), input), publicUser),
    onSuccess: (user) => {
      // Whatever the browser had cached belonged to the session that just ended.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast({ title: 'Password reset', description: 'Your new password is set, and you are signed in.' });
      navigate('/dashboard');
    },
  });
}
