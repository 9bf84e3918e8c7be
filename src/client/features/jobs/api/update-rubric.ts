import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Job, updateRubricInput } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { ApiError, apiRequest } from '@/client/lib/api';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export type UpdateRubricValues = z.output<typeof updateRubricInput>;

export async function updateRubric(jobId: number, values: UpdateRubricValues): Promise<Job> {
  return (await apiRequest('PATCH', `/api/job/${jobId}/rubric`, values)).json() as Promise<Job>;
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
      if (error instanceof ApiError) {
        toast({
          title: 'Error updating evaluation criteria',
          description: error.serverMessage || 'Failed to update rubric',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Error', description: 'Failed to save evaluation criteria. Please try again.', variant: 'destructive' });
      }
    },
  });
}
