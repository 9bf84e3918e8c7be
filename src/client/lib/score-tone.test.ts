import { describe, expect, it } from 'vitest';
import { barWidth, formatScore, scoreTone } from './score-tone';

describe('scoreTone', () => {
  it('is high from 80, medium from 60, low below', () => {
    expect(scoreTone(100)).toBe('high');
    expect(scoreTone(80)).toBe('high');
    expect(scoreTone(79.9)).toBe('medium');
    expect(scoreTone(60)).toBe('medium');
    expect(scoreTone(59.5)).toBe('low');
    expect(scoreTone(0)).toBe('low');
  });
});

describe('formatScore and barWidth', () => {
  it('rounds for display and clamps the bar', () => {
    expect(formatScore(72.6)).toBe('73');
    expect(barWidth(42)).toBe('42%');
    expect(barWidth(140)).toBe('100%');
    expect(barWidth(-3)).toBe('0%');
  });
});
