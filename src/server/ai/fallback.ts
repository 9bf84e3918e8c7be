import type { AiEngine } from './engine';
import { LlmTaskError } from './llm/call';

export interface FallbackLog {
  warn(obj: object, msg: string): void;
}

/**
 * Every call goes to the primary engine; when it fails for any reason the fallback answers, so an
 * outage of a model provider never stops an interview. Reports say which engine wrote them.
 */
export function withFallback(primary: AiEngine, fallback: AiEngine, log?: FallbackLog): AiEngine {
  async function attempt<T>(task: string, run: (engine: AiEngine) => Promise<T>): Promise<{ value: T; reason?: string }> {
    try {
      return { value: await run(primary) };
    } catch (error) {
      const reason = failureReason(error);
      // Never the raw error: a provider's error carries the request body, and with it a candidate's
      // words. An LlmTaskError's message is written to be safe to log.
      const detail = error instanceof LlmTaskError ? error.message : undefined;
      log?.warn({ engine: primary.name, model: primary.model, task, reason, detail, fallback: fallback.name }, 'AI engine failed; using the fallback engine');
      return { value: await run(fallback), reason };
    }
  }

  return {
    name: primary.name,
    model: primary.model,
    planInterview: async (job) => (await attempt('planInterview', (e) => e.planInterview(job))).value,
    screeningQuestions: async (input) => (await attempt('screeningQuestions', (e) => e.screeningQuestions(input))).value,
    rewordQuestion: async (input) => (await attempt('rewordQuestion', (e) => e.rewordQuestion(input))).value,
    decideFollowUp: async (input) => (await attempt('decideFollowUp', (e) => e.decideFollowUp(input))).value,
    evaluate: async (input) => {
      const { value, reason } = await attempt('evaluate', (e) => e.evaluate(input));
      return reason === undefined ? value : { ...value, fallbackReason: `${primary.name}: ${reason}` };
    },
    checkQuestions: async (questions) => (await attempt('checkQuestions', (e) => e.checkQuestions(questions))).value,
    checkText: async (text) => (await attempt('checkText', (e) => e.checkText(text))).value,
  };
}

function failureReason(error: unknown): string {
  if (error instanceof LlmTaskError) return error.reason;
  if (error instanceof Error) return error.name === 'Error' ? 'error' : error.name;
  return 'unknown';
}
