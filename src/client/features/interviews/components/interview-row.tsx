import { Check, Clock, Copy, ExternalLink, Send, X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import { SourceBadge } from '@/client/components/source-badge';
import { toast } from '@/client/components/ui/use-toast';
import { cn } from '@/client/lib/cn';
import type { InterviewListItem } from '@/contracts/interviews';
import { InterviewStatus } from '@/client/components/interview-status';
import { useResendInvitation } from '../api/resend-invitation';
import type { JobId } from '../api/get-interviews';
import { useCopyToClipboard } from '@/client/hooks/use-copy-to-clipboard';
import { formatLinkTime } from '../utils/link-time';

// One row of a job's interview table (interviews-section.tsx).

/** Clicks on a row's own controls must not also toggle the row. */
function stopRowClick(event: MouseEvent) {
  event.stopPropagation();
}

interface InterviewRowProps {
  row: InterviewListItem;
  jobId: JobId;
  isSelected: boolean;
  onToggle: () => void;
  /** The id of the hidden 'Opens in a new tab' note the report links point at. */
  newTabNoteId: string;
  /** A recruiter or an owner: may send the invitation again (a viewer sees the link's state only). */
  canResend: boolean;
}

export function InterviewRow({ row, jobId, isSelected, onToggle, newTabNoteId, canResend }: InterviewRowProps) {
  const isCompleted = row.status === 'completed';
  return (
    <tr
      data-state={isSelected ? 'selected' : undefined}
      onClick={onToggle}
      className={cn(
        'group cursor-pointer border-b border-slate-100 transition-colors last:border-b-0 hover:bg-slate-50',
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
      {/*
        The name stays on screen while a narrow screen scrolls the table sideways, and below `sm` the
        status is shown under it too (hidden from screen readers, which read the Status column): decision 048.
      */}
      <th
        scope="row"
        className={cn(
          'sticky left-0 z-10 min-w-32 bg-white px-4 py-3 font-medium break-words text-slate-900 transition-colors group-hover:bg-slate-50',
          isSelected && 'bg-brand-50 group-hover:bg-brand-50',
        )}
      >
        {row.candidateName}
        <span aria-hidden="true" className="mt-1 flex sm:hidden">
          <InterviewStatus status={row.status} startProblem={row.startProblem} />
        </span>
      </th>
      <td className="min-w-44 px-4 py-3 break-all text-slate-700">{row.email}</td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap items-center gap-1.5">
          <InterviewStatus status={row.status} startProblem={row.startProblem} />
          <SourceBadge source={row.source} />
          {row.alternativeRequested ? (
            // The candidate asked for a person or an accommodation, and nobody has resolved it yet (decision 025):
            // the badge opens the report, where the request is read and resolved, whatever the interview's status.
            <a
              href={`/interview/${row.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNoteId}
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
        ) : row.invitationQueued ? (
          // Waiting for a mail server (or its next try): the company's outbox has it, with the link to copy (decision 044).
          <Link
            href="/settings/outbox"
            onClick={stopRowClick}
            title="Waiting in the outbox for a mail server: open the outbox to copy the link"
            className="inline-flex items-center gap-1 rounded text-sm text-amber-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Clock className="size-4" aria-hidden="true" />
            Queued
          </Link>
        ) : (
          <>
            <X className="size-5 text-slate-400" aria-hidden="true" />
            <span className="sr-only">Not sent</span>
          </>
        )}
      </td>
      <td className="px-4 py-3">
        <div className="flex flex-col items-start gap-1.5">
          <div className="flex flex-wrap gap-2">
            <CopyLinkButton link={row.candidateLink} />
            {canResend && row.status === 'pending' ? <ResendButton jobId={jobId} row={row} /> : null}
          </div>
          <LinkExpiry row={row} />
        </div>
      </td>
      <td className="px-4 py-3">
        {isCompleted ? (
          <Button asChild variant="outline" size="sm">
            <a
              href={`/interview/${row.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNoteId}
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

/** A pending interview's link: until when it starts the interview, or that it no longer does. */
function LinkExpiry({ row }: { row: InterviewListItem }) {
  if (row.status !== 'pending' || row.linkExpiresAt === null) return null;
  if (row.linkExpired) return <span className="text-xs font-medium whitespace-nowrap text-red-700">Link expired</span>;
  return <span className="text-xs whitespace-nowrap text-slate-600">Link valid until {formatLinkTime(row.linkExpiresAt)}</span>;
}

function ResendButton({ jobId, row }: { jobId: JobId; row: InterviewListItem }) {
  const resend = useResendInvitation(jobId);
  function handleClick(event: MouseEvent) {
    event.stopPropagation();
    resend.mutate({ id: row.id, candidateName: row.candidateName });
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={handleClick} disabled={resend.isPending} aria-label={`Resend the invitation to ${row.candidateName}`}>
      <Send aria-hidden="true" />
      {resend.isPending ? 'Sending...' : 'Resend'}
    </Button>
  );
}

