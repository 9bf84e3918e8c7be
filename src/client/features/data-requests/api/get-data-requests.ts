import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataRequestItem } from '@/contracts/candidate-data';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/data-requests: the company's inbox of candidates' requests about their data. */
export const dataRequestsQuery = jsonQuery('/api/data-requests', z.array(dataRequestItem));

export function useDataRequests() {
  return useQuery(dataRequestsQuery);
}
