import { useQuery } from '@tanstack/react-query';
import { adverseImpactCounts } from '@/contracts/adverse-impact';
import { jsonQuery } from '@/client/lib/query-client';

/** The job's counts, or the company's without a job. */
export function adverseImpactCountsUrl(jobId?: number): string {
  return jobId === undefined ? '/api/company/adverse-impact/counts' : `/api/job/${jobId}/adverse-impact/counts`;
}

/**
 * GET …/adverse-impact/counts: whether the report has anything to compare yet (decision 043).
 * Interviews are evaluated and answers arrive while nobody looks: read again on each visit.
 */
export function useAdverseImpactCounts(jobId: number | undefined, options: { enabled: boolean }) {
  return useQuery({ ...jsonQuery(adverseImpactCountsUrl(jobId), adverseImpactCounts), refetchOnMount: 'always', enabled: options.enabled });
}
