import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ScreeningResult } from '@/contracts/phone-call-results';
import { screeningCandidatesQuery } from './phone-screening';

/** While a finished call is being scored, the result is asked for again this often. */
const SCORING_POLL_MS = 1_500;

/** GET /api/phone-screening/candidates/{candidateId}/result; the default query function does the GET. */
export function screeningResultQuery(candidateId: number) {
  return queryOptions<ScreeningResult>({
    queryKey: [`/api/phone-screening/candidates/${candidateId}/result`],
    // The one exception to "no polling": a finished call is scored in the background, and the result fills in when it is.
    refetchInterval: (query) => (query.state.data?.status === 'evaluating' ? SCORING_POLL_MS : false),
  });
}

export function useScreeningResult(candidateId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...screeningResultQuery(candidateId), enabled: options.enabled ?? true });
}

/**
 * Marks the screening's candidate list out of date (a call moved a candidate's status on), so the
 * cards show the new status when the list is next shown.
 */
export function useRefreshCandidateList(screeningId: number | string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(() => {
    if (screeningId === undefined) return;
    void queryClient.invalidateQueries({ queryKey: screeningCandidatesQuery(screeningId).queryKey });
  }, [queryClient, screeningId]);
}
