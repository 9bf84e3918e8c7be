import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListItem } from '@/contracts/jobs';

/** GET /api/job: the company's jobs, newest activity first. The default query function does the GET. */
export const jobsQuery = queryOptions<JobListItem[]>({ queryKey: ['/api/job'] });

export function useJobs() {
  return useQuery(jobsQuery);
}
