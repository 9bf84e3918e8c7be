import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, auditActors, auditLogPage } from '@/contracts/audit';
import { getJson } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';
import { apiQueryOf, type AuditFilterValues } from '../lib/filters';

/** The CSV of every entry matching the filters (GET /api/audit-log.csv; the browser downloads it with the session cookie). */
export function auditCsvUrl(filters: AuditFilterValues): string {
  const q = apiQueryOf(filters).toString();
  return `/api/audit-log.csv${q ? `?${q}` : ''}`;
}

/**
 * GET /api/audit-log, a page at a time (newest first; "Load more" asks for the next with the
 * cursor the last page answered). Read afresh whenever the page opens: the log grows with every
 * change made elsewhere in the app.
 */
export function useAuditLog(filters: AuditFilterValues) {
  const query = apiQueryOf(filters);
  query.set('limit', String(AUDIT_PAGE_SIZE.default));
  const base = query.toString();
  return useInfiniteQuery({
    queryKey: ['/api/audit-log', base] as const,
    queryFn: ({ pageParam }) => getJson(`/api/audit-log?${base}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, auditLogPage),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** GET /api/audit-log/actors: the company's users, for the "Who" filter. */
export function useAuditActors() {
  return useQuery(jsonQuery('/api/audit-log/actors', auditActors));
}
