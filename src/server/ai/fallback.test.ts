import { describe, expect, it, vi } from 'vitest';
import type { Evaluation } from '../../contracts/ai';
import type { AiEngine } from './engine';
import { withFallback } from './fallback';
import { LlmTaskError } from './llm/call';

const evaluation: Evaluation = {
  summary: 'Stand-in evaluation.',
  overall: 50,
  criteria: [],
  insufficientEvidence: false,
  engine: 'builtin',
  promptVersion: 'builtin/v1',
  biasFlags: [],
};

function engine(name: string, overrides: Partial<AiEngine> = {}): AiEngine {
  return {
    name,
    model: `${name}-model`,
    planInterview: async () => ({ questions: [`${name} question`], rubric: [] }),
    screeningQuestions: async () => [`${name} screening`],
    rewordQuestion: async ({ nextQuestion }) => `${name}: ${nextQuestion}`,
    decideFollowUp: async () => ({ followUp: null, reason: name }),
    evaluate: async () => ({ ...evaluation, engine: name }),
    checkQuestions: async () => [],
    checkText: async () => [],
    ...overrides,
  };
}

const failing = (error: Error) => async () => {
  throw error;
};

describe('withFallback', () => {
  it("uses the primary's answers and name while it works", async () => {
    const log = { warn: vi.fn() };
    const ai = withFallback(engine('openai'), engine('builtin'), log);
    expect(ai.name).toBe('openai');
    expect(ai.model).toBe('openai-model');
    await expect(ai.rewordQuestion({ previousResponse: 'a', nextQuestion: 'Q?' })).resolves.toBe('openai: Q?');
    const result = await ai.evaluate({ questions: [], rubric: [], transcript: [] });
    expect(result.engine).toBe('openai');
    expect(result.fallbackReason).toBeUndefined();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('falls back on any error for every method, and says why in the evaluation', async () => {
    const timeout = new LlmTaskError('evaluation', 'timeout', 'no answer within 30000 ms', 1);
    const broken = engine('openai', {
      planInterview: failing(new LlmTaskError('interview_plan', 'rate_limited', 'HTTP 429', 3)),
      screeningQuestions: failing(new Error('boom')),
      rewordQuestion: failing(new TypeError('bug')),
      decideFollowUp: failing(new LlmTaskError('follow_up_decision', 'server_error', 'HTTP 500', 3)),
      evaluate: failing(timeout),
      checkQuestions: failing(new Error('x')),
      checkText: failing(new Error('x')),
    });
    const log = { warn: vi.fn() };
    const ai = withFallback(broken, engine('builtin'), log);

    await expect(ai.planInterview({ title: 't', description: 'd' })).resolves.toEqual({ questions: ['builtin question'], rubric: [] });
    await expect(ai.screeningQuestions({})).resolves.toEqual(['builtin screening']);
    await expect(ai.rewordQuestion({ previousResponse: 'a', nextQuestion: 'Q?' })).resolves.toBe('builtin: Q?');
    await expect(ai.decideFollowUp({ question: 'q', answer: 'a' })).resolves.toEqual({ followUp: null, reason: 'builtin' });
    await expect(ai.checkQuestions(['q'])).resolves.toEqual([]);
    await expect(ai.checkText('t')).resolves.toEqual([]);

    const result = await ai.evaluate({ questions: [], rubric: [], transcript: [] });
    expect(result).toMatchObject({ engine: 'builtin', fallbackReason: 'openai: timeout' });

    expect(log.warn).toHaveBeenCalledTimes(7);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ engine: 'openai', task: 'planInterview', reason: 'rate_limited' }), expect.any(String));
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ task: 'rewordQuestion', reason: 'TypeError' }), expect.any(String));
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'evaluate', reason: 'timeout', detail: 'evaluation: timeout (no answer within 30000 ms)' }),
      expect.any(String),
    );
    // Other errors' messages are not logged: they may quote the request.
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ task: 'screeningQuestions', reason: 'error', detail: undefined }), expect.any(String));
  });

  it('passes on the error when the fallback fails too', async () => {
    const ai = withFallback(engine('openai', { evaluate: failing(new Error('a')) }), engine('builtin', { evaluate: failing(new Error('fallback down')) }));
    await expect(ai.evaluate({ questions: [], rubric: [], transcript: [] })).rejects.toThrow('fallback down');
  });
});
