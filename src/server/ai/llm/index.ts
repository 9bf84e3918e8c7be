import type { LanguageModel } from 'ai';
import type { AppConfig } from '../../config';
import type { AiEngine } from '../engine';
import type { LlmCallSettings } from './call';
import { evaluateSampled } from './evaluate';
import { findWorthChecking } from '../worth-checking';
import { decideFollowUp } from './follow-up';
import { createLanguageModel, modelId } from './model';
import { planInterview } from './plan-interview';
import { rewordQuestion } from './reword-question';
import { screeningQuestions } from './screening-questions';

export { LlmTaskError, type LlmFailureReason } from './call';
export { createLanguageModel } from './model';

export interface LlmEngineOptions {
  ai: AppConfig['ai'];
  /** Bias checks stay deterministic and auditable: the built-in engine does them. */
  biasChecker: Pick<AiEngine, 'checkQuestions' | 'checkText'>;
  fetch?: typeof fetch;
  /** Replaces the model the configuration names (tests). */
  model?: LanguageModel;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Longest wait between retries; default 10 s. */
  retryDelayCapMs?: number;
}

/** The AI engine backed by a large language model; wrap it with withFallback for production. */
export function createLlmEngine(options: LlmEngineOptions): AiEngine {
  const model = options.model ?? createLanguageModel(options.ai, options.fetch);
  const settings: LlmCallSettings = { model, timeoutMs: options.timeoutMs, retryDelayCapMs: options.retryDelayCapMs };
  const name = options.ai.provider;
  const id = modelId(model);
  const { biasChecker } = options;

  return {
    name,
    model: id,
    planInterview: (job) => planInterview(settings, job),
    screeningQuestions: (input) => screeningQuestions(settings, input),
    rewordQuestion: (input) => rewordQuestion(settings, input),
    decideFollowUp: (input) => decideFollowUp(settings, input),
    evaluate: async (input) => {
      const result = await evaluateSampled(settings, input, { engine: name, model: id }, options.ai.samples ?? 1);
      // What the model wrote about the candidate is checked like any other text.
      const written = [result.summary, ...result.criteria.map((c) => c.feedback)].join('\n');
      // The red flags are read from the candidate's words by the same rules as the built-in engine's.
      return { ...result, biasFlags: await biasChecker.checkText(written), worthChecking: findWorthChecking(input.transcript) };
    },
    checkQuestions: (questions) => biasChecker.checkQuestions(questions),
    checkText: (text) => biasChecker.checkText(text),
  };
}
