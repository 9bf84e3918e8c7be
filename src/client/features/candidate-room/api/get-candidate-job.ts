import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidateJob } from '@/contracts/jobs';
import { candidateJson, candidateRequest } from './candidate-request';

export async function getCandidateJob(jobId: number, token: string): Promise<CandidateJob> {
  const res = await candidateRequest(token, 'GET', `/api/job/${jobId}`);
  return candidateJson<CandidateJob>(res);
}

/** GET /api/job/{jobId}: the title and questions the candidate's link may see. */
export function candidateJobQuery(jobId: number, token: string) {
  return queryOptions({
    queryKey: [`/api/job/${jobId}`, { candidateToken: token }] as const,
    queryFn: () => getCandidateJob(jobId, token),
  });
}

/** Fetched only once the interview has told us its job id. */
export function useCandidateJob(jobId: number | undefined, token: string) {
  return useQuery({ ...candidateJobQuery(jobId ?? 0, token), enabled: jobId !== undefined });
}
