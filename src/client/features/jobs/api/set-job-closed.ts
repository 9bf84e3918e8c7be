import { useMutation, useQueryClient } from '@tanstack/react-query';
import { job, type Job } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export async function setJobClosed(jobId: number, closed: boolean): Promise<Job> {
  return readJson(await apiRequest('POST', `/api/job/${jobId}/${closed ? 'close' : 'reopen'}`), job);
}

/** POST /api/job/{id}/close or /reopen (`true` closes). The answer replaces the job in the cache. */
export function useSetJobClosed(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (closed: boolean) => setJobClosed(jobId, closed),
    onSuccess: async (saved) => {
      queryClient.setQueryData(jobQuery(jobId).queryKey, saved);
      if (saved.closedAt) {
        toast({ title: 'Job closed', description: 'Candidates can no longer be invited. Interviews and reports stay.' });
      } else {
        toast({ title: 'Job reopened', description: 'Candidates can be invited to this job again.' });
      }
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error, closed) => {
      toast({ title: closed ? 'Error closing job' : 'Error reopening job', description: describeError(error), variant: 'destructive' });
    },
  });
}
