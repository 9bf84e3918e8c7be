import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETAKE_WINDOW_MS, retakeWindowMs } from './retake-window';

describe('retakeWindowMs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("is the product's 6 s when nothing set it (every candidate)", () => {
    vi.stubGlobal('window', {});
    expect(RETAKE_WINDOW_MS).toBe(6_000);
    expect(retakeWindowMs()).toBe(6_000);
  });

  it("a browser test's shorter window is used", () => {
    vi.stubGlobal('window', { __hireloopRoomTest: { retakeWindowMs: 500 } });
    expect(retakeWindowMs()).toBe(500);
  });

  it('never longer than the product, and nothing that is not a number of milliseconds', () => {
    for (const retakeWindow of [60_000, 6_000, -1, Number.NaN, Number.POSITIVE_INFINITY, '500', null]) {
      vi.stubGlobal('window', { __hireloopRoomTest: { retakeWindowMs: retakeWindow } });
      expect(retakeWindowMs(), String(retakeWindow)).toBe(RETAKE_WINDOW_MS);
    }
  });
});
