import { useQuery } from '@tanstack/react-query';
import { apiKeyList } from '@/contracts/api-keys';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/api-keys: the company's keys (owners), newest first, without the keys themselves. */
export function apiKeysQuery() {
  return jsonQuery('/api/api-keys', apiKeyList);
}

/** Read afresh each time the page opens: "last used" moves while the page is closed. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQuery(), staleTime: 0, enabled });
}
