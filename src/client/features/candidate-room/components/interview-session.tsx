import type { CandidateInterview } from '@/contracts/interviews';
import type { CandidateJob } from '@/contracts/jobs';
import { useNotice } from '../api/notice';
import { useInterviewFlow } from '../hooks/use-interview-flow';
import { AlternativeRequestSection } from './alternative-request-section';
import { CompletedView } from './completed-view';
import { ErrorView } from './error-view';
import { InProgressView } from './in-progress-view';
import { ReadyView } from './ready-view';
import { SubmittingView } from './submitting-view';

interface InterviewSessionProps {
  interviewId: number;
  token: string;
  interview: CandidateInterview;
  job: CandidateJob;
}

function StartFailedHelp({ interviewId, token }: { interviewId: number; token: string }) {
  const notice = useNotice(interviewId, token);
  return (
    <div className="w-full space-y-3 border-t border-slate-200 pt-4 text-left">
      <p className="text-sm text-slate-700">
        If it does not work, open the link in a current Chrome, Edge, Firefox or Safari, or ask for an alternative.
      </p>
      <AlternativeRequestSection interviewId={interviewId} token={token} requests={notice.data?.alternativeRequests} />
    </div>
  );
}

/** One candidate's interview, once the link and its job have loaded: the flow's current view. */
export function InterviewSession({ interviewId, token, interview, job }: InterviewSessionProps) {
  const flow = useInterviewFlow({ interviewId, token, interview, job });
  switch (flow.view) {
    case 'ready':
      return (
        <ReadyView
          interviewId={interviewId}
          token={token}
          candidateName={interview.candidateName}
          jobTitle={job.title}
          questionCount={job.questions.length}
          video={flow.video}
          isResuming={interview.status === 'in_progress'}
          linkExpiresAt={interview.linkExpiresAt}
          recorder={flow.recorder}
          answerTranscription={interview.answerTranscription}
          preferTyping={flow.preferTyping}
          onPreferTypingChange={flow.setPreferTyping}
          onStart={flow.start}
        />
      );
    case 'starting':
    case 'in_progress':
      return <InProgressView flow={flow} candidateName={interview.candidateName} jobTitle={job.title} />;
    case 'submitting':
      return <SubmittingView progress={flow.recorder.progress} />;
    case 'completed':
      return <CompletedView alreadySubmitted={flow.alreadySubmitted} link={{ interviewId, token }} />;
    case 'error':
      return (
        <ErrorView message={flow.error?.message ?? 'Something went wrong.'} onRetry={flow.retry}>
          {/* The room could not start in this browser (issue 30): Try Again may not help, a person can. */}
          {flow.error?.kind === 'unsupported' || flow.error?.kind === 'media' ? <StartFailedHelp interviewId={interviewId} token={token} /> : null}
        </ErrorView>
      );
  }
}
