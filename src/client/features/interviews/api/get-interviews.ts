import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterviewListItem } from '@/contracts/interviews';
import { apiRequest } from '@/client/lib/api';

/** A job id as the page has it: the number from the job, or the route's string. */
export type JobId = number | string;

export async function getInterviews(jobId: JobId): Promise<InterviewListItem[]> {
  const res = await apiRequest('GET', `/api/job/${jobId}/interview`);
  return (await res.json()) as InterviewListItem[];
}

/** GET /api/job/{jobId}/interview. The key is the URL, as the default query function expects. */
export function interviewsQuery(jobId: JobId) {
  return queryOptions({
    queryKey: [`/api/job/${jobId}/interview`] as const,
    queryFn: () => getInterviews(jobId),
  });
}

/** The job's interviews; nothing is fetched until there is a job id. */
export function useInterviews(jobId: JobId | undefined) {
  return useQuery({ ...interviewsQuery(jobId ?? ''), enabled: jobId !== undefined && jobId !== '' });
}
