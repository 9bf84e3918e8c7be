import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { alternativeRequestItem } from '@/contracts/consent';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jsonQuery } from '@/client/lib/query-client';
import { alternativeRequestsUrl } from '@/client/lib/shared-reads';

/** GET /api/alternative-requests: candidates' requests for an alternative to the AI interview (decision 025). */
export const alternativeRequestsQuery = jsonQuery(alternativeRequestsUrl, z.array(alternativeRequestItem));

export function useAlternativeRequests() {
  return useQuery(alternativeRequestsQuery);
}

/** POST /api/alternative-requests/{id}/resolve, then the inbox is read again. */
export function useResolveAlternativeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: number) => readJson(await apiRequest('POST', `/api/alternative-requests/${requestId}/resolve`), alternativeRequestItem),
    onSuccess: async () => {
      toast({ title: 'Request resolved', description: 'The request is marked as dealt with.' });
      await queryClient.invalidateQueries({ queryKey: alternativeRequestsQuery.queryKey });
    },
    onError: (error) => toast({ title: 'Request not resolved', description: describeError(error), variant: 'destructive' }),
  });
}
