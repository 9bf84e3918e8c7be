import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';

/** GET /api/company/export: the company's records as one ZIP, streamed by the server (decision 021, "Exports"). */
export const COMPANY_EXPORT_URL = '/api/company/export';

/**
 * 'Export company data': the employer's own copy of its records. A plain link, so the browser streams
 * the archive to disk (a company with thousands of interviews never fills the page's memory).
 */
export function CompanyExportCard() {
  const headingId = useId();
  const noteId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Export company data
        </CardTitle>
        <CardDescription>
          For your own records: every job with its questions and rubric, every interview with its transcript, evaluation, reviews and decision, and
          every phone screening with its candidates and calls, as JSON and as CSV for spreadsheets. Candidates whose data was deleted appear
          anonymised.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button asChild variant="outline">
          <a href={COMPANY_EXPORT_URL} download aria-describedby={noteId}>
            <Download aria-hidden="true" />
            Download company data (ZIP)
          </a>
        </Button>
        <p id={noteId} className="text-sm text-slate-600">
          Recordings are not included: download them one candidate at a time with “Download all data (ZIP)” on the interview report or the screening
          result. The export is recorded in the audit log.
        </p>
      </CardContent>
    </Card>
  );
}
