import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { agreement, type Agreement } from '@/contracts/report';
import type { JobId } from './get-job-analytics';

export function jobAgreementUrl(jobId: JobId): string {
  return `/api/job/${jobId}/agreement`;
}

/** The company's agreement, across all its jobs. */
export const companyAgreementUrl = '/api/agreement';

/** GET an agreement URL, checked against the contract so a shape change fails here, not mid-render. */
export async function getAgreement(url: string): Promise<Agreement> {
  const res = await apiRequest('GET', url);
  return agreement.parse(await res.json());
}

/** The key is the URL, as the default query function expects. */
export function agreementQuery(url: string) {
  return queryOptions({ queryKey: [url] as const, queryFn: () => getAgreement(url) });
}

/**
 * AI–human agreement for one job, or for the company without a job. Reviews are saved on the report
 * page, so this refetches on every mount, as the analytics do.
 */
export function useAgreement(jobId?: JobId) {
  return useQuery({ ...agreementQuery(jobId === undefined ? companyAgreementUrl : jobAgreementUrl(jobId)), refetchOnMount: 'always' });
}
