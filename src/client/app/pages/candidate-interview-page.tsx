import { useParams, useSearch } from 'wouter';
import { CandidateInterview } from '@/client/features/candidate-room/components/candidate-interview';
import { NotFoundView } from '@/client/features/candidate-room/components/not-found-view';
import { parseCandidateLink } from '../candidate-link';

/** The candidate's interview link: /interview/{id}?token=… or /candidate/{id}?token=…. Without a valid id and token the link does not work. */
export function CandidateInterviewPage() {
  const { id } = useParams<{ id: string }>();
  const link = parseCandidateLink(id, useSearch());
  if (!link) return <NotFoundView />;
  return <CandidateInterview key={`${link.interviewId}:${link.token}`} interviewId={link.interviewId} token={link.token} />;
}
