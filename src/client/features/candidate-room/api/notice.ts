import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlternativeRequest, AlternativeRequestInput, CandidateNoticeView, ConsentRecord } from '@/contracts/consent';
import { isConflict } from '@/client/lib/error-messages';
import { candidateJson, candidateRequest } from './candidate-request';

const base = (interviewId: number) => `/api/interview/${interviewId}`;

/** GET …/notice: the notice about the AI interview, the consent given and the candidate's requests for an alternative (decision 025). */
export function noticeQuery(interviewId: number, token: string) {
  return queryOptions({
    queryKey: [`${base(interviewId)}/notice`, { candidateToken: token }] as const,
    queryFn: async () => candidateJson<CandidateNoticeView>(await candidateRequest(token, 'GET', `${base(interviewId)}/notice`)),
  });
}

export function useNotice(interviewId: number, token: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...noticeQuery(interviewId, token), enabled: options.enabled ?? true });
}

/**
 * POST …/consent with the version the candidate read. The server refuses it (409) when the notice
 * changed meanwhile, or when the interview was submitted meanwhile (from another tab): the notice is
 * read again to tell which. A changed notice fails, to be read and agreed to again; a submitted
 * interview answers `null`, and the start that follows shows it as submitted.
 */
export function useGiveConsent(interviewId: number, token: string) {
  const queryClient = useQueryClient();
  const query = noticeQuery(interviewId, token);
  return useMutation({
    mutationFn: async (noticeVersion: string): Promise<ConsentRecord | null> => {
      try {
        return await candidateJson<ConsentRecord>(await candidateRequest(token, 'POST', `${base(interviewId)}/consent`, { noticeVersion }));
      } catch (err) {
        if (!isConflict(err)) throw err;
        const fresh = await queryClient.fetchQuery({ ...query, staleTime: 0 });
        if (fresh.notice.version !== noticeVersion) throw err;
        return null;
      }
    },
    onSuccess: (consent) => {
      if (consent) queryClient.setQueryData(query.queryKey, (view) => (view ? { ...view, consent } : view));
    },
  });
}

/** POST …/alternative-requests: a person instead of the AI, or an accommodation. */
export function useRequestAlternative(interviewId: number, token: string) {
  const queryClient = useQueryClient();
  const key = noticeQuery(interviewId, token).queryKey;
  return useMutation({
    mutationFn: async (input: AlternativeRequestInput) =>
      candidateJson<AlternativeRequest>(await candidateRequest(token, 'POST', `${base(interviewId)}/alternative-requests`, input)),
    onSuccess: (made) => queryClient.setQueryData(key, (view) => (view ? { ...view, alternativeRequests: [...view.alternativeRequests, made] } : view)),
  });
}
