import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unsubscribeView, type UnsubscribeView } from '@/contracts/notifications';
import { apiRequest, getJson, readJson } from '@/client/lib/api';

/** GET /api/notifications/unsubscribe?token=: what the email's link turns off (reading it changes nothing). */
export function unsubscribeLinkQuery(token: string) {
  return queryOptions({
    queryKey: ['/api/notifications/unsubscribe', token] as const,
    queryFn: () => getJson(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, unsubscribeView),
  });
}

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeLinkQuery(token), enabled: token !== '' });
}

export async function unsubscribe(token: string): Promise<UnsubscribeView> {
  return readJson(await apiRequest('POST', '/api/notifications/unsubscribe', { token }), unsubscribeView);
}

/** POST /api/notifications/unsubscribe: the person's click turns the kind off; the answer replaces what the page shows. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (view) => queryClient.setQueryData(unsubscribeLinkQuery(token).queryKey, view),
  });
}
