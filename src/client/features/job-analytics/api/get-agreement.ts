import { useQuery } from '@tanstack/react-query';
import { agreement } from '@/contracts/report';
import { jsonQuery } from '@/client/lib/query-client';
import type { JobId } from './get-job-analytics';

export function jobAgreementUrl(jobId: JobId): string {
  return `/api/job/${jobId}/agreement`;
}

/** The company's agreement, across all its jobs. */
export const companyAgreementUrl = '/api/agreement';

/** GET an agreement URL, checked against the contract so a shape change fails here, not mid-render. The key is the URL. */
export function agreementQuery(url: string) {
  return jsonQuery(url, agreement);
}

/**
 * AI–human agreement for one job, or for the company without a job. Reviews are saved on the report
 * page, so this refetches on every mount, as the analytics do.
 */
export function useAgreement(jobId?: JobId) {
  return useQuery({ ...agreementQuery(jobId === undefined ? companyAgreementUrl : jobAgreementUrl(jobId)), refetchOnMount: 'always' });
}
