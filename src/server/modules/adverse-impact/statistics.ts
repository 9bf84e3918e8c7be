import type { ImpactDimension, ImpactDimensionKind, ImpactGroup, ImpactMeasure } from '../../../contracts/adverse-impact';
import {
  KNOWN_RACES,
  KNOWN_SEXES,
  PREFER_NOT_TO_SAY,
  RACE_ETHNICITY_LABELS,
  SEX_LABELS,
  type SelfIdRaceEthnicity,
  type SelfIdSex,
} from '../../../contracts/self-identification';

// The arithmetic of the adverse-impact report (decision 023), pure: what goes in is one record per
// evaluated interview, already reduced to what the statistics need.

/** One evaluated interview: its candidate's answers (null: not answered), the reviewers' latest decision, the current overall score. */
export interface ImpactRecord {
  sex: SelfIdSex | null;
  raceEthnicity: SelfIdRaceEthnicity | null;
  /** The latest decision is 'advance'. */
  selected: boolean;
  /** The current overall (reviewed where a reviewer changed a score); null when the interview has none. */
  score: number | null;
}

export interface ImpactStatistics {
  evaluated: number;
  selected: number;
  scored: number;
  medianScore: number | null;
  dimensions: ImpactDimension[];
}

/** A group under 1/50 (2 %) of the known is small: kept as a ratio of integers so the test is exact. */
const SMALL_GROUP = { numerator: 1, denominator: 50 };
/** Four fifths. */
const THRESHOLD = { numerator: 4, denominator: 5 };

/** The median; the mean of the two middle values for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Tally {
  assessed: number;
  hits: number;
}

/**
 * Each tally's rate, its ratio to the highest rate among the compared ones, and whether that ratio
 * is under four fifths. Rates are compared as fractions of integers (a·d against b·c), so a ratio
 * of exactly 0.8 is never flagged by a rounding error.
 */
export function compareRates(tallies: readonly (Tally & { compared: boolean })[]): ImpactMeasure[] {
  let best: Tally | null = null;
  for (const t of tallies) {
    if (!t.compared || t.assessed === 0) continue;
    if (!best || t.hits * best.assessed > best.hits * t.assessed) best = t;
  }
  return tallies.map((t) => {
    const rate = t.assessed === 0 ? null : t.hits / t.assessed;
    if (!t.compared || t.assessed === 0 || !best || best.hits === 0) return { assessed: t.assessed, hits: t.hits, rate, impactRatio: null, flagged: false };
    // (hits / assessed) / (best.hits / best.assessed)
    const numerator = t.hits * best.assessed;
    const denominator = t.assessed * best.hits;
    return {
      assessed: t.assessed,
      hits: t.hits,
      rate,
      impactRatio: numerator / denominator,
      flagged: numerator * THRESHOLD.denominator < denominator * THRESHOLD.numerator,
    };
  });
}

interface GroupSpec {
  key: string;
  label: string;
  has: (r: ImpactRecord) => boolean;
}

const sexGroups: GroupSpec[] = KNOWN_SEXES.map((sex) => ({ key: sex, label: SEX_LABELS[sex], has: (r) => r.sex === sex }));
const raceGroups: GroupSpec[] = KNOWN_RACES.map((race) => ({ key: race, label: RACE_ETHNICITY_LABELS[race], has: (r) => r.raceEthnicity === race }));
/** "Hispanic or Latino Male", in the order of the bias-audit tables: by race/ethnicity, then sex. */
const intersectionalGroups: GroupSpec[] = KNOWN_RACES.flatMap((race) =>
  KNOWN_SEXES.map((sex) => ({
    key: `${sex}/${race}`,
    label: `${RACE_ETHNICITY_LABELS[race]} ${SEX_LABELS[sex]}`,
    has: (r: ImpactRecord) => r.sex === sex && r.raceEthnicity === race,
  })),
);

type Answer = 'known' | 'prefer_not_to_say' | 'not_answered';
const answerOf = (value: string | null): Answer => (value === null ? 'not_answered' : value === PREFER_NOT_TO_SAY ? 'prefer_not_to_say' : 'known');

/** Where a record stands on a dimension: on the intersection, "prefer not to say" on either question wins over no answer. */
function standing(dimension: ImpactDimensionKind, r: ImpactRecord): Answer {
  if (dimension === 'sex') return answerOf(r.sex);
  if (dimension === 'race_ethnicity') return answerOf(r.raceEthnicity);
  const both = [answerOf(r.sex), answerOf(r.raceEthnicity)];
  if (both.includes('prefer_not_to_say')) return 'prefer_not_to_say';
  return both.includes('not_answered') ? 'not_answered' : 'known';
}

function dimensionOf(dimension: ImpactDimensionKind, specs: readonly GroupSpec[], records: readonly ImpactRecord[], medianScore: number | null): ImpactDimension {
  const answers = records.map((r) => standing(dimension, r));
  const known = answers.filter((a) => a === 'known').length;
  const members = specs.map((spec) => records.filter(spec.has));
  // Small: count / known < 1/50, in integers.
  const isSmall = members.map((m) => m.length * SMALL_GROUP.denominator < known * SMALL_GROUP.numerator);
  const selection = compareRates(members.map((m, i) => ({ assessed: m.length, hits: m.filter((r) => r.selected).length, compared: !isSmall[i] })));
  const scoring = compareRates(
    members.map((m, i) => {
      const scores = m.map((r) => r.score).filter((s): s is number => s !== null);
      return { assessed: scores.length, hits: medianScore === null ? 0 : scores.filter((s) => s > medianScore).length, compared: !isSmall[i] };
    }),
  );
  const groups = specs.map(
    (spec, i): ImpactGroup => ({ key: spec.key, label: spec.label, count: members[i]!.length, isSmall: isSmall[i]!, selection: selection[i]!, scoring: scoring[i]! }),
  );
  const preferNotToSay = answers.filter((a) => a === 'prefer_not_to_say').length;
  const notAnswered = answers.filter((a) => a === 'not_answered').length;
  return { dimension, known, unknown: { total: preferNotToSay + notAnswered, preferNotToSay, notAnswered }, groups };
}

/**
 * Selection and scoring rates by sex, race/ethnicity and their intersection, each group's impact
 * ratio against the highest group's, flagged under 0.8; unknowns counted apart; groups under 2 %
 * of the known reported but not compared. Scoring: a score above the median of every scored
 * interview given, whether its candidate self-identified or not.
 */
export function impactStatistics(records: readonly ImpactRecord[]): ImpactStatistics {
  const scores = records.map((r) => r.score).filter((s): s is number => s !== null);
  const medianScore = median(scores);
  return {
    evaluated: records.length,
    selected: records.filter((r) => r.selected).length,
    scored: scores.length,
    medianScore,
    dimensions: [
      dimensionOf('sex', sexGroups, records, medianScore),
      dimensionOf('race_ethnicity', raceGroups, records, medianScore),
      dimensionOf('intersectional', intersectionalGroups, records, medianScore),
    ],
  };
}
