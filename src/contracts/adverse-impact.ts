import { z } from 'zod';
import { SELF_ID_RACES, SELF_ID_SEXES, type SelfIdentificationStatus } from './self-identification';

// Adverse-impact monitoring (issue 15, decision 023): the candidate's voluntary self-identification
// and the statistics a recruiter reads per job and per company.

export const selfIdSex = z.enum(SELF_ID_SEXES);
export const selfIdRaceEthnicity = z.enum(SELF_ID_RACES);

/**
 * POST /api/interview/{id}/self-identification (the candidate's link). A question left unanswered is
 * null; both null is the candidate's "Skip". Either way it is recorded once and not asked again.
 */
export const selfIdentificationInput = z.object({
  sex: selfIdSex.nullable().default(null),
  raceEthnicity: selfIdRaceEthnicity.nullable().default(null),
});
export type SelfIdentificationInput = z.input<typeof selfIdentificationInput>;

export const selfIdentificationStatus = z.object({ answered: z.boolean(), answeredAt: z.string().nullable() }) satisfies z.ZodType<SelfIdentificationStatus>;

/** Impact ratios under this are flagged: the four-fifths rule (29 CFR 1607.4(D)). */
export const IMPACT_RATIO_THRESHOLD = 0.8;
/** A group under this share of the people with a known category is reported but left out of impact ratios (6 RCNY 5-301(d)). */
export const SMALL_GROUP_SHARE = 0.02;

/** A rate as the report and its CSV write it: 0.425 → "42.5%"; none → "". */
export const formatRate = (rate: number | null) => (rate === null ? '' : `${(rate * 100).toFixed(1)}%`);
/**
 * An impact ratio to three decimals, cut rather than rounded, so a flagged ratio never reads 0.800
 * (the tiny epsilon only undoes floating-point noise: an exact 0.8 stays 0.800); none → "".
 */
export const formatImpactRatio = (ratio: number | null) => (ratio === null ? '' : (Math.floor(ratio * 1000 + 1e-9) / 1000).toFixed(3));

export const IMPACT_DIMENSIONS = ['sex', 'race_ethnicity', 'intersectional'] as const;
export const impactDimensionKind = z.enum(IMPACT_DIMENSIONS);
export type ImpactDimensionKind = (typeof IMPACT_DIMENSIONS)[number];

const count = z.number().int().min(0);

/** One rate of one group: `hits` of `assessed` (advanced, or scored above the median). */
export const impactMeasure = z.object({
  /** Selection: the group's evaluated interviews; scoring: those of them with an overall score. */
  assessed: count,
  /** Selection: advanced by a reviewer; scoring: overall score above the median. */
  hits: count,
  /** hits / assessed; null when nobody was assessed. */
  rate: z.number().min(0).max(1).nullable(),
  /** This rate over the highest rate among the groups compared; null for a small or empty group, or when the highest rate is 0. */
  impactRatio: z.number().min(0).max(1).nullable(),
  /** The impact ratio is under 0.8. */
  flagged: z.boolean(),
});
export type ImpactMeasure = z.infer<typeof impactMeasure>;

export const impactGroup = z.object({
  /** 'female', 'asian', 'female/asian'. */
  key: z.string(),
  label: z.string(),
  /** Evaluated interviews whose candidate belongs to the group. */
  count,
  /** Under 2 % of the people with a known category: reported, not compared. */
  isSmall: z.boolean(),
  selection: impactMeasure,
  scoring: impactMeasure,
});
export type ImpactGroup = z.infer<typeof impactGroup>;

export const impactDimension = z.object({
  dimension: impactDimensionKind,
  /** Evaluated interviews whose candidate gave a category on this dimension (both, for the intersection). */
  known: count,
  /** Not in any group and not in the rates: chose "prefer not to say" (on either question, for the intersection), or gave no answer. */
  unknown: z.object({ total: count, preferNotToSay: count, notAnswered: count }),
  groups: z.array(impactGroup),
});
export type ImpactDimension = z.infer<typeof impactDimension>;

export const adverseImpactReport = z.object({
  scope: z.object({ kind: z.enum(['job', 'company']), jobId: z.number().int().nullable(), name: z.string() }),
  /** The first and last day (UTC) an included interview was evaluated; null when there is none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Completed (evaluated) interviews in scope: the applicants of the audit. */
  evaluated: count,
  /** Of them, advanced by a reviewer (their latest decision). */
  selected: count,
  /** Of them, with an overall score (the reviewed one where a reviewer changed a score). */
  scored: count,
  /** The median overall score of every scored interview in scope, self-identified or not. */
  medianScore: z.number().nullable(),
  dimensions: z.array(impactDimension),
});
export type AdverseImpactReport = z.infer<typeof adverseImpactReport>;

/**
 * GET /api/job/{id}/adverse-impact/counts and /api/company/adverse-impact/counts: whether the report
 * has anything to compare yet, for the panels on the job page and the dashboard (decision 043),
 * counted in the database instead of working out the whole report on every visit.
 */
export const adverseImpactCounts = z.object({
  /** Completed (evaluated) interviews in scope, as the report counts them. */
  evaluated: count,
  /** Of them, those whose candidate gave a sex or a race/ethnicity ("prefer not to say" is not one). */
  answered: count,
});
export type AdverseImpactCounts = z.infer<typeof adverseImpactCounts>;

const isoDay = z.iso.date('Use a date written as YYYY-MM-DD');
/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: interviews evaluated on those days (UTC), both included; either may be left out. */
export const adverseImpactQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date', path: ['from'] });
export type AdverseImpactQuery = z.infer<typeof adverseImpactQuery>;
