import type { InterviewDetail } from '@/contracts/interviews';
import { recordIdFrom } from '@/contracts/record-ids';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError, isNotFound, isRefused } from '@/client/lib/error-messages';
import { useInterview } from '../api/get-interview';
import { useReview } from '../api/get-review';
import { RecordingPlayerContext, useRecordingPlayerState } from '../hooks/use-recording-player';
import { BiasCard } from './bias-card';
import { CandidateDetails } from './candidate-details';
import { ConsentCard } from './consent-card';
import { FeedbackCard } from './feedback-card';
import { InterviewDataCard } from './interview-data-card';
import { RecordingCard } from './recording-card';
import { ReportHeader } from './report-header';
import { ReviewCard } from './review-card';
import { StatusCard } from './status-card';
import { TranscriptPanel } from './transcript-panel';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { DataDeletedBanner } from '@/client/components/candidate-data-card';

/** The recruiter's report at /interview/{id}. An unknown id, or another company's interview, reads 'Interview not found'. */
export function InterviewReport({ interviewIdParam }: { interviewIdParam: string }) {
  const interviewId = recordIdFrom(interviewIdParam);
  const interview = useInterview(interviewId ?? 0, { enabled: interviewId !== null });

  if (interviewId === null) return <ReportHeader title="Interview not found" />;
  if (interview.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-brand-600" label="Loading the interview" />
      </div>
    );
  }
  if (interview.isError) {
    const error = interview.error;
    if (isNotFound(error) || isRefused(error)) return <ReportHeader title="Interview not found" />;
    return (
      <div className="space-y-4">
        <ReportHeader title="Could not load the interview" />
        <p className="text-sm text-slate-600">{describeError(error)}</p>
        <Button type="button" variant="outline" onClick={() => void interview.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Report key={interview.data.id} interview={interview.data} />;
}

function Report({ interview }: { interview: InterviewDetail }) {
  const isCompleted = interview.status === 'completed';
  const review = useReview(interview.id, { enabled: isCompleted });
  const player = useRecordingPlayerState(interview.id, { enabled: isCompleted });
  const feedback = interview.feedback;
  const title = `Interview with ${interview.candidateName}`;

  useDocumentTitle(`${title} — Hireloop`);

  return (
    <RecordingPlayerContext value={player}>
      <div className="space-y-6">
        <ReportHeader title={title} jobId={interview.jobId} />
        <DataDeletedBanner deletedAt={interview.dataDeletedAt} />
        <CandidateDetails candidateName={interview.candidateName} email={interview.email} status={interview.status} source={interview.source} startProblem={interview.startProblem} />
        <ConsentCard interviewId={interview.id} jobId={interview.jobId} status={interview.status} />
        {isCompleted ? (
          <>
            <FeedbackCard feedback={feedback} review={review.data} />
            <RecordingCard />
          </>
        ) : (
          <StatusCard />
        )}
        <TranscriptPanel entries={interview.transcript?.transcript ?? null} raw={interview.rawTranscript} />
        {isCompleted ? (
          <>
            <BiasCard questionFlags={review.data?.questionFlags} isLoadingQuestions={review.isPending} evaluationFlags={feedback?.biasFlags ?? []} />
            {/* Once the candidate's data is deleted, no new review (free text about the person) can be written. */}
            {interview.dataDeletedAt ? null : (
              <ReviewCard
                interviewId={interview.id}
                jobId={interview.jobId}
                review={review.data}
                isLoading={review.isPending}
                onRetry={() => void review.refetch()}
              />
            )}
          </>
        ) : null}
        <InterviewDataCard interview={interview} />
      </div>
    </RecordingPlayerContext>
  );
}
