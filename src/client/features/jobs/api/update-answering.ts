import { useMutation, useQueryClient } from '@tanstack/react-query';
import { job, type Answering, type Job } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobQuery } from './get-job';

export async function updateAnswering(jobId: number, values: Answering): Promise<Job> {
  return readJson(await apiRequest('PATCH', `/api/job/${jobId}/answering`, values), job);
}

/** PATCH /api/job/{id}/answering: the answer replaces the job in the cache; an error is toasted with the server's sentence. */
export function useUpdateAnswering(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Answering) => updateAnswering(jobId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(jobQuery(jobId).queryKey, saved);
      toast({ title: 'Answer Settings Updated', description: 'Candidates starting from now get these settings.' });
    },
    onError: (error) => {
      toast({ title: 'Error updating answer settings', description: describeError(error, 'Failed to save answer settings. Please try again.'), variant: 'destructive' });
    },
  });
}
