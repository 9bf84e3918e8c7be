import type { CandidateInterview } from '@/contracts/interviews';
import type { CandidateJob } from '@/contracts/jobs';
import { useInterviewFlow } from '../hooks/use-interview-flow';
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
      return <ErrorView message={flow.error?.message ?? 'Something went wrong.'} onRetry={flow.retry} />;
  }
}
