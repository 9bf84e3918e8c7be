import { useQuery } from '@tanstack/react-query';
import { interviewDetail } from '@/contracts/interviews';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/interview/{id}, the recruiter's view (the candidate link keys its own entry with its token). */
export function interviewQuery(interviewId: number) {
  return jsonQuery(`/api/interview/${interviewId}`, interviewDetail);
}

export function useInterview(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...interviewQuery(interviewId), enabled: options.enabled });
}
