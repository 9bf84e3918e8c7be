import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Job, updateQuestionsInput } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { ApiError, apiRequest } from '@/client/lib/api';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export type UpdateQuestionsValues = z.output<typeof updateQuestionsInput>;

export async function updateQuestions(jobId: number, values: UpdateQuestionsValues): Promise<Job> {
  return (await apiRequest('PATCH', `/api/job/${jobId}/questions`, values)).json() as Promise<Job>;
}

/**
 * PATCH /api/job/{id}/questions. The answer replaces the job in the cache. An error answer is toasted
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
      if (error instanceof ApiError) {
        toast({ title: 'Error updating questions', description: error.serverMessage || 'Failed to update questions', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to save questions. Please try again.', variant: 'destructive' });
      }
    },
  });
}
