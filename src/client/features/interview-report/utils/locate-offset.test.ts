import { describe, expect, it } from 'vitest';
import { locateOffset, segmentStartMs } from './locate-offset';

describe('locateOffset', () => {
  it('stays in the only segment', () => {
    expect(locateOffset(83_000, [], 1)).toEqual({ segment: 0, ms: 83_000 });
    expect(locateOffset(-5, [], 1)).toEqual({ segment: 0, ms: 0 });
  });

  it('walks through segments whose durations are known', () => {
    expect(locateOffset(70_000, [60_000, 30_000, 30_000], 3)).toEqual({ segment: 1, ms: 10_000 });
    expect(locateOffset(60_000, [60_000, 30_000], 2)).toEqual({ segment: 1, ms: 0 });
    expect(locateOffset(100_000, [60_000, 30_000, 30_000], 3)).toEqual({ segment: 2, ms: 10_000 });
  });

  it('seeks within the first segment with an unknown duration', () => {
    expect(locateOffset(70_000, [undefined, 30_000], 2)).toEqual({ segment: 0, ms: 70_000 });
    expect(locateOffset(70_000, [Number.POSITIVE_INFINITY, 30_000], 2)).toEqual({ segment: 0, ms: 70_000 });
    expect(locateOffset(100_000, [60_000], 3)).toEqual({ segment: 1, ms: 40_000 });
  });

  it('keeps a time past the end in the last segment', () => {
    expect(locateOffset(500_000, [60_000, 30_000], 2)).toEqual({ segment: 1, ms: 440_000 });
  });
});

describe('segmentStartMs', () => {
  it('adds the durations before the segment', () => {
    expect(segmentStartMs(0, [])).toBe(0);
    expect(segmentStartMs(2, [60_000, 30_000])).toBe(90_000);
  });

  it('is unknown while an earlier duration is unknown', () => {
    expect(segmentStartMs(2, [60_000, undefined])).toBeNull();
    expect(segmentStartMs(1, [Number.POSITIVE_INFINITY])).toBeNull();
  });
});
