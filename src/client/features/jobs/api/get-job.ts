import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Job } from '@/contracts/jobs';

/**
 * GET /api/job/{id}. The key's first element is the URL, so the default query function does the GET;
 * a numeric id and its string form share one cache entry.
 */
export function jobQuery(id: number | string) {
  return queryOptions<Job>({ queryKey: [`/api/job/${id}`] });
}

export function useJob(id: number | string) {
  return useQuery(jobQuery(id));
}
