import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adverseImpactReport } from '@/contracts/adverse-impact';
import { jsonQuery } from '@/client/lib/query-client';

/** A job's report, or the company's across all its jobs. */
export type ImpactScope = { kind: 'job'; jobId: number | string } | { kind: 'company' };
/** The days asked for (YYYY-MM-DD, UTC); empty for no limit. */
export interface ImpactPeriod {
  from: string;
  to: string;
}

/** The report's URL, or its CSV's; the period as the query string (the key is the URL). */
export function adverseImpactUrl(scope: ImpactScope, period: ImpactPeriod, format: 'json' | 'csv' = 'json'): string {
  const base = scope.kind === 'job' ? `/api/job/${scope.jobId}/adverse-impact` : '/api/company/adverse-impact';
  const query = new URLSearchParams(Object.entries(period).filter(([, v]) => v !== '')).toString();
  return `${base}${format === 'csv' ? '.csv' : ''}${query ? `?${query}` : ''}`;
}

/** GET …/adverse-impact, checked against the contract. Decisions and scores change with every review: read again on each visit. */
export function useAdverseImpact(scope: ImpactScope, period: ImpactPeriod) {
  return useQuery({ ...jsonQuery(adverseImpactUrl(scope, period), adverseImpactReport), refetchOnMount: 'always', placeholderData: keepPreviousData });
}
