import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSessions, sessionsEnded, type SessionsEnded } from '@/contracts/account';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/account/sessions: the member's live sessions, the latest first. */
export function accountSessionsQuery() {
  return jsonQuery('/api/account/sessions', accountSessions);
}

export function useAccountSessions() {
  // Read afresh each time the page opens: sessions start and end elsewhere.
  return useQuery({ ...accountSessionsQuery(), staleTime: 0 });
}

/** DELETE one session ('others' for every session but this one); the list is read again either way. */
async function endSessions(which: number | 'others'): Promise<SessionsEnded> {
  return readJson(await apiRequest('DELETE', `/api/account/sessions/${which}`), sessionsEnded);
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSessions,
    onSuccess: ({ ended }, which) =>
      toast({
        title: which === 'others' ? 'Signed out everywhere else' : 'Session signed out',
        description:
          which === 'others' ? `${ended} other session${ended === 1 ? '' : 's'} signed out.` : 'That browser will have to sign in again.',
      }),
    onError: (error) => toast({ title: 'Not signed out', description: describeError(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQuery().queryKey }),
  });
}
