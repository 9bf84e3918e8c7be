import { useQuery } from '@tanstack/react-query';
import { companySettings } from '@/contracts/candidate-data';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/company/settings: the company's settings (how long candidate data is kept, how long candidate links stay valid). */
export function companySettingsQuery() {
  return jsonQuery('/api/company/settings', companySettings);
}

export function useCompanySettings() {
  return useQuery(companySettingsQuery());
}
