import { describe, expect, it } from 'vitest';
import { engineCaveat, engineLabel, fallbackNote } from './evaluation-labels';

describe('engineLabel and fallbackNote', () => {
  it('names the engine and model', () => {
    expect(engineLabel({ engine: 'builtin' })).toBe('Evaluated by the built-in engine');
    expect(engineLabel({ engine: 'openai', model: 'gpt-4o-mini' })).toBe('Evaluated by openai (gpt-4o-mini)');
    expect(engineLabel({ engine: 'anthropic' })).toBe('Evaluated by anthropic');
    expect(engineLabel({})).toBeNull();
  });

  it('explains a fallback', () => {
    expect(fallbackNote({ fallbackReason: 'openai: timeout' })).toBe('The built-in engine stood in because openai failed (timeout).');
    expect(fallbackNote({ fallbackReason: 'openai: rate_limited' })).toBe('The built-in engine stood in because openai failed (rate limited).');
    expect(fallbackNote({ fallbackReason: 'timeout' })).toBe('The built-in engine stood in because the configured model failed (timeout).');
    expect(fallbackNote({})).toBeNull();
  });

  it('tells what the built-in engine cannot judge, and says nothing of a model', () => {
    expect(engineCaveat({ engine: 'builtin' })).toMatch(/^The built-in engine judges how answers are told .*, not whether the practice described is right\. Check the evidence before relying on a score\.$/);
    expect(engineCaveat({ engine: 'openai' })).toBeNull();
    expect(engineCaveat({})).toBeNull();
  });
});
