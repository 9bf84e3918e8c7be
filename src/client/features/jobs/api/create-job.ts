import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createJobInput, job as jobSchema, type Job } from '@/contracts/jobs';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { jobQuery } from './get-job';
import { jobsQuery } from './get-jobs';

/** What the Create Job form sends; the server drafts the questions and the rubric, or copies a template's. */
export const createJobFormInput = createJobInput.pick({ title: true, description: true });
export type CreateJobValues = z.output<typeof createJobFormInput>;
/** The form's values, and the template the job starts from, if one was chosen. */
export type CreateJobRequest = CreateJobValues & { templateId?: number | undefined };

export async function createJob(values: CreateJobRequest): Promise<Job> {
  return readJson(await apiRequest('POST', '/api/job', values), jobSchema);
}

/** POST /api/job. Toasts the outcome, refreshes the job list and primes the new job's cache. */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: async (job) => {
      queryClient.setQueryData(jobQuery(job.id).queryKey, job);
      toast({ title: 'Job created', description: 'Your job has been created successfully.' });
      await queryClient.invalidateQueries({ queryKey: jobsQuery.queryKey });
    },
    onError: () => {
      toast({ title: 'Failed to create job', description: 'Please try again later.', variant: 'destructive' });
    },
  });
}
