// The addresses (and so the query keys) that the call simulator shares with the recruiter's pages.
// No contract is imported here: the candidate's call page loads the simulator and no zod (decision 016).

/** GET /api/phone-screening/{id}/candidates: the key of screeningCandidatesQuery (named in lib/shared-reads.ts: the CSV import refreshes it). */
export { screeningCandidatesUrl } from '@/client/lib/shared-reads';

/** GET /api/phone-screening/candidates/{candidateId}/result: the key of screeningResultQuery. */
export const screeningResultUrl = (candidateId: number) => `/api/phone-screening/candidates/${candidateId}/result`;
