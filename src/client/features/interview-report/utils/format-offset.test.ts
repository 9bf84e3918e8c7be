import { describe, expect, it } from 'vitest';
import { formatOffset } from './format-offset';

describe('formatOffset', () => {
  it('formats minutes and seconds', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(999)).toBe('0:00');
    expect(formatOffset(5_000)).toBe('0:05');
    expect(formatOffset(83_000)).toBe('1:23');
    expect(formatOffset(83_999)).toBe('1:23');
    expect(formatOffset(600_000)).toBe('10:00');
  });

  it('adds hours from one hour on', () => {
    expect(formatOffset(3_723_000)).toBe('1:02:03');
  });

  it('treats negative and non-finite values as the start', () => {
    expect(formatOffset(-10)).toBe('0:00');
    expect(formatOffset(Number.NaN)).toBe('0:00');
    expect(formatOffset(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
