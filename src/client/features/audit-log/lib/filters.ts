import { AUDIT_SUBJECT_PATTERN, isAuditAction, type AuditAction } from '@/contracts/audit';

/**
 * The log's filters as the page holds them: in its address (`/settings/audit?action=…&from=…`), so a
 * filtered view can be bookmarked, shared and survives a reload. Dates are the viewer's calendar
 * days; the API gets instants (the start of `from`, the end of `to`, in the viewer's time zone).
 */
export interface AuditFilterValues {
  action: AuditAction | '';
  /** YYYY-MM-DD, the first day shown. */
  from: string;
  /** YYYY-MM-DD, the last day shown (inclusive). */
  to: string;
  subject: string;
  /** A user id, 'system', or '' for anyone. */
  actor: string;
}

export const NO_FILTERS: AuditFilterValues = { action: '', from: '', to: '', subject: '', actor: '' };

const DAY = /^\d{4}-\d\d-\d\d$/;

/** The filters in a page address's query; what is not valid there is dropped. */
export function filtersFromSearch(search: string): AuditFilterValues {
  const q = new URLSearchParams(search);
  const action = q.get('action') ?? '';
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const subject = q.get('subject') ?? '';
  const actor = q.get('actor') ?? '';
  return {
    action: isAuditAction(action) ? action : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    subject: AUDIT_SUBJECT_PATTERN.test(subject) ? subject : '',
    actor: /^(system|[1-9]\d{0,9})$/.test(actor) ? actor : '',
  };
}

/** The page's own query string for these filters ('' without any). */
export function searchOfFilters(f: AuditFilterValues): string {
  const q = new URLSearchParams();
  for (const key of ['action', 'from', 'to', 'subject', 'actor'] as const) if (f[key]) q.set(key, f[key]);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Local midnight of a YYYY-MM-DD day, as an instant. */
function startOfDay(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The API's query for these filters (the list's and the CSV's). */
export function apiQueryOf(f: AuditFilterValues): URLSearchParams {
  const q = new URLSearchParams();
  if (f.action) q.set('action', f.action);
  if (f.from) q.set('from', startOfDay(f.from));
  if (f.to) q.set('to', startOfDay(f.to, 1));
  if (f.subject) q.set('subject', f.subject);
  if (f.actor) q.set('actor', f.actor);
  return q;
}

export const hasFilters = (f: AuditFilterValues) => Object.values(f).some(Boolean);
