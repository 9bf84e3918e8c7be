import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewInput, ReviewState } from '@/contracts/report';
import { toast } from '@/client/components/ui/use-toast';
import { ApiError, apiRequest } from '@/client/lib/api';
import { reviewQuery } from './get-review';

export async function saveReview(interviewId: number, input: ReviewInput): Promise<ReviewState> {
  return (await apiRequest('POST', `/api/interview/${interviewId}/review`, input)).json() as Promise<ReviewState>;
}

/**
 * POST /api/interview/{id}/review. The answer is the new review state and replaces the cached one.
 * The job's interview list and analytics show the current scores and decisions, so they are
 * refreshed too (their keys are their URLs).
 */
export function useSaveReview(interviewId: number, jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => saveReview(interviewId, input),
    onSuccess: async (state) => {
      queryClient.setQueryData(reviewQuery(interviewId).queryKey, state);
      toast({ title: 'Review saved', description: 'The scores and the decision are recorded in the history.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [`/api/job/${jobId}/interview`] }),
        queryClient.invalidateQueries({ queryKey: [`/api/job/${jobId}/analytics`] }),
      ]);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please check your connection and try again.';
      toast({ title: 'Review not saved', description: message, variant: 'destructive' });
    },
  });
}
