import { useQuery } from '@tanstack/react-query';
import { job } from '@/contracts/jobs';
import { jsonQuery } from '@/client/lib/query-client';

/**
 * GET /api/job/{id} as its owner sees it. The key is the URL, so a numeric id and its string form
 * share one cache entry.
 */
export function jobQuery(id: number | string) {
  return jsonQuery(`/api/job/${id}`, job);
}

export function useJob(id: number | string) {
  return useQuery(jobQuery(id));
}
