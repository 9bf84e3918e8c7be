import { describe, expect, it, vi } from 'vitest';
import type { BiasFlag } from '../../../contracts/ai';
import { createLlmEngine } from './index';
import { fastSettings, scriptedModel } from './testing';

const flag: BiasFlag = { text: 'young', category: 'age', reason: 'Age is not job-relevant.' };

function biasChecker() {
  return {
    checkQuestions: vi.fn(async (_questions: string[]): Promise<BiasFlag[]> => [{ ...flag, index: 0 }]),
    checkText: vi.fn(async (_text: string): Promise<BiasFlag[]> => [flag]),
  };
}

describe('createLlmEngine', () => {
  it('is named after the provider and the model', () => {
    const engine = createLlmEngine({ ai: { provider: 'openai', apiKey: 'k', model: 'gpt-4.1-mini' }, biasChecker: biasChecker() });
    expect(engine.name).toBe('openai');
    expect(engine.model).toBe('gpt-4.1-mini');
  });

  it('leaves bias checks to the checker it is given, including on what the model wrote', async () => {
    const checker = biasChecker();
    const model = scriptedModel({
      criteria: [{ name: 'Skills', score: 70, feedback: 'A young and energetic candidate.', evidence: [] }],
      summary: 'Solid.',
    });
    const engine = createLlmEngine({ ai: { provider: 'anthropic', apiKey: 'k' }, biasChecker: checker, model, ...fastSettings });
    expect(engine.model).toBe('mock-model');

    await expect(engine.checkQuestions(['Are you young?'])).resolves.toEqual([{ ...flag, index: 0 }]);
    expect(checker.checkQuestions).toHaveBeenCalledWith(['Are you young?']);

    const result = await engine.evaluate({
      questions: ['Q'],
      rubric: [{ name: 'Skills', description: 'd', weight: 100 }],
      transcript: [{ speaker: 'Candidate', text: 'I build things. Honestly, if it is a small fix I just push it without a review.', startMs: 9_000 }],
    });
    expect(result.engine).toBe('anthropic');
    expect(result.overall).toBe(70);
    expect(result.biasFlags).toEqual([flag]);
    // Red flags are read from the candidate's words whatever the model noticed.
    expect(result.worthChecking).toEqual([{ kind: 'rule_breaking', quote: 'Honestly, if it is a small fix I just push it without a review.', atMs: 9_000 }]);
    expect(checker.checkText).toHaveBeenCalledWith(expect.stringContaining('A young and energetic candidate.'));
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
