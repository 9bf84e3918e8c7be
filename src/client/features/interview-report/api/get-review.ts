import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewState } from '@/contracts/report';

/** GET /api/interview/{id}/review: the AI's scores, the current ones, the decision, the history and the questions' bias flags. */
export function reviewQuery(interviewId: number) {
  return queryOptions<ReviewState>({ queryKey: [`/api/interview/${interviewId}/review`] });
}

export function useReview(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...reviewQuery(interviewId), enabled: options.enabled });
}
