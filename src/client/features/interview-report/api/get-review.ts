import { useQuery } from '@tanstack/react-query';
import { reviewState } from '@/contracts/report';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/interview/{id}/review: the AI's scores, the current ones, the decision, the history and the questions' bias flags. */
export function reviewQuery(interviewId: number) {
  return jsonQuery(`/api/interview/${interviewId}/review`, reviewState);
}

export function useReview(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...reviewQuery(interviewId), enabled: options.enabled });
}
