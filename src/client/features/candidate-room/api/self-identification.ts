import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelfIdentificationInput } from '@/contracts/adverse-impact';
import type { SelfIdentificationStatus } from '@/contracts/self-identification';
import { candidateJson, candidateRequest } from './candidate-request';

const url = (interviewId: number) => `/api/interview/${interviewId}/self-identification`;

/** GET …/self-identification: whether the candidate has answered (or skipped); never the answers. */
export function selfIdentificationQuery(interviewId: number, token: string) {
  return queryOptions({
    queryKey: [url(interviewId), { candidateToken: token }] as const,
    queryFn: async () => candidateJson<SelfIdentificationStatus>(await candidateRequest(token, 'GET', url(interviewId))),
  });
}

export function useSelfIdentification(interviewId: number, token: string) {
  return useQuery(selfIdentificationQuery(interviewId, token));
}

/** POST …/self-identification: once per interview; both answers null is a skip. */
export function useAnswerSelfIdentification(interviewId: number, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answers: SelfIdentificationInput) => candidateJson<SelfIdentificationStatus>(await candidateRequest(token, 'POST', url(interviewId), answers)),
    onSuccess: (status) => queryClient.setQueryData(selfIdentificationQuery(interviewId, token).queryKey, status),
  });
}
