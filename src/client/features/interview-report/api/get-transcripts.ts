import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InterviewTranscripts } from '@/contracts/report';

/** GET /api/interview/{id}/transcripts: the browser's live transcript, the server's when there is one, and which was scored. */
export function transcriptsQuery(interviewId: number) {
  return queryOptions<InterviewTranscripts>({ queryKey: [`/api/interview/${interviewId}/transcripts`] });
}

export function useTranscripts(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...transcriptsQuery(interviewId), enabled: options.enabled });
}
