import { useMutation, useQueryClient } from '@tanstack/react-query';
import { job, type Job, type UpdateJobInput } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export async function updateJobDetails(jobId: number, values: UpdateJobInput): Promise<Job> {
  return readJson(await apiRequest('PATCH', `/api/job/${jobId}`, values), job);
}

/** PATCH /api/job/{id}: the title and description. The answer replaces the job in the cache. */
export function useUpdateJobDetails(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateJobInput) => updateJobDetails(jobId, values),
    onSuccess: async (saved) => {
      queryClient.setQueryData(jobQuery(jobId).queryKey, saved);
      toast({ title: 'Job updated', description: 'The job title and description have been saved.' });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error updating job', description: describeError(error, 'Failed to update the job'), variant: 'destructive' });
    },
  });
}
