import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequestReceipt } from '@/contracts/candidate-data';
import { errorCode } from '@/client/lib/error-messages';
import { callRequest } from './call-simulator';

// The candidate's own deletion request from their call link (decision 021). Like the call's other
// candidate requests, the answers are taken as the contract's type unchecked: no zod on this page.

const url = (candidateId: number) => `/api/phone-call/${candidateId}/deletion-request`;

/** GET …/deletion-request: the candidate's request, or null when they have not made one. */
export function callDeletionRequestQuery(candidateId: number, token: string) {
  return queryOptions({
    queryKey: [url(candidateId), { callToken: token }] as const,
    queryFn: async (): Promise<DeletionRequestReceipt | null> => {
      try {
        return (await (await callRequest('GET', url(candidateId), token)).json()) as DeletionRequestReceipt;
      } catch (err) {
        if (errorCode(err) === 'NOT_FOUND') return null;
        throw err;
      }
    },
  });
}

export function useCallDeletionRequest(candidateId: number, token: string) {
  return useQuery(callDeletionRequestQuery(candidateId, token));
}

/** POST …/deletion-request: made once; asking again answers the same receipt. */
export function useRequestCallDeletion(candidateId: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await callRequest('POST', url(candidateId), token)).json()) as DeletionRequestReceipt,
    onSuccess: (receipt) => queryClient.setQueryData(callDeletionRequestQuery(candidateId, token).queryKey, receipt),
  });
}
