import { describe, expect, it } from 'vitest';
import { activeRowIndex } from './active-row';

describe('activeRowIndex', () => {
  const rows = [{ startMs: 0, endMs: 4_000 }, { startMs: 5_000 }, {}, { startMs: 12_000, endMs: 15_000 }];

  it('finds the row covering the time', () => {
    expect(activeRowIndex(rows, 0)).toBe(0);
    expect(activeRowIndex(rows, 3_999)).toBe(0);
    expect(activeRowIndex(rows, 5_000)).toBe(1);
    expect(activeRowIndex(rows, 11_999)).toBe(1);
    expect(activeRowIndex(rows, 13_000)).toBe(3);
  });

  it('highlights nothing in a gap after a row with an end, before the first row, or with no time', () => {
    expect(activeRowIndex(rows, 4_500)).toBe(-1);
    expect(activeRowIndex(rows, 20_000)).toBe(-1);
    expect(activeRowIndex([{ startMs: 1_000 }], 500)).toBe(-1);
    expect(activeRowIndex(rows, null)).toBe(-1);
    expect(activeRowIndex([{}, {}], 1_000)).toBe(-1);
  });

  it('takes the latest start when rows are out of order or share a start', () => {
    expect(activeRowIndex([{ startMs: 9_000 }, { startMs: 2_000 }], 10_000)).toBe(0);
    expect(activeRowIndex([{ startMs: 2_000 }, { startMs: 2_000 }], 3_000)).toBe(1);
  });

  it('ignores an end that is not after the start', () => {
    expect(activeRowIndex([{ startMs: 2_000, endMs: 2_000 }], 3_000)).toBe(0);
  });
});
