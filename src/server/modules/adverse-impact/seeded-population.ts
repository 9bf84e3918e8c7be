import type { SelfIdRaceEthnicity, SelfIdSex } from '../../../contracts/self-identification';

/**
 * A seeded population of 100 evaluated interviews whose statistics are worked out by hand below
 * (the unit tests and the API tests read the same one). Scores are 90 or 30; fewer than half score
 * 90, so the median is 30 and "above the median" means 90.
 */
export interface PopulationCell {
  /** null: the candidate never answered (no self-identification). */
  answer: { sex: SelfIdSex | null; raceEthnicity: SelfIdRaceEthnicity | null } | null;
  count: number;
  /** How many of them a reviewer advanced. */
  selected: number;
  /** How many of them scored 90 (the others 30). */
  high: number;
}

export const POPULATION: readonly PopulationCell[] = [
  { answer: { sex: 'male', raceEthnicity: 'white' }, count: 20, selected: 10, high: 10 },
  { answer: { sex: 'male', raceEthnicity: 'asian' }, count: 10, selected: 4, high: 4 },
  { answer: { sex: 'male', raceEthnicity: 'black_african_american' }, count: 10, selected: 3, high: 2 },
  { answer: { sex: 'female', raceEthnicity: 'white' }, count: 20, selected: 8, high: 6 },
  { answer: { sex: 'female', raceEthnicity: 'black_african_american' }, count: 15, selected: 3, high: 3 },
  { answer: { sex: 'female', raceEthnicity: 'asian' }, count: 9, selected: 3, high: 3 },
  // One person: 1 of 90 with a known race/ethnicity (1.1 %) and 1 of 85 on the intersection: a small group.
  { answer: { sex: 'female', raceEthnicity: 'american_indian_alaska_native' }, count: 1, selected: 1, high: 1 },
  { answer: { sex: 'prefer_not_to_say', raceEthnicity: 'hispanic_latino' }, count: 5, selected: 2, high: 1 },
  { answer: null, count: 10, selected: 2, high: 2 },
];

/**
 * Worked out by hand from POPULATION (rates as hits/assessed, ratios against the highest compared group):
 *
 * Sex (known 85; unknown 15 = 5 prefer not to say + 10 not answered)
 *   selection: male 17/40 = 0.425 (highest); female 15/45 = 0.333, ratio (15·40)/(45·17) = 600/765 = 0.784 → flagged
 *   scoring:   male 16/40 = 0.4 (highest);   female 13/45 = 0.289, ratio (13·40)/(45·16) = 520/720 = 0.722 → flagged
 * Race/ethnicity (known 90; unknown 10, all not answered)
 *   American Indian or Alaska Native: 1 person, 1/90 < 2 %: small, rate 1/1 shown, not compared (it would be the highest)
 *   selection: white 18/40 = 0.45 (highest); asian 7/19, ratio 280/342 = 0.819; black 6/25, ratio 240/450 = 0.533 → flagged;
 *              hispanic 2/5, ratio 80/90 = 0.889
 *   scoring:   white 16/40 = 0.4 (highest); asian 7/19, ratio 280/304 = 0.921; black 5/25, ratio 200/400 = 0.5 → flagged;
 *              hispanic 1/5, ratio 40/80 = 0.5 → flagged
 * Intersection (known 85; unknown 15 = 5 prefer not to say (on sex) + 10 not answered)
 *   selection: white male 10/20 = 0.5 (highest); asian male 4/10, ratio exactly 0.8 → not flagged; black male 3/10, 0.6 → flagged;
 *              white female 8/20, 0.8 → not flagged; black female 3/15, 0.4 → flagged; asian female 3/9, 0.667 → flagged;
 *              American Indian or Alaska Native female: 1/85 < 2 %, small
 *   scoring:   white male 10/20 = 0.5 (highest); asian male 4/10, 0.8; black male 2/10, 0.4 → flagged; white female 6/20, 0.6 → flagged;
 *              black female 3/15, 0.4 → flagged; asian female 3/9, 0.667 → flagged
 */
export const EXPECTED = {
  evaluated: 100,
  selected: 36,
  scored: 100,
  medianScore: 30,
  sex: {
    known: 85,
    unknown: { total: 15, preferNotToSay: 5, notAnswered: 10 },
    selection: { male: [17, 40, 1], female: [15, 45, 600 / 765] },
    scoring: { male: [16, 40, 1], female: [13, 45, 520 / 720] },
  },
  race: {
    known: 90,
    unknown: { total: 10, preferNotToSay: 0, notAnswered: 10 },
    selection: { white: [18, 40, 1], asian: [7, 19, 280 / 342], black_african_american: [6, 25, 240 / 450], hispanic_latino: [2, 5, 80 / 90] },
    scoring: { white: [16, 40, 1], asian: [7, 19, 280 / 304], black_african_american: [5, 25, 0.5], hispanic_latino: [1, 5, 0.5] },
  },
  intersectional: {
    known: 85,
    unknown: { total: 15, preferNotToSay: 5, notAnswered: 10 },
    selection: {
      'male/white': [10, 20, 1],
      'male/asian': [4, 10, 0.8],
      'male/black_african_american': [3, 10, 0.6],
      'female/white': [8, 20, 0.8],
      'female/black_african_american': [3, 15, 0.4],
      'female/asian': [3, 9, 60 / 90],
    },
    scoring: {
      'male/white': [10, 20, 1],
      'male/asian': [4, 10, 0.8],
      'male/black_african_american': [2, 10, 0.4],
      'female/white': [6, 20, 0.6],
      'female/black_african_american': [3, 15, 0.4],
      'female/asian': [3, 9, 60 / 90],
    },
  },
} as const;
