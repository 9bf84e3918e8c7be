import { Check, Copy, ExternalLink, Mail, Plus, X } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Badge, type BadgeProps } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { cn } from '@/client/lib/cn';
import { statusLabel, type InterviewListItem } from '@/contracts/interviews';
import { useInterviews, type JobId } from '../api/get-interviews';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { useRowSelection } from '../hooks/use-row-selection';
import { CreateInterviewDialog } from './create-interview-dialog';
import { SendEmailDialog } from './send-email-dialog';

export interface InterviewsSectionProps {
  jobId: JobId | undefined;
  jobTitle: string;
  /** The signed-in user's company, used in the invitation email. */
  companyName?: string | null | undefined;
  /** The job's setting, copied to new interviews (default on). */
  videoRecording?: boolean | undefined;
}

const NO_ROWS: InterviewListItem[] = [];
const NEW_TAB_NOTE_ID = 'interviews-new-tab-note';

/** The job's interviews: create one, invite the selected candidates by email, copy links, open reports. */
export function InterviewsSection({ jobId, jobTitle, companyName, videoRecording }: InterviewsSectionProps) {
  const interviews = useInterviews(jobId);
  const rows = interviews.data ?? NO_ROWS;
  const selection = useRowSelection(rows);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [isEmailOpen, setIsEmailOpen] = useState(false);

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
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={openEmailDialog}>
            <Mail aria-hidden="true" />
            Send Email
          </Button>
          <Button type="button" onClick={() => setIsCreateOpen(true)}>
            <Plus aria-hidden="true" />
            Create Interview
          </Button>
        </div>
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
                <th scope="col" className="px-4 py-3 font-medium">
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
                  isSelected={selection.isSelected(row.id)}
                  onToggle={() => selection.toggle(row.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
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

/** Clicks on a row's own controls must not also toggle the row. */
function stopRowClick(event: MouseEvent) {
  event.stopPropagation();
}

interface InterviewRowProps {
  row: InterviewListItem;
  isSelected: boolean;
  onToggle: () => void;
}

function InterviewRow({ row, isSelected, onToggle }: InterviewRowProps) {
  const isCompleted = row.status === 'completed';
  return (
    <tr
      data-state={isSelected ? 'selected' : undefined}
      onClick={onToggle}
      className={cn(
        'cursor-pointer border-b border-slate-100 transition-colors last:border-b-0 hover:bg-slate-50',
        isSelected && 'bg-brand-50 hover:bg-brand-50',
      )}
    >
      <td className="px-4 py-3">
        <Checkbox
          aria-label={`Select ${row.candidateName}`}
          checked={isSelected}
          onClick={stopRowClick}
          onCheckedChange={onToggle}
        />
      </td>
      <th scope="row" className="px-4 py-3 font-medium text-slate-900">
        {row.candidateName}
      </th>
      <td className="px-4 py-3 break-all text-slate-700">{row.email}</td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap items-center gap-1.5">
          <Badge variant={statusVariant(row.status)}>{statusLabel(row.status)}</Badge>
          {row.alternativeRequested ? (
            // The candidate asked for a person or an accommodation, and nobody has resolved it yet (decision 025):
            // the badge opens the report, where the request is read and resolved, whatever the interview's status.
            <a
              href={`/interview/${row.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={NEW_TAB_NOTE_ID}
              onClick={stopRowClick}
              className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100">
                Alternative requested
              </Badge>
            </a>
          ) : null}
        </span>
      </td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">
        {isCompleted && typeof row.overallScore === 'number' ? (
          <OverallScore score={row.overallScore} aiScore={row.aiOverallScore} isAdjusted={row.scoreAdjusted} />
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No score</span>
          </>
        )}
      </td>
      <td className="px-4 py-3">
        {row.emailSent ? (
          <>
            <Check className="size-5 text-green-600" aria-hidden="true" />
            <span className="sr-only">Sent</span>
          </>
        ) : (
          <>
            <X className="size-5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">Not sent</span>
          </>
        )}
      </td>
      <td className="px-4 py-3">
        <CopyLinkButton link={row.candidateLink} />
      </td>
      <td className="px-4 py-3">
        {isCompleted ? (
          <Button asChild variant="outline" size="sm">
            <a
              href={`/interview/${row.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={NEW_TAB_NOTE_ID}
              onClick={stopRowClick}
            >
              View Report
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" disabled>
            View Report
          </Button>
        )}
      </td>
    </tr>
  );
}

const scoreText = (score: number | null) => (score === null ? 'no score' : `${Math.round(score)}/100`);

/** The current overall; when a reviewer adjusted the scores, an 'Adjusted' badge naming the AI's own overall. */
function OverallScore({ score, aiScore, isAdjusted }: { score: number; aiScore: number | null; isAdjusted: boolean }) {
  if (!isAdjusted) return <>{scoreText(score)}</>;
  const note = `Adjusted by a reviewer. AI score: ${scoreText(aiScore)}`;
  return (
    <span className="inline-flex items-center gap-2">
      {scoreText(score)}
      <Badge variant="outline" title={note}>
        Adjusted<span className="sr-only"> by a reviewer. AI score: {scoreText(aiScore)}</span>
      </Badge>
    </span>
  );
}

function CopyLinkButton({ link }: { link: string }) {
  const { isCopied, copy } = useCopyToClipboard(2000);

  function handleClick(event: MouseEvent) {
    event.stopPropagation();
    copy(link).then(
      () => toast({ title: 'Link copied', description: 'Interview link has been copied to clipboard' }),
      () =>
        toast({
          title: 'Could not copy the link',
          description: `Your browser blocked the clipboard. The link is: ${link}`,
          variant: 'destructive',
        }),
    );
  }

  return (
    <Button type="button" variant="outline" size="sm" onClick={handleClick}>
      {isCopied ? <Check className="text-green-600" aria-hidden="true" /> : <Copy aria-hidden="true" />}
      Copy Link
    </Button>
  );
}

function statusVariant(status: string): BadgeProps['variant'] {
  if (status === 'completed') return 'success';
  if (status === 'in_progress') return 'warning';
  return 'secondary';
}
