import { describe, expect, it } from 'vitest';
import { cleanRubric, scaleWeightsTo100 } from './jobs';

const criteria = (...weights: number[]) => weights.map((weight, i) => ({ name: `C${i + 1}`, description: '', weight }));
const weightsOf = (...weights: number[]) => scaleWeightsTo100(criteria(...weights)).map((c) => c.weight);

/** What every scaled rubric must be: whole numbers from 0 to 100 that total exactly 100. */
function expectValid(weights: number[]) {
  for (const w of weights) {
    expect(Number.isInteger(w)).toBe(true);
    expect(w).toBeGreaterThanOrEqual(0);
    expect(w).toBeLessThanOrEqual(100);
  }
  expect(weights.reduce((s, w) => s + w, 0)).toBe(100);
}

describe('scaleWeightsTo100', () => {
  it('scales 50, 30, 0, 0 without a negative weight', () => {
    const weights = weightsOf(50, 30, 0, 0);
    expectValid(weights);
    expect(weights).toEqual([62, 38, 0, 0]);
  });

  it('scales six criteria at 15 and a new one at 0', () => {
    const weights = weightsOf(15, 15, 15, 15, 15, 15, 0);
    expectValid(weights);
    expect(weights).toEqual([16, 16, 17, 17, 17, 17, 0]);
  });

  it('splits 18 and 40 equal criteria into whole numbers that differ by at most one', () => {
    for (const n of [18, 40]) {
      const weights = weightsOf(...Array.from({ length: n }, () => 10));
      expectValid(weights);
      expect(Math.max(...weights) - Math.min(...weights)).toBe(1);
    }
    expect(weightsOf(...Array.from({ length: 18 }, () => 10)).filter((w) => w === 6)).toHaveLength(10);
  });

  it('gives equal shares when every weight is zero, and 100 to a single criterion', () => {
    expect(weightsOf(0, 0, 0)).toEqual([33, 33, 34]);
    expect(weightsOf(0, 0, 0, 0)).toEqual([25, 25, 25, 25]);
    expect(weightsOf(0)).toEqual([100]);
    expect(weightsOf(7)).toEqual([100]);
    expect(weightsOf(100)).toEqual([100]);
  });

  it('keeps weights that already total 100 and rounds fractional ones by their remainders', () => {
    expect(weightsOf(35, 25, 20, 20)).toEqual([35, 25, 20, 20]);
    expect(weightsOf(33.4, 33.3, 33.3)).toEqual([34, 33, 33]);
    expect(weightsOf(10, 10, 10)).toEqual([33, 33, 34]);
  });

  it('treats negative and non-numeric weights as zero', () => {
    expect(weightsOf(-20, 50, Number.NaN, 50)).toEqual([0, 50, 0, 50]);
  });

  it('raises every criterion to a minimum when asked, taking from the largest', () => {
    const eighteen = scaleWeightsTo100(criteria(...Array.from({ length: 18 }, () => 10)), { minimum: 1 }).map((c) => c.weight);
    expectValid(eighteen);
    expect(scaleWeightsTo100(criteria(0.1, 100), { minimum: 1 }).map((c) => c.weight)).toEqual([1, 99]);
    expect(scaleWeightsTo100(criteria(1, 1000, 1000), { minimum: 1 }).map((c) => c.weight)).toEqual([1, 49, 50]);
  });

  it('keeps the other fields of each criterion', () => {
    expect(scaleWeightsTo100([{ name: 'A', description: 'd', weight: 1 }])).toEqual([{ name: 'A', description: 'd', weight: 100 }]);
  });
});

describe('cleanRubric', () => {
  it('drops criteria without a name and trims the rest', () => {
    expect(cleanRubric([{ name: ' A ', description: ' x ', weight: 50 }, { name: ' ', description: 'gone', weight: 50 }, { name: 'B', description: '', weight: 30 }])).toEqual([
      { name: 'A', description: 'x', weight: 62 },
      { name: 'B', description: '', weight: 38 },
    ]);
  });
});
