import { useParams, useSearch } from 'wouter';
import { CandidateInterview } from '@/client/features/candidate-room/components/candidate-interview';
import { NotFoundView } from '@/client/features/candidate-room/components/not-found-view';

/** The candidate's interview link: /interview/{id}?token=… or /candidate/{id}?token=…. Without a valid id and token the link does not work. */
export function CandidateInterviewPage() {
  const { id } = useParams<{ id: string }>();
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const interviewId = /^\d+$/.test(id) ? Number(id) : NaN;
  if (!token || !Number.isSafeInteger(interviewId) || interviewId <= 0) return <NotFoundView />;
  return <CandidateInterview key={`${interviewId}:${token}`} interviewId={interviewId} token={token} />;
}
