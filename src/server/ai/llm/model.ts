import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AppConfig } from '../../config';

/** A model object (never a bare id string, which the SDK would resolve through its gateway). */
export type ChatLanguageModel = Exclude<LanguageModel, string>;

export const DEFAULT_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
} as const;

/** The language model the configuration names; `fetchImpl` lets tests and proxies see the HTTP calls. */
export function createLanguageModel(ai: AppConfig['ai'], fetchImpl?: typeof fetch): ChatLanguageModel {
  switch (ai.provider) {
    case 'openai':
      // The chat-completions endpoint, not the Responses API: it is the wire format every
      // OpenAI-compatible proxy and gateway also speaks.
      return createOpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch: fetchImpl }).chat(ai.model ?? DEFAULT_MODELS.openai);
    case 'anthropic':
      return createAnthropic({ apiKey: ai.apiKey, baseURL: ai.baseUrl, fetch: fetchImpl })(ai.model ?? DEFAULT_MODELS.anthropic);
    case 'openai-compatible': {
      if (!ai.model) {
        throw new Error('AI_MODEL is required when AI_PROVIDER=openai-compatible: set it to a model your server serves (e.g. llama3.1:8b)');
      }
      if (!ai.baseUrl) {
        throw new Error('AI_BASE_URL is required when AI_PROVIDER=openai-compatible (e.g. http://localhost:11434/v1)');
      }
      // Ollama, vLLM, llama.cpp and LM Studio accept response_format json_schema; without this flag
      // the SDK would send json_object and the model would never see the schema.
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: ai.baseUrl,
        apiKey: ai.apiKey,
        fetch: fetchImpl,
        supportsStructuredOutputs: true,
      });
      return provider.chatModel(ai.model);
    }
    case 'builtin':
      throw new Error('AI_PROVIDER=builtin uses the built-in engine, which needs no language model');
  }
}

export function modelId(model: LanguageModel): string {
  return typeof model === 'string' ? model : model.modelId;
}
