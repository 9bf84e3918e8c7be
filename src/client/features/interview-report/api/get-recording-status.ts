import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordingStatus } from '@/contracts/report';

/** GET /api/interview/{id}/recording/status: whether there is a recording, and its segments' URLs. */
export function recordingStatusQuery(interviewId: number) {
  return queryOptions<RecordingStatus>({ queryKey: [`/api/interview/${interviewId}/recording/status`] });
}

/** Asked only for a completed interview; never refetched on window focus. */
export function useRecordingStatus(interviewId: number, options: { enabled: boolean }) {
  return useQuery({ ...recordingStatusQuery(interviewId), enabled: options.enabled, refetchOnWindowFocus: false });
}
