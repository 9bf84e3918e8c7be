import { useQuery } from '@tanstack/react-query';
import { recordingStatus } from '@/contracts/report';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/interview/{id}/recording/status: whether there is a recording, and its segments' URLs. */
export function recordingStatusQuery(interviewId: number) {
  return jsonQuery(`/api/interview/${interviewId}/recording/status`, recordingStatus);
}

/** Asked only for a completed interview; never refetched on window focus. */
export function useRecordingStatus(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...recordingStatusQuery(interviewId), enabled: options.enabled, refetchOnWindowFocus: false });
}
