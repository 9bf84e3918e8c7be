import { Mail, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { useCan } from '@/client/hooks/use-company-role';
import type { InterviewListItem } from '@/contracts/interviews';
import { useInterviews, type JobId } from '../api/get-interviews';
import { useRowSelection } from '../hooks/use-row-selection';
import { CreateInterviewDialog } from './create-interview-dialog';
import { InterviewRow } from './interview-row';
import { SendEmailDialog } from './send-email-dialog';
import { TableScroll } from '@/client/components/ui/table-scroll';

export interface InterviewsSectionProps {
  jobId: JobId | undefined;
  jobTitle: string;
  /** The signed-in user's company, used in the invitation email. */
  companyName?: string | null | undefined;
  /** The job's setting, copied to new interviews (default on). */
  videoRecording?: boolean | undefined;
  /** A closed job takes no invitations (decision 030): its links and reports stay. */
  isJobClosed?: boolean | undefined;
  /** More ways to add candidates, shown beside Create Interview while the job is open (the page passes the CSV import). */
  addActions?: ReactNode;
}

const NO_ROWS: InterviewListItem[] = [];
const NEW_TAB_NOTE_ID = 'interviews-new-tab-note';

/** The job's interviews: create one, invite the selected candidates by email, copy links, open reports. */
export function InterviewsSection({ jobId, jobTitle, companyName, videoRecording, isJobClosed = false, addActions }: InterviewsSectionProps) {
  const interviews = useInterviews(jobId);
  const rows = interviews.data ?? NO_ROWS;
  const selection = useRowSelection(rows);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [isEmailOpen, setIsEmailOpen] = useState(false);
  // Viewers read; recruiters and owners invite (decision 026), while the job is open.
  const canInvite = useCan('recruiter') && !isJobClosed;

  function openEmailDialog() {
    if (selection.selectedRows.length === 0) {
      toast({
        title: 'No Candidates Selected',
        description: 'Please select at least one candidate to send emails.',
        variant: 'destructive',
      });
      return;
    }
    setIsEmailOpen(true);
  }

  function changeEmailOpen(open: boolean) {
    setIsEmailOpen(open);
    // However the email dialog closes (Cancel, the close button, a successful send), the selection is cleared.
    if (!open) selection.clear();
  }

  const selectedCount = selection.selectedRows.length;

  return (
    <section aria-labelledby="interviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="interviews-heading" className="text-xl font-semibold tracking-tight text-slate-900">
            Interviews
          </h2>
          <p aria-live="polite" className="text-sm text-slate-600">
            {selectedCount > 0 ? `${selectedCount} selected` : ''}
          </p>
        </div>
        {canInvite ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={openEmailDialog}>
              <Mail aria-hidden="true" />
              Send Email
            </Button>
            {addActions}
            <Button type="button" onClick={() => setIsCreateOpen(true)}>
              <Plus aria-hidden="true" />
              Create Interview
            </Button>
          </div>
        ) : null}
      </div>

      {interviews.isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-8" label="Loading interviews" />
        </div>
      ) : interviews.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <span>Could not load the interviews.</span>
          <Button type="button" variant="outline" size="sm" onClick={() => void interviews.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          No interviews yet
        </p>
      ) : (
        <TableScroll className="rounded-lg border border-slate-200 bg-white">
          <span id={NEW_TAB_NOTE_ID} hidden>
            Opens in a new tab
          </span>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Interviews for {jobTitle}. Select candidates with the checkboxes, or by clicking their row, to send them an
              invitation email.
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr className="border-b border-slate-200">
                <th scope="col" className="w-10 px-4 py-3">
                  <Checkbox
                    aria-label="Select all candidates"
                    checked={selection.isAllSelected ? true : selection.isSomeSelected ? 'indeterminate' : false}
                    onCheckedChange={(checked) => selection.setAll(checked === true)}
                  />
                </th>
                <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-4 py-3 font-medium">
                  Candidate Name
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Overall Score
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email Sent
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Candidate Link
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Report
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <InterviewRow
                  key={row.id}
                  row={row}
                  jobId={row.jobId}
                  isSelected={selection.isSelected(row.id)}
                  onToggle={() => selection.toggle(row.id)}
                  newTabNoteId={NEW_TAB_NOTE_ID}
                  canResend={canInvite}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <CreateInterviewDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} jobId={jobId} videoRecording={videoRecording} />
      <SendEmailDialog
        open={isEmailOpen}
        onOpenChange={changeEmailOpen}
        jobId={jobId}
        jobTitle={jobTitle}
        companyName={companyName}
        recipients={selection.selectedRows}
      />
    </section>
  );
}
