import { z } from 'zod';

/**
 * The one score scale of both engines (the model's prompt states it; the built-in engine is
 * calibrated to it; the report's colours and anchors read it). Documented in
 * docs/decisions/014-score-scale-and-anchors.md.
 */
export const SCORE_SCALE = [
  { score: '0-20', meaning: 'nothing relevant to the criterion, or an answer that is wrong or unsafe' },
  { score: '40', meaning: 'partial: on topic, but general statements with little evidence of having done it' },
  { score: '60', meaning: "adequate: relevant and correct, with some specifics, but thin on the candidate's own actions or results" },
  { score: '80', meaning: "strong: concrete examples with the candidate's own actions, specifics (numbers, tools, procedures) and results" },
  { score: '100', meaning: 'exceptional: all of that, with judgement or insight beyond what the role asks' },
] as const;

/** Samples of one criterion further apart than this (in points) mean the model was unsure. */
export const UNSURE_SPREAD = 15;

export const ANCHOR_LEVELS = ['weak', 'adequate', 'strong'] as const;
export type AnchorLevel = (typeof ANCHOR_LEVELS)[number];

/** The score bands the anchors describe: weak below 40, adequate 40-74, strong 75 and above. */
export const anchorLevelOf = (score: number): AnchorLevel => (score >= 75 ? 'strong' : score >= 40 ? 'adequate' : 'weak');

/**
 * Behaviour anchors: what a weak, an adequate and a strong answer look like for one criterion
 * (behaviourally anchored rating scales, the structured-interview practice). Optional: rubrics
 * written before anchors existed keep working.
 */
export const behaviourAnchors = z.object({
  weak: z.string().trim().max(500).describe('What a weak answer looks like for this criterion, in one or two sentences'),
  adequate: z.string().trim().max(500).describe('What an adequate answer looks like: relevant and correct but general or thin'),
  strong: z.string().trim().max(500).describe('What a strong answer looks like: specific, the candidate\'s own actions and results'),
});
export type BehaviourAnchors = z.infer<typeof behaviourAnchors>;

export const rubricCriterion = z.object({
  name: z.string().trim().min(1).max(120).describe('Short name of what is evaluated, e.g. "Problem solving"'),
  description: z.string().trim().max(1000).describe('How this criterion is evaluated: what a strong answer shows'),
  weight: z.number().min(0).max(100).describe('Share of the overall score in percent; all weights total 100'),
  anchors: behaviourAnchors.optional(),
});
export type RubricCriterion = z.infer<typeof rubricCriterion>;

/** Anchors with every level blank are no anchors at all. */
export function cleanAnchors(anchors: Partial<BehaviourAnchors> | undefined | null): BehaviourAnchors | undefined {
  if (!anchors) return undefined;
  const cleaned = { weak: anchors.weak?.trim() ?? '', adequate: anchors.adequate?.trim() ?? '', strong: anchors.strong?.trim() ?? '' };
  return cleaned.weak || cleaned.adequate || cleaned.strong ? cleaned : undefined;
}

export const interviewPlan = z.object({
  questions: z.array(z.string().min(1)).min(5).max(8),
  rubric: z.array(rubricCriterion).min(3).max(6),
});
export type InterviewPlan = z.infer<typeof interviewPlan>;

export const transcriptEntry = z.object({
  speaker: z.string().min(1),
  text: z.string(),
  /** Offset from the start of the recording, when known. */
  startMs: z.number().nonnegative().optional(),
  endMs: z.number().nonnegative().optional(),
  /** The practice question before the first real one, and the candidate's answer to it: never scored (issue 32). */
  practice: z.literal(true).optional(),
  /** An answer the candidate redid, with the interviewer's line that opened the retake: the new answer is scored. */
  retake: z.literal(true).optional(),
  /** The earlier answer a retake replaced: kept with its times (the recording keeps both), never scored. */
  replaced: z.literal(true).optional(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntry>;

export const evidence = z.object({
  /** A literal substring of the candidate's words. */
  quote: z.string(),
  atMs: z.number().nonnegative().optional(),
});
export type Evidence = z.infer<typeof evidence>;

export const criterionResult = z.object({
  name: z.string(),
  weight: z.number(),
  /** 0-100, or null when the candidate said too little to judge this criterion. */
  score: z.number().min(0).max(100).nullable(),
  feedback: z.string(),
  evidence: z.array(evidence),
  /** The behaviour anchors the criterion was scored against, as they were then (the report shows the nearest). */
  anchors: behaviourAnchors.optional(),
  /**
   * Set when no answer spoke to the criterion at all (issue 31): the score is null and the report
   * says "Not assessed", not that the candidate said too little.
   */
  notAssessed: z.literal(true).optional(),
  /** For a requirement (a licence, a certificate, the shifts): whether the candidate's answer meets it. */
  requirement: z.enum(['met', 'not_met', 'unclear']).optional(),
  /** With AI_SAMPLES above 1: the lowest and highest of the model's scores (the score is their median). */
  sampleRange: z.object({ min: z.number(), max: z.number(), samples: z.number().int() }).optional(),
});
export type CriterionResult = z.infer<typeof criterionResult>;

export const biasFlag = z.object({
  /** Which question (0-based) or text the flag is about. */
  index: z.number().int().nonnegative().optional(),
  text: z.string(),
  category: z.string(),
  reason: z.string(),
  suggestion: z.string().optional(),
});
export type BiasFlag = z.infer<typeof biasFlag>;

/** What a bias flag's category means, as a recruiter reads it (issue 31): never the raw code. */
const BIAS_LABELS: Record<string, string> = {
  age: 'Asks about age',
  gender: 'Asks about sex or gender',
  sexual_orientation_gender: 'Asks about sexual orientation or gender identity',
  marital_family: 'Asks about family or marital status',
  pregnancy: 'Asks about pregnancy or plans for children',
  national_origin: 'Asks about national origin or citizenship',
  race_ethnicity: 'Asks about race or ethnicity',
  religion: 'Asks about religion',
  disability_health: 'Asks about disability or health',
  genetic: 'Asks about genetic information or family medical history',
  appearance: 'Asks about looks or body',
  arrest_record: 'Asks about arrests or convictions',
  military_discharge: 'Asks about military discharge',
  salary_history: 'Asks about salary history',
  private_life: 'Asks about private life, not the work',
};
export const biasLabel = (category: string): string => BIAS_LABELS[category] ?? 'May be unfair or unlawful to ask';

/** POST /api/bias-check: questions checked before they are saved (the editor asks for a confirmation when one is flagged). */
export const biasCheckInput = z.object({ questions: z.array(z.string().max(2_000)).min(1).max(30) });
export const biasCheckResult = z.object({ flags: z.array(biasFlag) });

/**
 * Something a recruiter should check before deciding (issue 31, item 4): the candidate's words that
 * admit breaking a rule, describe an unsafe practice, say a licence is expired or uncertain, or are
 * hostile to the people the job serves. Listed apart from the scores, with the quote and its time.
 */
export const WORTH_CHECKING_KINDS = ['rule_breaking', 'unsafe', 'licence', 'hostility'] as const;
export const worthCheckingItem = z.object({
  kind: z.enum(WORTH_CHECKING_KINDS),
  /** A literal substring of the candidate's words. */
  quote: z.string(),
  atMs: z.number().nonnegative().optional(),
});
export type WorthCheckingItem = z.infer<typeof worthCheckingItem>;

/** What each kind means, as a recruiter reads it. */
export const WORTH_CHECKING_LABELS: Record<WorthCheckingItem['kind'], string> = {
  rule_breaking: 'Admits breaking a rule',
  unsafe: 'Describes an unsafe practice',
  licence: 'Licence or certificate may not be current',
  hostility: 'Hostile to the people the job serves',
};

export const evaluation = z.object({
  summary: z.string(),
  /** Rubric-weighted average of the criterion scores, computed by code; null when nothing could be judged. */
  overall: z.number().min(0).max(100).nullable(),
  criteria: z.array(criterionResult),
  insufficientEvidence: z.boolean(),
  engine: z.string(),
  model: z.string().optional(),
  promptVersion: z.string(),
  /** Why a configured model was not used, when the built-in engine stood in. */
  fallbackReason: z.string().optional(),
  /** How many times the model scored the interview (AI_SAMPLES); each criterion is the median. */
  samples: z.number().int().min(1).optional(),
  biasFlags: z.array(biasFlag).default([]),
  /** Red flags in the candidate's own words (issue 31), whatever engine scored the interview. */
  worthChecking: z.array(worthCheckingItem).optional(),
});
export type Evaluation = z.infer<typeof evaluation>;

/**
 * An evaluation as a candidate's row stores it (interviews.feedback, phone_screening_candidates.feedback):
 * the engine's, with when it was made, parsed on every write. Rows written before evaluations
 * were typed (migration 0021 brought them to this shape) have no engine, prompt version or time.
 */
export const storedEvaluation = evaluation.extend({
  engine: z.string().optional(),
  promptVersion: z.string().optional(),
  evaluatedAt: z.string().optional(),
});
export type StoredEvaluation = z.infer<typeof storedEvaluation>;

export const contextualInput = z.object({
  previousResponse: z.string().max(20_000),
  nextQuestion: z.string().min(1).max(2_000),
});
export const contextualOutput = z.object({ response: z.string() });
export const ttsInput = z.object({ text: z.string().trim().min(1).max(4_000) });
