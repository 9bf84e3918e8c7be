import { describe, expect, it } from 'vitest';
import type { ImpactDimension } from '../../../contracts/adverse-impact';
import { EXPECTED, POPULATION } from './seeded-population';
import { compareRates, impactStatistics, median, type ImpactRecord } from './statistics';

/** The seeded population as records: in each cell the first `selected` were advanced and the first `high` scored 90. */
const records: ImpactRecord[] = POPULATION.flatMap((cell) =>
  Array.from({ length: cell.count }, (_, i) => ({
    sex: cell.answer?.sex ?? null,
    raceEthnicity: cell.answer?.raceEthnicity ?? null,
    selected: i < cell.selected,
    score: i < cell.high ? 90 : 30,
  })),
);

type Expected = Record<string, readonly [hits: number, assessed: number, ratio: number]>;

/** Each expected group's hits, assessed, rate and ratio; flagged exactly when the ratio is under 0.8. */
function expectMeasures(dimension: ImpactDimension, measure: 'selection' | 'scoring', expected: Expected) {
  for (const [key, [hits, assessed, ratio]] of Object.entries(expected)) {
    const group = dimension.groups.find((g) => g.key === key)!;
    expect(group[measure], `${dimension.dimension} ${measure} ${key}`).toEqual({
      hits,
      assessed,
      rate: hits / assessed,
      impactRatio: expect.closeTo(ratio, 12) as number,
      flagged: ratio < 0.8,
    });
    expect(group.isSmall).toBe(false);
  }
}

describe('impactStatistics on the seeded population (ratios worked out by hand in seeded-population.ts)', () => {
  const stats = impactStatistics(records);
  const [sex, race, intersectional] = stats.dimensions as [ImpactDimension, ImpactDimension, ImpactDimension];

  it('counts the evaluated, the advanced, the scored and the median', () => {
    expect({ evaluated: stats.evaluated, selected: stats.selected, scored: stats.scored, medianScore: stats.medianScore }).toEqual({
      evaluated: EXPECTED.evaluated,
      selected: EXPECTED.selected,
      scored: EXPECTED.scored,
      medianScore: EXPECTED.medianScore,
    });
  });

  it('by sex: female selection 0.784 and scoring 0.722 of the male rates, both flagged; unknowns counted apart', () => {
    expect(sex.dimension).toBe('sex');
    expect(sex.groups.map((g) => [g.key, g.label, g.count])).toEqual([
      ['male', 'Male', 40],
      ['female', 'Female', 45],
    ]);
    expect({ known: sex.known, unknown: sex.unknown }).toEqual({ known: EXPECTED.sex.known, unknown: EXPECTED.sex.unknown });
    expectMeasures(sex, 'selection', EXPECTED.sex.selection);
    expectMeasures(sex, 'scoring', EXPECTED.sex.scoring);
  });

  it('by race/ethnicity: a group under 2 % is reported with its rate but not compared, though its rate is the highest', () => {
    expect(race.groups.map((g) => g.label)).toEqual([
      'Hispanic or Latino',
      'White',
      'Black or African American',
      'Native Hawaiian or Other Pacific Islander',
      'Asian',
      'American Indian or Alaska Native',
      'Two or More Races',
    ]);
    expect({ known: race.known, unknown: race.unknown }).toEqual({ known: EXPECTED.race.known, unknown: EXPECTED.race.unknown });
    expectMeasures(race, 'selection', EXPECTED.race.selection);
    expectMeasures(race, 'scoring', EXPECTED.race.scoring);
    const small = race.groups.find((g) => g.key === 'american_indian_alaska_native')!;
    expect(small).toMatchObject({ count: 1, isSmall: true });
    expect(small.selection).toEqual({ hits: 1, assessed: 1, rate: 1, impactRatio: null, flagged: false });
    expect(small.scoring).toEqual({ hits: 1, assessed: 1, rate: 1, impactRatio: null, flagged: false });
    // Nobody in the group: no rate, no ratio.
    const empty = race.groups.find((g) => g.key === 'two_or_more')!;
    expect(empty).toMatchObject({ count: 0, selection: { assessed: 0, hits: 0, rate: null, impactRatio: null, flagged: false } });
  });

  it('by sex × race/ethnicity: a ratio of exactly 0.8 is not flagged; prefer not to say on either question is unknown', () => {
    expect(intersectional.groups).toHaveLength(14);
    expect(intersectional.groups.slice(0, 4).map((g) => g.label)).toEqual(['Hispanic or Latino Male', 'Hispanic or Latino Female', 'White Male', 'White Female']);
    expect({ known: intersectional.known, unknown: intersectional.unknown }).toEqual({ known: EXPECTED.intersectional.known, unknown: EXPECTED.intersectional.unknown });
    expectMeasures(intersectional, 'selection', EXPECTED.intersectional.selection);
    expectMeasures(intersectional, 'scoring', EXPECTED.intersectional.scoring);
    expect(intersectional.groups.find((g) => g.key === 'male/asian')!.selection).toMatchObject({ impactRatio: 0.8, flagged: false });
    expect(intersectional.groups.find((g) => g.key === 'female/american_indian_alaska_native')).toMatchObject({ count: 1, isSmall: true });
  });
});

describe('the arithmetic at its edges', () => {
  it('median: the middle value, the mean of the two middle values, none for no scores', () => {
    expect(median([70, 10, 40])).toBe(40);
    expect(median([10, 40, 70, 80])).toBe(55);
    expect(median([])).toBeNull();
  });

  it('no one selected in any group: rates of 0 and no ratios (there is nothing to compare with)', () => {
    expect(compareRates([
      { assessed: 10, hits: 0, compared: true },
      { assessed: 5, hits: 0, compared: true },
    ])).toEqual([
      { assessed: 10, hits: 0, rate: 0, impactRatio: null, flagged: false },
      { assessed: 5, hits: 0, rate: 0, impactRatio: null, flagged: false },
    ]);
  });

  it('a ratio a hair under 0.8 is flagged, and rates compare as fractions (1/3 against 5/12)', () => {
    const [a, b] = compareRates([
      { assessed: 12, hits: 5, compared: true },
      { assessed: 3, hits: 1, compared: true },
    ]);
    expect(a).toMatchObject({ impactRatio: 1, flagged: false });
    expect(b).toMatchObject({ impactRatio: 0.8, flagged: false });
    const [, c] = compareRates([
      { assessed: 1000, hits: 500, compared: true },
      { assessed: 1000, hits: 399, compared: true },
    ]);
    expect(c).toMatchObject({ impactRatio: 0.798, flagged: true });
  });

  it('nobody self-identified: every candidate is unknown and no group has a rate', () => {
    const stats = impactStatistics([
      { sex: null, raceEthnicity: null, selected: true, score: 80 },
      { sex: 'prefer_not_to_say', raceEthnicity: 'prefer_not_to_say', selected: false, score: null },
    ]);
    expect(stats).toMatchObject({ evaluated: 2, selected: 1, scored: 1, medianScore: 80 });
    for (const d of stats.dimensions) {
      expect(d.known).toBe(0);
      expect(d.unknown).toEqual({ total: 2, preferNotToSay: 1, notAnswered: 1 });
      expect(d.groups.every((g) => g.count === 0 && g.selection.rate === null && g.scoring.rate === null)).toBe(true);
    }
  });
});
