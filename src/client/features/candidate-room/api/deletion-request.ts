import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletionRequestReceipt } from '@/contracts/candidate-data';
import { errorCode } from '@/client/lib/error-messages';
import { candidateJson, candidateRequest } from './candidate-request';

const url = (interviewId: number) => `/api/interview/${interviewId}/deletion-request`;

/** GET …/deletion-request: the candidate's request, or null when they have not made one. */
export function deletionRequestQuery(interviewId: number, token: string) {
  return queryOptions({
    queryKey: [url(interviewId), { candidateToken: token }] as const,
    queryFn: async (): Promise<DeletionRequestReceipt | null> => {
      try {
        return await candidateJson<DeletionRequestReceipt>(await candidateRequest(token, 'GET', url(interviewId)));
      } catch (err) {
        if (errorCode(err) === 'NOT_FOUND') return null;
        throw err;
      }
    },
  });
}

export function useDeletionRequest(interviewId: number, token: string) {
  return useQuery(deletionRequestQuery(interviewId, token));
}

/** POST …/deletion-request: made once; asking again answers the same receipt. */
export function useRequestDeletion(interviewId: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => candidateJson<DeletionRequestReceipt>(await candidateRequest(token, 'POST', url(interviewId))),
    onSuccess: (receipt) => queryClient.setQueryData(deletionRequestQuery(interviewId, token).queryKey, receipt),
  });
}
