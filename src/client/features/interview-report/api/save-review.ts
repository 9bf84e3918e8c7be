import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewState, type ReviewInput, type ReviewState } from '@/contracts/report';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobAnalyticsUrl, jobInterviewsUrl, urlKey } from '@/client/lib/shared-reads';
import { reviewQuery } from './get-review';

export async function saveReview(interviewId: number, input: ReviewInput): Promise<ReviewState> {
  return readJson(await apiRequest('POST', `/api/interview/${interviewId}/review`, input), reviewState);
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
        queryClient.invalidateQueries({ queryKey: urlKey(jobInterviewsUrl(jobId)) }),
        queryClient.invalidateQueries({ queryKey: urlKey(jobAnalyticsUrl(jobId)) }),
      ]);
    },
    onError: (error) => {
      toast({ title: 'Review not saved', description: describeError(error), variant: 'destructive' });
    },
  });
}
