import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAccount, OutboxEmail } from '@/contracts/admin';
import type { DemoRequest } from '@/contracts/demo-request';
import { apiRequest } from '@/client/lib/api';

export const accountsQuery = queryOptions<AdminAccount[]>({ queryKey: ['/api/admin/accounts'] });
export const demoRequestsQuery = queryOptions<DemoRequest[]>({ queryKey: ['/api/admin/demo-requests'] });
export const outboxQuery = queryOptions<OutboxEmail[]>({ queryKey: ['/api/admin/outbox'] });

export function useReviewAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      (await apiRequest('POST', `/api/admin/accounts/${id}/${decision}`)).json() as Promise<AdminAccount>,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: outboxQuery.queryKey });
    },
  });
}
