import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminAccount, outboxEmail } from '@/contracts/admin';
import { demoRequest } from '@/contracts/demo-request';
import { apiRequest, readJson } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';

export const accountsQuery = jsonQuery('/api/admin/accounts', z.array(adminAccount));
export const demoRequestsQuery = jsonQuery('/api/admin/demo-requests', z.array(demoRequest));
export const outboxQuery = jsonQuery('/api/admin/outbox', z.array(outboxEmail));

export function useReviewAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      readJson(await apiRequest('POST', `/api/admin/accounts/${id}/${decision}`), adminAccount),
    meta: { failureToast: 'Review failed' },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: outboxQuery.queryKey });
    },
  });
}
