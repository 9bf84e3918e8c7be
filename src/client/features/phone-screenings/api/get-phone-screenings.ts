import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { phoneScreeningListItem } from '@/contracts/phone-screenings';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/phone-screening: the company's phone screenings. */
export const phoneScreeningsQuery = jsonQuery('/api/phone-screening', z.array(phoneScreeningListItem));

export function usePhoneScreenings() {
  return useQuery(phoneScreeningsQuery);
}
