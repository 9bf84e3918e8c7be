import { Calendar, ClipboardCopy, Clock, Copy, FileText, Info, Pencil, Phone, PhoneCall, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { ScreeningCandidate } from '@/contracts/phone-screenings';
import { isScreened } from '@/contracts/statuses';
import { Badge } from '@/client/components/ui/badge';
import { SourceBadge } from '@/client/components/source-badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
import { callErrorMessage } from '../api/call-simulator';
import { useCallLink } from '../api/create-call-link';
import { useCallMode } from '../api/get-call-mode';
import { useScreeningCandidates } from '../api/phone-screening';
import { formatInterviewTime } from '../lib/time';
import { AddCandidateDialog, EditCandidateDialog } from './candidate-dialogs';
import { useCan } from '@/client/hooks/use-company-role';

/** 'in_progress' → 'In Progress'. */
const statusLabel = (status: string) =>
  status
    .replace(/_/g, ' ')
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word))
    .join(' ');

/** The list item, with the call fields the list may carry (why a call failed or waits, the next call, calls so far). */
type CardCandidate = ScreeningCandidate & { outcome?: string | null; nextCallAt?: string | null; attempts?: number };

/** Simulator mode (no phone line): take the call in the browser, or send the candidate their link to take it. */
function CallActions({ candidate, screeningId }: { candidate: CardCandidate; screeningId: number }) {
  const mode = useCallMode();
  const link = useCallLink(candidate.id);
  const isDone = isScreened(candidate.status);
  const canCall = useCan('recruiter');
  const canSimulate = mode.data?.mode === 'simulator' && !isDone && canCall;

  const copyLink = () => {
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        navigator.clipboard.writeText(url).then(
          () => toast({ title: 'Link copied', description: 'Call link has been copied to clipboard' }),
          () => toast({ title: 'Call link', description: url }),
        );
      },
      onError: (error) => toast({ title: 'Failed to copy call link', description: callErrorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <>
      {canSimulate ? (
        <>
          <Button asChild size="sm">
            <Link href={`/phone-screening/${screeningId}/call/${candidate.id}`} aria-label={`Start simulated call with ${candidate.candidateName}`}>
              <PhoneCall aria-hidden="true" />
              Start simulated call
            </Link>
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={copyLink} disabled={link.isPending} aria-label={`Copy call link for ${candidate.candidateName}`}>
            <ClipboardCopy aria-hidden="true" />
            Copy call link
          </Button>
        </>
      ) : null}
      {isDone ? (
        <Button asChild variant={candidate.status === 'completed' ? 'default' : 'outline'} size="sm">
          <Link href={`/phone-screening/${screeningId}/candidates/${candidate.id}`} aria-label={`View result for ${candidate.candidateName}`}>
            <FileText aria-hidden="true" />
            View result
          </Link>
        </Button>
      ) : null}
    </>
  );
}

function CandidateCard({ candidate, screeningId }: { candidate: CardCandidate; screeningId: number }) {
  const [editOpen, setEditOpen] = useState(false);
  const canEdit = useCan('recruiter');
  const when = formatInterviewTime(candidate.interviewTime, candidate.timeZone);
  const phone = `${candidate.countryCode} ${candidate.phoneNumber}`;

  const copyPhone = () => {
    navigator.clipboard.writeText(phone).then(
      () => toast({ title: 'Phone number copied', description: 'Phone number has been copied to clipboard' }),
      () => undefined,
    );
  };

  return (
    <Card>
      <CardContent className="space-y-3 pt-6">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">{candidate.candidateName}</h3>
          <span className="flex shrink-0 flex-wrap justify-end gap-1.5">
            <Badge variant={candidate.status === 'completed' ? 'success' : 'warning'}>{statusLabel(candidate.status)}</Badge>
            <SourceBadge source={candidate.source} />
          </span>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Phone className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>{phone}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={`Copy phone number ${phone}`}
            onClick={copyPhone}
          >
            <Copy aria-hidden="true" />
          </Button>
        </div>
        {when ? (
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <span className="flex items-center gap-2">
              <Calendar className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              {when.date}
            </span>
            <span className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              {when.time}
            </span>
          </div>
        ) : null}
        {candidate.notes ? <p className="text-sm whitespace-pre-line text-slate-600">{candidate.notes}</p> : null}
        {candidate.outcome ? (
          <p className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{candidate.outcome}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <CallActions candidate={candidate} screeningId={screeningId} />
          {canEdit ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setEditOpen(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
        </div>
      </CardContent>
      <EditCandidateDialog open={editOpen} onOpenChange={setEditOpen} candidate={candidate} screeningId={screeningId} />
    </Card>
  );
}

/** The screening's candidates, with Add Candidate (and `addActions` beside it) and per-candidate Edit dialogs. */
export function CandidatesSection({ screeningId, addActions }: { screeningId: number; addActions?: ReactNode }) {
  const [addOpen, setAddOpen] = useState(false);
  const { data: candidates, isLoading, error } = useScreeningCandidates(screeningId);
  const canAdd = useCan('recruiter');

  return (
    <section aria-labelledby="candidates-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="candidates-heading" className="text-xl font-semibold">
          Candidates
        </h2>
        {canAdd ? (
          <div className="flex flex-wrap gap-2">
            {addActions}
            <Button type="button" onClick={() => setAddOpen(true)}>
              <Plus aria-hidden="true" />
              Add Candidate
            </Button>
          </div>
        ) : null}
      </div>
      {isLoading ? (
        <div className="flex justify-center p-10">
          <Spinner className="size-6" label="Loading candidates" />
        </div>
      ) : error ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load candidates. {describeError(error)}
        </p>
      ) : !candidates?.length ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-500">
          No candidates added yet
        </p>
      ) : (
        <ul className="space-y-4">
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <CandidateCard candidate={candidate} screeningId={screeningId} />
            </li>
          ))}
        </ul>
      )}
      <AddCandidateDialog open={addOpen} onOpenChange={setAddOpen} screeningId={screeningId} />
    </section>
  );
}
