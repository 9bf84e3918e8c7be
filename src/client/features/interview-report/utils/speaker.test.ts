import { describe, expect, it } from 'vitest';
import { isCandidateSpeaker } from './speaker';

describe('isCandidateSpeaker', () => {
  it('is true for everyone but the AI', () => {
    expect(isCandidateSpeaker('Candidate')).toBe(true);
    expect(isCandidateSpeaker('Jane Doe')).toBe(true);
    expect(isCandidateSpeaker('user')).toBe(true);
    expect(isCandidateSpeaker('AI')).toBe(false);
    expect(isCandidateSpeaker(' ai interviewer ')).toBe(false);
    expect(isCandidateSpeaker('assistant')).toBe(false);
  });
});
