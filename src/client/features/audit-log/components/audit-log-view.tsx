import { Download, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { QueryState } from '@/client/components/query-state';
import { describeError } from '@/client/lib/error-messages';
import { auditCsvUrl, useAuditLog } from '../api/get-audit-log';
import { filtersFromSearch, hasFilters, searchOfFilters, type AuditFilterValues } from '../lib/filters';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The company's audit trail (decision 024): filters, the entries a page at a time ("Load more"),
 * and the CSV of everything the filters match.
 */
export function AuditLogView() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersFromSearch(search);
  const log = useAuditLog(filters);
  const headingId = useId();
  const apply = (values: AuditFilterValues) => navigate(`/settings/audit${searchOfFilters(values)}`);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = hasFilters(filters);

  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="pt-6">
          {/* A new address starts the form afresh from it (back and forward too). */}
          <AuditLogFilters key={search} initial={filters} onApply={apply} />
        </CardContent>
      </Card>
      <Card role="region" aria-labelledby={headingId}>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle as="h2" id={headingId}>
              Entries
            </CardTitle>
            <CardDescription>Newest first. Times are in your time zone ({timeZone}).</CardDescription>
          </div>
          <Button asChild variant="outline">
            <a href={auditCsvUrl(filters)} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </CardHeader>
        <CardContent className="space-y-4">
          <QueryState query={log} loading="Loading the audit log" failed="The audit log could not be loaded." keepDataOnError>
            {() =>
              entries.length === 0 ? (
                <p className="text-sm text-slate-600">{filtered ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}</p>
              ) : (
                <AuditLogTable entries={entries} caption={filtered ? 'Audit log entries matching the filters' : 'Audit log entries'} />
              )
            }
          </QueryState>
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm text-slate-600">
              {entries.length > 0 ? `Showing ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}${log.hasNextPage ? '' : ', all there are'}.` : ''}
            </p>
            {log.hasNextPage ? (
              <Button type="button" variant="outline" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                {log.isFetchingNextPage ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" />
                    Loading...
                  </>
                ) : (
                  'Load more'
                )}
              </Button>
            ) : null}
            {log.isFetchNextPageError ? <p className="text-sm text-red-700">More entries could not be loaded. {describeError(log.error)}</p> : null}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
