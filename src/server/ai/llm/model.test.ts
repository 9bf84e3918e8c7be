import { describe, expect, it } from 'vitest';
import { createLanguageModel } from './model';

describe('createLanguageModel', () => {
  it('uses the OpenAI chat-completions model, with a default model name', () => {
    const model = createLanguageModel({ provider: 'openai', apiKey: 'k' });
    expect(model.provider).toBe('openai.chat');
    expect(model.modelId).toBe('gpt-4o-mini');
    expect(createLanguageModel({ provider: 'openai', apiKey: 'k', model: 'gpt-4.1' }).modelId).toBe('gpt-4.1');
  });

  it('uses Anthropic with a default model name', () => {
    const model = createLanguageModel({ provider: 'anthropic', apiKey: 'k' });
    expect(model.provider).toMatch(/^anthropic/);
    expect(model.modelId).toBe('claude-3-5-haiku-latest');
  });

  it('uses an OpenAI-compatible server, which needs a model name and a base URL', () => {
    const model = createLanguageModel({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });
    expect(model.provider).toBe('openai-compatible.chat');
    expect(model.modelId).toBe('llama3.1');
    expect(() => createLanguageModel({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' })).toThrow(/AI_MODEL is required/);
    expect(() => createLanguageModel({ provider: 'openai-compatible', model: 'llama3.1' })).toThrow(/AI_BASE_URL is required/);
  });

  it('has no model for the built-in engine', () => {
    expect(() => createLanguageModel({ provider: 'builtin' })).toThrow(/built-in/);
  });
});
