import type { ImpactDimension, ImpactGroup } from '@/contracts/adverse-impact';

export type Measure = 'selection' | 'scoring';

export const DIMENSION_TITLES: Record<ImpactDimension['dimension'], string> = {
  sex: 'Sex',
  race_ethnicity: 'Race/ethnicity',
  intersectional: 'Sex and race/ethnicity',
};

export const MEASURE_TEXTS: Record<Measure, { rate: string; hits: string }> = {
  selection: { rate: 'Selection rate', hits: 'Advanced' },
  scoring: { rate: 'Scoring rate', hits: 'Above median' },
};

/** The highest rate among the groups compared (not small): the one every impact ratio divides by. */
export function highestComparedRate(groups: readonly ImpactGroup[], measure: Measure): number | null {
  const rates = groups.filter((g) => !g.isSmall).map((g) => g[measure].rate);
  const known = rates.filter((r): r is number => r !== null);
  return known.length ? Math.max(...known) : null;
}

/** A group under 2 % of those with a known category (the law lets such a group out of the comparison). */
export const SMALL_GROUP_TEXT = 'Under 2% of those who answered: not compared';
