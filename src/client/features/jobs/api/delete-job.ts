import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

export async function deleteJob(jobId: number): Promise<void> {
  await apiRequest('DELETE', `/api/job/${jobId}`);
}

/**
 * DELETE /api/job/{id} (a job without interviews; the server answers 409 otherwise, with a sentence).
 * `onDeleted` leaves the job's page before its cached read is dropped, so the page never asks again.
 */
export function useDeleteJob(jobId: number, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteJob(jobId),
    onSuccess: async () => {
      toast({ title: 'Job deleted', description: 'The job has been deleted.' });
      onDeleted();
      queryClient.removeQueries({ queryKey: jobQuery(jobId).queryKey });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: (error) => {
      toast({ title: 'Error deleting job', description: describeError(error), variant: 'destructive' });
    },
  });
}
