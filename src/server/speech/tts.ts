import { createOpenAI } from '@ai-sdk/openai';
import { experimental_generateSpeech as generateSpeech } from 'ai';
import type { AppConfig } from '../config';

export interface SpeechAudio {
  audio: Uint8Array;
  mediaType: string;
}

export interface TextToSpeech {
  readonly provider: string;
  synthesize(text: string): Promise<SpeechAudio>;
}

/**
 * The configured speech provider, or null: then /api/tts answers 503 and the browser speaks with
 * its own voice, as the spec's fallback says.
 */
export function createTextToSpeech(config: AppConfig, fetchImpl?: typeof fetch): TextToSpeech | null {
  if (config.tts.provider !== 'openai') return null;
  const openai = createOpenAI({ apiKey: config.ai.apiKey, baseURL: config.ai.baseUrl, fetch: fetchImpl });
  const model = openai.speech('tts-1');
  return {
    provider: 'openai',
    async synthesize(text) {
      const result = await generateSpeech({ model, text, voice: 'alloy', outputFormat: 'mp3', abortSignal: AbortSignal.timeout(30_000), maxRetries: 1 });
      return { audio: result.audio.uint8Array, mediaType: result.audio.mediaType || 'audio/mpeg' };
    },
  };
}
