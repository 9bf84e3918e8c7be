import { useQuery } from '@tanstack/react-query';
import { interviewTranscripts } from '@/contracts/report';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/interview/{id}/transcripts: the browser's live transcript, the server's when there is one, and which was scored. */
export function transcriptsQuery(interviewId: number) {
  return jsonQuery(`/api/interview/${interviewId}/transcripts`, interviewTranscripts);
}

export function useTranscripts(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...transcriptsQuery(interviewId), enabled: options.enabled });
}
