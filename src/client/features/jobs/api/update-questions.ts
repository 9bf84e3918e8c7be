import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { job, type Job, type updateQuestionsInput } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError, isNetworkError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export type UpdateQuestionsValues = z.output<typeof updateQuestionsInput>;

export async function updateQuestions(jobId: number, values: UpdateQuestionsValues): Promise<Job> {
  return readJson(await apiRequest('PATCH', `/api/job/${jobId}/questions`, values), job);
}

/**
 * PATCH /api/job/{id}/questions. The answer replaces the job in the cache. A failed answer is toasted
 * with the server's own sentence; a failure with no answer (network) gets the generic message.
 */
export function useUpdateQuestions(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateQuestionsValues) => updateQuestions(jobId, values),
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQuery(jobId).queryKey, job);
      toast({ title: 'Questions updated', description: 'Interview questions have been successfully updated.' });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => {
      if (isNetworkError(error)) {
        toast({ title: 'Error', description: 'Failed to save questions. Please try again.', variant: 'destructive' });
      } else {
        toast({ title: 'Error updating questions', description: describeError(error, 'Failed to update questions'), variant: 'destructive' });
      }
    },
  });
}
