import { isNotFound, isRefused, isSignedOut } from '@/client/lib/error-messages';
import { useCandidateInterview } from '../api/get-candidate-interview';
import { useCandidateJob } from '../api/get-candidate-job';
import { useNotice } from '../api/notice';
import { isInterviewOpen } from '@/contracts/statuses';
import { isTakeable } from '../utils/link-availability';
import { CompletedView } from './completed-view';
import { ErrorView } from './error-view';
import { InterviewSession } from './interview-session';
import { LinkUnavailableView } from './link-unavailable-view';
import { LoadingView } from './loading-view';
import { NotFoundView } from './not-found-view';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

const LOAD_FAILED = 'We could not load your interview. Please check your connection and try again.';

/** No such interview or job, or a token that names nothing: the link does not work. Anything else may pass. */
const isLinkProblem = (error: unknown) => isNotFound(error) || isSignedOut(error) || isRefused(error);

interface CandidateInterviewProps {
  interviewId: number;
  /** The capability token from the link's `?token=`. */
  token: string;
}

/** The candidate's interview screen: loads the interview, then its job, then runs the interview. */
export function CandidateInterview({ interviewId, token }: CandidateInterviewProps) {
  const interviewQuery = useCandidateInterview(interviewId, token);
  const interviewData = interviewQuery.data;
  // The job is fetched once the interview named it, and only if the interview can still be taken (decision 030: not through an expired link or for a closed job).
  const canTake = Boolean(interviewData && isTakeable(interviewData));
  const jobQuery = useCandidateJob(canTake ? interviewData?.jobId : undefined, token);
  // The notice the candidate agrees to before starting (decision 025): the ready view waits for it like for the job.
  const noticeQuery = useNotice(interviewId, token, { enabled: canTake });

  useDocumentTitle('Your AI Interview — Hireloop');

  if (interviewQuery.isPending) return <LoadingView />;
  if (interviewQuery.isError) {
    if (isLinkProblem(interviewQuery.error)) return <NotFoundView />;
    return <ErrorView message={LOAD_FAILED} onRetry={() => void interviewQuery.refetch()} isRetrying={interviewQuery.isFetching} />;
  }
  const interview = interviewQuery.data;
  if (!isInterviewOpen(interview.status)) return <CompletedView alreadySubmitted link={{ interviewId, token }} />;
  if (interview.availability !== 'open' && interview.contact) {
    const { availability, linkExpiresAt, contact } = interview;
    return <LinkUnavailableView availability={availability} linkExpiresAt={linkExpiresAt} contact={contact} link={{ interviewId, token }} />;
  }

  if (jobQuery.isPending) return <LoadingView />;
  if (jobQuery.isError) {
    if (isLinkProblem(jobQuery.error)) return <NotFoundView />;
    return <ErrorView message={LOAD_FAILED} onRetry={() => void jobQuery.refetch()} isRetrying={jobQuery.isFetching} />;
  }
  if (noticeQuery.isPending) return <LoadingView />;
  if (noticeQuery.isError) {
    if (isLinkProblem(noticeQuery.error)) return <NotFoundView />;
    return <ErrorView message={LOAD_FAILED} onRetry={() => void noticeQuery.refetch()} isRetrying={noticeQuery.isFetching} />;
  }
  return <InterviewSession interviewId={interviewId} token={token} interview={interview} job={jobQuery.data} />;
}
