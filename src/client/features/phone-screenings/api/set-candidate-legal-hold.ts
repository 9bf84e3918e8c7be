import { useLegalHold } from '@/client/hooks/use-legal-hold';
import { screeningResultQuery } from './screening-result';

/** PUT /api/phone-screening/candidates/{candidateId}/legal-hold; the answer goes straight into the cached result. */
export const useSetCandidateLegalHold = (candidateId: number) =>
  useLegalHold(`/api/phone-screening/candidates/${candidateId}/legal-hold`, screeningResultQuery(candidateId).queryKey);
