import type { z } from 'zod';
import type { contextualOutput } from '@/contracts/ai';
import { candidateJson, candidateRequest } from './candidate-request';

type ContextualOutput = z.infer<typeof contextualOutput>;

/** POST /api/tts: the spoken question as audio (404 when the server has no speech provider). */
export async function fetchSpeech(token: string, text: string, signal?: AbortSignal): Promise<Blob> {
  const res = await candidateRequest(token, 'POST', '/api/tts', { text }, { signal });
  return res.blob();
}

/** POST /api/tts/contextual: the next question bridged from the previous answer. */
export async function rewordQuestion(token: string, previousResponse: string, nextQuestion: string, signal?: AbortSignal): Promise<string> {
  const res = await candidateRequest(token, 'POST', '/api/tts/contextual', { previousResponse: previousResponse.slice(-20_000), nextQuestion }, { signal });
  const { response } = await candidateJson<ContextualOutput>(res);
  // The caller falls back to the plain question on this error.
  if (typeof response !== 'string' || !response.trim()) throw new Error('Failed to generate contextual response');
  return response;
}
