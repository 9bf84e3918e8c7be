import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidateInterview } from '@/contracts/interviews';
import { candidateJson, candidateRequest } from './candidate-request';

export async function getCandidateInterview(interviewId: number, token: string): Promise<CandidateInterview> {
  const res = await candidateRequest(token, 'GET', `/api/interview/${interviewId}`);
  return candidateJson<CandidateInterview>(res);
}

/** GET /api/interview/{id} as the candidate's link sees it (kept apart from the recruiter's cache entry for the same URL). */
export function candidateInterviewQuery(interviewId: number, token: string) {
  return queryOptions({
    queryKey: [`/api/interview/${interviewId}`, { candidateToken: token }] as const,
    queryFn: () => getCandidateInterview(interviewId, token),
  });
}

export function useCandidateInterview(interviewId: number, token: string) {
  return useQuery(candidateInterviewQuery(interviewId, token));
}
