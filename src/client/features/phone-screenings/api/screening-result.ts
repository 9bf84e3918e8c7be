import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ScreeningResult } from '@/contracts/phone-call-results';
import { apiRequest } from '@/client/lib/api';
import { screeningCandidatesUrl, screeningResultUrl } from './screening-urls';

/** While a finished call is being scored, the result is asked for again this often. */
const SCORING_POLL_MS = 1_500;

/**
 * GET /api/phone-screening/candidates/{candidateId}/result. Taken as the contract's type unchecked:
 * the call simulator imports this module, and the candidate's call page loads the simulator and no
 * zod (decision 016).
 */
export function screeningResultQuery(candidateId: number) {
  const url = screeningResultUrl(candidateId);
  return queryOptions({
    queryKey: [url] as const,
    queryFn: async () => (await (await apiRequest('GET', url)).json()) as ScreeningResult,
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
    void queryClient.invalidateQueries({ queryKey: [screeningCandidatesUrl(screeningId)] });
  }, [queryClient, screeningId]);
}
