// Test helpers: a mock language model answering with scripted JSON text, as a provider would.
import { MockLanguageModelV3 } from 'ai/test';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
/** An answer: an object (sent as its JSON text), raw text (sent as is), or an error to throw. */
export type ScriptedAnswer = object | string | Error;

export function textResult(text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 20, text: 20, reasoning: undefined },
    },
    warnings: [],
  };
}

/** A model that gives the scripted answers in order, repeating the last one. */
export function scriptedModel(...answers: ScriptedAnswer[]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-model',
    doGenerate: async () => {
      const answer = answers[Math.min(call, answers.length - 1)];
      call += 1;
      if (answer instanceof Error) throw answer;
      return textResult(typeof answer === 'string' ? answer : JSON.stringify(answer));
    },
  });
}

/** The user prompt text of one recorded call. */
export function promptOf(options: CallOptions | undefined): string {
  const user = options?.prompt.filter((m) => m.role === 'user') ?? [];
  return user
    .flatMap((m) => m.content)
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');
}

/** The system prompt text of one recorded call. */
export function systemOf(options: CallOptions | undefined): string {
  return (options?.prompt ?? []).map((m) => (m.role === 'system' ? m.content : '')).join('\n');
}

export const fastSettings = { timeoutMs: 1_000, retryDelayCapMs: 0 } as const;
