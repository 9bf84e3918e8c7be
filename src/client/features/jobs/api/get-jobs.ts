import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { jobListItem } from '@/contracts/jobs';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/job: the company's jobs, newest activity first. */
export const jobsQuery = jsonQuery('/api/job', z.array(jobListItem));

export function useJobs() {
  return useQuery(jobsQuery);
}
