import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhoneScreeningListItem } from '@/contracts/phone-screenings';

/** GET /api/phone-screening: the company's phone screenings. The default query function does the GET. */
export const phoneScreeningsQuery = queryOptions<PhoneScreeningListItem[]>({ queryKey: ['/api/phone-screening'] });

export function usePhoneScreenings() {
  return useQuery(phoneScreeningsQuery);
}
