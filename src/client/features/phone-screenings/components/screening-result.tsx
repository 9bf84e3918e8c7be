import { Clock, Info } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { ScreeningResult as Result } from '@/contracts/phone-call-results';
import { statusLabel } from '@/contracts/interviews';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError, isNotFound } from '@/client/lib/error-messages';
import { cn } from '@/client/lib/cn';
import { useRefreshCandidateList, useScreeningResult } from '../api/screening-result';
import { formatDateTime, formatInterviewTime } from '../lib/time';
import { CallsCard } from './screening-calls-card';
import { FeedbackCard } from './screening-feedback-card';
import { ScreeningSubpageHeader } from './screening-subpage-header';
import { ScreeningDataCard } from './screening-data-card';
import { DataDeletedBanner } from '@/client/components/candidate-data-card';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

/** The result of one candidate's phone screening at /phone-screening/{id}/candidates/{candidateId}. */
export function ScreeningResult({ screeningId, candidateId }: { screeningId: string; candidateId: number }) {
  const result = useScreeningResult(candidateId);
  if (result.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-brand-600" label="Loading the screening result" />
      </div>
    );
  }
  if (result.isError) {
    const error = result.error;
    if (isNotFound(error)) return <ScreeningSubpageHeader title="Candidate not found" screeningId={screeningId} />;
    return (
      <div className="space-y-4">
        <ScreeningSubpageHeader title="Could not load the screening result" screeningId={screeningId} />
        <p className="text-sm text-slate-600">{describeError(error)}</p>
        <Button type="button" variant="outline" onClick={() => void result.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <ResultView result={result.data} />;
}

function ResultView({ result }: { result: Result }) {
  const title = `Phone screening with ${result.candidateName}`;
  const refreshCandidates = useRefreshCandidateList(result.screeningId);
  // What this page shows is newer than the screening's cached candidate list.
  useEffect(() => {
    refreshCandidates();
  }, [result.status, refreshCandidates]);
  useDocumentTitle(`${title} — Hireloop`);

  return (
    <div className="space-y-6">
      <ScreeningSubpageHeader title={title} screeningId={result.screeningId} />
      <DataDeletedBanner deletedAt={result.dataDeletedAt} />
      <DetailsCard result={result} />
      {result.feedback ? (
        <FeedbackCard feedback={result.feedback} />
      ) : result.status === 'evaluating' ? (
        <Card role="status">
          <CardContent className="flex items-center gap-3 pt-6 text-sm text-slate-700">
            <Loader label="Scoring the call" />
            The call has ended. The AI is scoring the answers; this page fills in when it is done.
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="flex items-start gap-2 pt-6 text-sm text-slate-700">
            <Clock className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
            This screening has not been completed. Notes and scores appear once the candidate has answered the questions.
          </CardContent>
        </Card>
      )}
      {result.recordingUrl ? <RecordingCard url={result.recordingUrl} /> : null}
      <TranscriptCard result={result} />
      <CallsCard calls={result.calls} />
      <ScreeningDataCard result={result} />
    </div>
  );
}

function Loader({ label }: { label: string }) {
  return <Spinner className="size-5 text-brand-600" label={label} />;
}

function DetailsCard({ result }: { result: Result }) {
  const headingId = useId();
  const when = formatInterviewTime(result.interviewTime, result.timeZone);
  const isCompleted = result.status === 'completed';
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Candidate Details
        </CardTitle>
        {result.jobTitle ? <CardDescription>{result.jobTitle}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div className="min-w-0">
            <dt className="font-medium text-slate-500">Name</dt>
            <dd className="mt-1 break-words text-slate-900">{result.candidateName}</dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500">Phone</dt>
            <dd className="mt-1 text-slate-900">
              {result.countryCode} {result.phoneNumber}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="font-medium text-slate-500">Scheduled</dt>
            <dd className="mt-1 text-slate-900">{when ? `${when.date} ${when.time}` : '—'}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Status</dt>
            <dd className="mt-1">
              <Badge variant={isCompleted ? 'success' : 'warning'}>{statusLabel(result.status)}</Badge>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Calls</dt>
            <dd className="mt-1 text-slate-900">{result.attempts}</dd>
          </div>
          {result.completedAt ? (
            <div>
              <dt className="font-medium text-slate-500">Completed on</dt>
              <dd className="mt-1 text-slate-900">{formatDateTime(result.completedAt)}</dd>
            </div>
          ) : null}
          {result.nextCallAt ? (
            <div>
              <dt className="font-medium text-slate-500">Next call</dt>
              <dd className="mt-1 text-slate-900">{formatDateTime(result.nextCallAt)}</dd>
            </div>
          ) : null}
        </dl>
        {result.outcome ? (
          <p className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-medium">Outcome: </span>
              {result.outcome}
            </span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RecordingCard({ url }: { url: string }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Call Recording
        </CardTitle>
      </CardHeader>
      <CardContent>
        <audio controls preload="metadata" src={url} aria-label="Call recording" className="w-full max-w-xl">
          <a href={url}>Download the call recording</a>
        </audio>
      </CardContent>
    </Card>
  );
}

function TranscriptCard({ result }: { result: Result }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Transcript
        </CardTitle>
      </CardHeader>
      <CardContent>
        {result.transcript.length === 0 ? (
          <p className="text-sm text-slate-600">No transcript was recorded for this screening.</p>
        ) : (
          <ol aria-label="Transcript" tabIndex={0} className="max-h-[32rem] space-y-2 overflow-y-auto rounded-md p-1">
            {result.transcript.map((entry, index) => {
              const isAgent = entry.speaker === 'AI';
              return (
                <li key={index} className={cn('rounded-md border-l-4 px-3 py-2', isAgent ? 'border-transparent bg-slate-50' : 'border-brand-500 bg-brand-50')}>
                  <span className={cn('block text-xs font-semibold', isAgent ? 'text-slate-700' : 'text-brand-700')}>
                    {isAgent ? `${result.agentName} (AI)` : entry.speaker === 'Candidate' ? result.candidateName : entry.speaker}
                  </span>
                  <span className="mt-0.5 block text-sm whitespace-pre-wrap text-slate-900">{entry.text}</span>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

