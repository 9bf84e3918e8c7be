import { useMutation, useQueryClient } from '@tanstack/react-query';
import { job, type Job } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export async function duplicateJob(jobId: number): Promise<Job> {
  return readJson(await apiRequest('POST', `/api/job/${jobId}/duplicate`), job);
}

/** POST /api/job/{id}/duplicate: primes the copy's cache, so the caller can open it at once. */
export function useDuplicateJob(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => duplicateJob(jobId),
    onSuccess: async (copy) => {
      queryClient.setQueryData(jobQuery(copy.id).queryKey, copy);
      toast({ title: 'Job duplicated', description: `"${copy.title}" has the same description, questions and criteria, and no interviews.` });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error duplicating job', description: describeError(error), variant: 'destructive' });
    },
  });
}
