import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isTakeable } from '../utils/link-availability';
import { candidateInterviewQuery } from './get-candidate-interview';
import { candidateJobQuery } from './get-candidate-job';
import { noticeQuery } from './notice';

/** The room's reads, the interview and then its job and notice, into the cache the room reads from. */
async function prefetchCandidateRoom(queryClient: QueryClient, interviewId: number, token: string): Promise<void> {
  try {
    const interview = await queryClient.fetchQuery(candidateInterviewQuery(interviewId, token));
    // A submitted interview, an expired link or a closed job: the room says so and never asks for the job.
    // The job and the notice the ready page shows (decision 025), side by side.
    if (isTakeable(interview)) await Promise.all([queryClient.prefetchQuery(candidateJobQuery(interview.jobId, token)), queryClient.prefetchQuery(noticeQuery(interviewId, token))]);
  } catch {
    // The room shows the failure itself (and asks again when it mounts).
  }
}

/**
 * Called by the router (in the entry, outside the room's lazy chunk): the reads start while the
 * room's code downloads instead of one after the other once it has arrived, so the ready view
 * comes one or two round trips sooner. Like react-query's usePrefetchQuery, only if never asked.
 */
export function usePrefetchCandidateRoom(link: { interviewId: number; token: string } | null): void {
  const queryClient = useQueryClient();
  if (link && !queryClient.getQueryState(candidateInterviewQuery(link.interviewId, link.token).queryKey)) {
    void prefetchCandidateRoom(queryClient, link.interviewId, link.token);
  }
}
