import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@/contracts/auth';
import { hasCompanyRole, type CompanyRole } from '@/contracts/statuses';
import { CURRENT_USER_KEY, getQueryFn } from '@/client/lib/query-client';

/**
 * The signed-in member's role in the company (decision 026), read from the session the app already
 * holds (no request of its own). The server checks every action; this only keeps the screens from
 * offering what the member may not do.
 */
export function useCompanyRole(): CompanyRole | null {
  const { data } = useQuery<PublicUser | null>({ queryKey: CURRENT_USER_KEY, queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }) });
  return data?.companyRole ?? null;
}

/** Whether the signed-in member has at least `needed`: recruiter to change hiring data, owner for members and settings. */
export function useCan(needed: CompanyRole): boolean {
  const role = useCompanyRole();
  return role !== null && hasCompanyRole(role, needed);
}
