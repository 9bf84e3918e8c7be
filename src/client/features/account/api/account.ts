import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountView, sessionsEnded, type AccountUpdateInput, type AccountView, type PasswordChangeInput, type SessionsEnded } from '@/contracts/account';
import { apiRequest, readJson } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';
import { accountSessionsQuery } from './sessions';

/** GET /api/account: the signed-in member's username, email, company and role. */
export function accountQuery() {
  return jsonQuery('/api/account', accountView);
}

export function useAccount() {
  return useQuery(accountQuery());
}

export async function updateAccount(input: AccountUpdateInput): Promise<AccountView> {
  return readJson(await apiRequest('PATCH', '/api/account', input), accountView);
}

/** PATCH /api/account; the answer replaces the cached account. Failures are the form's to show. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (saved) => queryClient.setQueryData(accountQuery().queryKey, saved),
  });
}

export async function changePassword(input: PasswordChangeInput): Promise<SessionsEnded> {
  return readJson(await apiRequest('POST', '/api/account/password', input), sessionsEnded);
}

/** POST /api/account/password: the other sessions end, so the sessions list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery().queryKey }),
  });
}
