import type { TranscriptEntry } from '@/contracts/ai';
import { candidateRequest } from './candidate-request';

/** PUT /api/interview/{id}/transcript (204): the whole transcript so far, so a later save repairs a failed one. */
export async function saveTranscript(interviewId: number, token: string, transcript: TranscriptEntry[]): Promise<void> {
  await candidateRequest(token, 'PUT', `/api/interview/${interviewId}/transcript`, { transcript });
}
