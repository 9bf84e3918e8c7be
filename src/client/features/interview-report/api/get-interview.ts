import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterviewDetail } from '@/contracts/interviews';

/**
 * GET /api/interview/{id}, the recruiter's view (the candidate link keys its own entry with its
 * token). The key is the URL, so the default query function does the GET.
 */
export function interviewQuery(interviewId: number) {
  return queryOptions<InterviewDetail>({ queryKey: [`/api/interview/${interviewId}`] });
}

export function useInterview(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...interviewQuery(interviewId), enabled: options.enabled });
}
