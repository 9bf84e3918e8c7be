import { useQuery } from '@tanstack/react-query';
import { companyOutbox } from '@/contracts/outbox';
import { jsonQuery } from '@/client/lib/query-client';

/**
 * GET /api/outbox: the company's candidate emails that no mail server has taken, and whether one is
 * connected (decision 044). Shared: the outbox page lists it, the send dialog and Settings say from
 * it how to connect a mail server. Owners and recruiters only (`enabled` is false for a viewer).
 */
export const companyOutboxQuery = jsonQuery('/api/outbox', companyOutbox);

export function useCompanyOutbox(options: { enabled?: boolean } = {}) {
  return useQuery({ ...companyOutboxQuery, enabled: options.enabled ?? true });
}
