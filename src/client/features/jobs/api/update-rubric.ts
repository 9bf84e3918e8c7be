import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { job, type Job, type updateRubricInput } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError, isNetworkError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export type UpdateRubricValues = z.output<typeof updateRubricInput>;

export async function updateRubric(jobId: number, values: UpdateRubricValues): Promise<Job> {
  return readJson(await apiRequest('PATCH', `/api/job/${jobId}/rubric`, values), job);
}

/**
 * PATCH /api/job/{id}/rubric. The answer (weights normalised to 100 by the server) replaces the job in
 * the cache. An error answer is toasted with the server's own sentence; a network failure generically.
 */
export function useUpdateRubric(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateRubricValues) => updateRubric(jobId, values),
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQuery(jobId).queryKey, job);
      toast({ title: 'Evaluation Criteria Updated', description: 'Interview evaluation criteria have been successfully updated.' });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => {
      if (isNetworkError(error)) {
        toast({ title: 'Error', description: 'Failed to save evaluation criteria. Please try again.', variant: 'destructive' });
      } else {
        toast({ title: 'Error updating evaluation criteria', description: describeError(error, 'Failed to update rubric'), variant: 'destructive' });
      }
    },
  });
}
