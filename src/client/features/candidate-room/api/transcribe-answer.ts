import type { AnswerTranscriptionResult } from '@/contracts/candidate-room';
import { throwIfResNotOk } from '@/client/lib/api';
import { candidateJson, CANDIDATE_TOKEN_HEADER } from './candidate-request';

/**
 * POST /api/interview/{id}/answer-transcription: one answer's audio as the raw body, with the
 * recorder's own content type; its words ('' when it had no speech). 404 when the server has no
 * speech-to-text provider, 502 when the provider failed.
 */
export async function transcribeAnswer(interviewId: number, token: string, audio: Blob, signal?: AbortSignal): Promise<string> {
  const res = await fetch(`/api/interview/${interviewId}/answer-transcription`, {
    method: 'POST',
    headers: { [CANDIDATE_TOKEN_HEADER]: token, 'Content-Type': audio.type || 'audio/webm' },
    body: audio,
    credentials: 'include',
    signal: signal ?? null,
  });
  await throwIfResNotOk(res);
  const { text } = await candidateJson<AnswerTranscriptionResult>(res);
  return typeof text === 'string' ? text.trim() : '';
}
