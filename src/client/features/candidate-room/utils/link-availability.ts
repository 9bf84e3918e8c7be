import type { CandidateInterview } from '@/contracts/interviews';
import { isInterviewOpen } from '@/contracts/statuses';

/** Whether the link can still take the candidate into the interview: not submitted, and (decision 030) not expired or closed before it started. */
export const isTakeable = (interview: Pick<CandidateInterview, 'status' | 'availability'>) => isInterviewOpen(interview.status) && interview.availability === 'open';
