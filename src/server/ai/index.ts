import type { AppConfig } from '../config';
import { createBuiltinEngine } from './builtin';
import type { AiEngine } from './engine';
import { withFallback, type FallbackLog } from './fallback';
import { createLlmEngine } from './llm';

export type { AiEngine } from './engine';

/** The engine the configuration asks for; a model provider always falls back to the built-in engine. */
export function createAiEngine(config: AppConfig, log?: FallbackLog): AiEngine {
  const builtin = createBuiltinEngine();
  if (config.ai.provider === 'builtin') return builtin;
  return withFallback(createLlmEngine({ ai: config.ai, biasChecker: builtin }), builtin, log);
}
