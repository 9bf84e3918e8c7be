import { Download } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { useApplication, type ApplicantRef } from '../api/application';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * What a candidate sent from the apply page (docs/decisions/035-apply-pages.md): their cover note
 * and CV, on the report and the screening result. Nothing is shown for a candidate who did not
 * apply there, or whose data was deleted.
 */
export function ApplicationCard({ applicant }: { applicant: ApplicantRef }) {
  const headingId = useId();
  const { data } = useApplication(applicant);
  const application = data?.application;
  if (!application) return null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Application
        </CardTitle>
        <p className="text-sm text-slate-600">
          Sent from the application page on {new Date(application.appliedAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}.
        </p>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">Cover note</h3>
          {application.coverNote ? <p className="whitespace-pre-line break-words">{application.coverNote}</p> : <p className="text-slate-600">No cover note.</p>}
        </div>
        <div className="space-y-1">
          <h3 className="font-semibold text-slate-900">CV</h3>
          {application.cv ? (
            <Button asChild variant="outline" size="sm">
              <a href={application.cv.url} download={application.cv.fileName}>
                <Download aria-hidden="true" />
                Download {application.cv.fileName} ({size(application.cv.bytes)})
              </a>
            </Button>
          ) : (
            <p className="text-slate-600">No CV.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
