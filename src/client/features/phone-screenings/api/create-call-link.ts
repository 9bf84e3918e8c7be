import { useMutation } from '@tanstack/react-query';
import { callLink } from '@/contracts/phone-call-results';
import { apiRequest, readJson } from '@/client/lib/api';

/** POST /api/phone-screening/candidates/{candidateId}/call-link: the candidate's personal call link. */
export function useCallLink(candidateId: number) {
  return useMutation({
    mutationFn: async () => readJson(await apiRequest('POST', `/api/phone-screening/candidates/${candidateId}/call-link`), callLink),
  });
}
