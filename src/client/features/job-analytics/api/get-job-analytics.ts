import { useQuery } from '@tanstack/react-query';
import { jobAnalytics } from '@/contracts/report';
import { jsonQuery } from '@/client/lib/query-client';
import { jobAnalyticsUrl, type JobId } from '@/client/lib/shared-reads';

export type { JobId } from '@/client/lib/shared-reads';

/** GET /api/job/{jobId}/analytics, checked against the contract so a shape change fails here, not mid-render. The key is the URL. */
export function jobAnalyticsQuery(jobId: JobId) {
  return jsonQuery(jobAnalyticsUrl(jobId), jobAnalytics);
}

/**
 * The job's analytics. Numbers change whenever an interview is created, completed or reviewed, so this
 * refetches on every mount (the spec's no-refetch-on-focus default is kept).
 */
export function useJobAnalytics(jobId: JobId) {
  return useQuery({ ...jobAnalyticsQuery(jobId), refetchOnMount: 'always' });
}
