import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { jobAnalytics, type JobAnalytics } from '@/contracts/report';

/** A job id as the page has it: the number from the job, or the route's string. */
export type JobId = number | string;

export function jobAnalyticsUrl(jobId: JobId): string {
  return `/api/job/${jobId}/analytics`;
}

/** GET /api/job/{jobId}/analytics, checked against the contract so a shape change fails here, not mid-render. */
export async function getJobAnalytics(jobId: JobId): Promise<JobAnalytics> {
  const res = await apiRequest('GET', jobAnalyticsUrl(jobId));
  return jobAnalytics.parse(await res.json());
}

/** The key is the URL, as the default query function expects. */
export function jobAnalyticsQuery(jobId: JobId) {
  return queryOptions({
    queryKey: [jobAnalyticsUrl(jobId)] as const,
    queryFn: () => getJobAnalytics(jobId),
  });
}

/**
 * The job's analytics. Numbers change whenever an interview is created, completed or reviewed, so this
 * refetches on every mount (the spec's no-refetch-on-focus default is kept).
 */
export function useJobAnalytics(jobId: JobId) {
  return useQuery({ ...jobAnalyticsQuery(jobId), refetchOnMount: 'always' });
}
