import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdInterview, type CreatedInterview } from '@/contracts/interviews';
import { apiRequest, readJson } from '@/client/lib/api';
import { interviewsQuery, type JobId } from './get-interviews';

export interface CreateInterviewVariables {
  jobId: JobId;
  candidateName: string;
  email: string;
  /** The job's setting, copied to the new interview. */
  videoRecording?: boolean | undefined;
}

export async function createInterview({ jobId, candidateName, email, videoRecording }: CreateInterviewVariables): Promise<CreatedInterview> {
  const res = await apiRequest('POST', `/api/job/${jobId}/interview`, {
    candidateName,
    email,
    jobId: Number(jobId),
    videoRecording,
    scheduledFor: new Date().toISOString(),
  });
  return readJson(res, createdInterview);
}

/** POST /api/job/{jobId}/interview, then refetch the job's interview list (and the jobs list, whose applicant count changed). */
export function useCreateInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInterview,
    onSuccess: async (_created, { jobId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: interviewsQuery(jobId).queryKey }),
        // The dashboard's jobs list (Applicants, Last Activity). Named by URL: features never import each other.
        queryClient.invalidateQueries({ queryKey: ['/api/job'], exact: true }),
      ]);
    },
  });
}
