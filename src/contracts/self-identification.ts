/**
 * The candidate's voluntary self-identification (issue 15, decision 023): the closed sets the
 * database enforces (check constraints, drizzle/0011) and the words shown for them. No zod here:
 * the candidate's room reads these labels and must not download it (decision 016). The zod enums
 * and the report's shapes are in adverse-impact.ts.
 */

/** Sex, as the EEO-1 report and a Local Law 144 bias audit count it, or no answer given by choice. */
export const SELF_ID_SEXES = ['male', 'female', 'prefer_not_to_say'] as const;
export type SelfIdSex = (typeof SELF_ID_SEXES)[number];

/** Race/ethnicity in the EEO-1 categories, in the EEO-1 order, or no answer given by choice. */
export const SELF_ID_RACES = [
  'hispanic_latino',
  'white',
  'black_african_american',
  'native_hawaiian_pacific_islander',
  'asian',
  'american_indian_alaska_native',
  'two_or_more',
  'prefer_not_to_say',
] as const;
export type SelfIdRaceEthnicity = (typeof SELF_ID_RACES)[number];

export const PREFER_NOT_TO_SAY = 'prefer_not_to_say' as const;

/** The answers that name a category (every one but "prefer not to say"): the groups of the statistics. */
export type KnownSex = Exclude<SelfIdSex, typeof PREFER_NOT_TO_SAY>;
export type KnownRaceEthnicity = Exclude<SelfIdRaceEthnicity, typeof PREFER_NOT_TO_SAY>;
export const KNOWN_SEXES = SELF_ID_SEXES.filter((s): s is KnownSex => s !== PREFER_NOT_TO_SAY);
export const KNOWN_RACES = SELF_ID_RACES.filter((r): r is KnownRaceEthnicity => r !== PREFER_NOT_TO_SAY);

export const SEX_LABELS: Record<SelfIdSex, string> = {
  male: 'Male',
  female: 'Female',
  prefer_not_to_say: 'Prefer not to say',
};

export const RACE_ETHNICITY_LABELS: Record<SelfIdRaceEthnicity, string> = {
  hispanic_latino: 'Hispanic or Latino',
  white: 'White',
  black_african_american: 'Black or African American',
  native_hawaiian_pacific_islander: 'Native Hawaiian or Other Pacific Islander',
  asian: 'Asian',
  american_indian_alaska_native: 'American Indian or Alaska Native',
  two_or_more: 'Two or More Races',
  prefer_not_to_say: 'Prefer not to say',
};

/** What the candidate's link learns about its self-identification: whether it was given, never the answers. */
export interface SelfIdentificationStatus {
  answered: boolean;
  /** When the candidate answered or skipped; null before. */
  answeredAt: string | null;
}
