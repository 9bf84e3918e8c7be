import { describe, expect, it } from 'vitest';
import { apiQueryOf, filtersFromSearch, NO_FILTERS, searchOfFilters } from './filters';

describe('the audit log filters in the page address', () => {
  it('reads what is valid and drops the rest', () => {
    expect(filtersFromSearch('?action=score_changed&from=2026-05-01&to=2026-05-31&subject=interview:12&actor=7')).toEqual({
      action: 'score_changed',
      from: '2026-05-01',
      to: '2026-05-31',
      subject: 'interview:12',
      actor: '7',
    });
    expect(filtersFromSearch('?action=drop_table&from=yesterday&to=2026-5-1&subject=Sam%20Rivera&actor=admin')).toEqual(NO_FILTERS);
    expect(filtersFromSearch('?actor=system').actor).toBe('system');
  });

  it('writes only the filters in use, and reads them back the same', () => {
    const filters = { ...NO_FILTERS, action: 'logout' as const, subject: 'user:5' };
    expect(searchOfFilters(filters)).toBe('?action=logout&subject=user%3A5');
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
    expect(searchOfFilters(NO_FILTERS)).toBe('');
  });

  it('asks the API from the start of the first day to the end of the last, in the viewer’s time zone', () => {
    const q = apiQueryOf({ ...NO_FILTERS, from: '2026-05-01', to: '2026-05-31' });
    expect(q.get('from')).toBe(new Date(2026, 4, 1).toISOString());
    expect(q.get('to')).toBe(new Date(2026, 5, 1).toISOString());
    expect([...apiQueryOf(NO_FILTERS).keys()]).toEqual([]);
  });
});
