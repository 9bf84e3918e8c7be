import { useQuery } from '@tanstack/react-query';
import { callMode } from '@/contracts/phone-call-results';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/phone-screening/call-mode: 'twilio' (calls by phone) or 'simulator' (calls in the browser). */
export const callModeQuery = jsonQuery('/api/phone-screening/call-mode', callMode);

export function useCallMode() {
  return useQuery(callModeQuery);
}
