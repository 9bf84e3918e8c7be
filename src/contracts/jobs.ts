import { z } from 'zod';
import { idField } from './ids';
import { cleanAnchors, rubricCriterion, type BehaviourAnchors } from './ai';

export const JOB_TITLE_MAX = 200;
const jobTitle = z.string().trim().min(1, 'Job title is required').max(JOB_TITLE_MAX, `Job title must be at most ${JOB_TITLE_MAX} characters`);
const jobDescription = z.string().trim().min(1, 'Job description is required').max(20_000, 'Job description must be at most 20000 characters');

export const createJobInput = z.object({
  title: jobTitle,
  description: jobDescription,
  skills: z.string().trim().max(2_000).optional(),
  questions: z.array(z.string().max(2_000)).max(30).optional(),
  rubric: z.array(rubricCriterion).max(20).optional(),
  videoRecording: z.boolean().optional(),
  /**
   * Start from one of the company's templates (contracts/templates.ts): its questions, rubric and
   * video setting are copied unless given here; the title and description are the ones sent.
   */
  templateId: idField('templateId').optional(),
});
export type CreateJobInput = z.input<typeof createJobInput>;

/** PATCH /api/job/{id}: a new title, a new description, or both, checked as when creating. */
export const updateJobInput = z
  .object({ title: jobTitle.optional(), description: jobDescription.optional() })
  .refine((v) => v.title !== undefined || v.description !== undefined, { message: 'Send a title, a description or both' });
export type UpdateJobInput = z.output<typeof updateJobInput>;

/** DELETE /api/job/{id} of a job that has interviews. */
export const JOB_HAS_INTERVIEWS = 'Only a job without interviews can be deleted. Close it instead.';

/** The title of a job's duplicate: 'Copy of {title}', cut to the longest title allowed. */
export function copyTitle(title: string): string {
  return `Copy of ${title}`.slice(0, JOB_TITLE_MAX).trimEnd();
}

export const jobListItem = z.object({
  id: z.number(),
  title: z.string(),
  num_of_interviews: z.number(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
  /** When the job was closed; null while it is open. */
  closedAt: z.string().nullable(),
});
export type JobListItem = z.infer<typeof jobListItem>;

/**
 * How a spoken answer ends (issue 32, decision 055): after a pause of `pauseMs` (longer while the
 * answer is still short), unless the recruiter turned automatic ending off; `thinkingMs` of silence
 * after a question before the room says one gentle line. End Response and Space always end it at once.
 */
export const ANSWER_PAUSE_MS = { min: 1500, max: 6000, default: 2500 } as const;
export const THINKING_TIME_MS = { min: 5000, max: 120_000, default: 20_000 } as const;
export const answering = z.object({
  autoEnd: z.boolean(),
  pauseMs: z
    .number()
    .int()
    .min(ANSWER_PAUSE_MS.min, 'The pause must be between 1.5 and 6 seconds')
    .max(ANSWER_PAUSE_MS.max, 'The pause must be between 1.5 and 6 seconds'),
  thinkingMs: z
    .number()
    .int()
    .min(THINKING_TIME_MS.min, 'Thinking time must be between 5 and 120 seconds')
    .max(THINKING_TIME_MS.max, 'Thinking time must be between 5 and 120 seconds'),
});
export type Answering = z.infer<typeof answering>;
export const DEFAULT_ANSWERING: Answering = { autoEnd: true, pauseMs: ANSWER_PAUSE_MS.default, thinkingMs: THINKING_TIME_MS.default };

export const job = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  questions: z.array(z.string()),
  rubric: z.array(rubricCriterion).nullable(),
  videoRecording: z.boolean(),
  answering,
  createdAt: z.string(),
  lastActivity: z.string().nullable(),
  num_of_interviews: z.number(),
  /** When the job was closed; null while it is open. */
  closedAt: z.string().nullable(),
  /** Questions the bias check flagged, with the reason and a neutral rewording. */
  biasFlags: z.array(z.object({ index: z.number().optional(), text: z.string(), category: z.string(), reason: z.string(), suggestion: z.string().optional() })),
});
export type Job = z.infer<typeof job>;

/** What a candidate's link may see of a job: its title and questions, nothing else. */
export const candidateJob = z.object({ id: z.number(), title: z.string(), questions: z.array(z.string()), videoRecording: z.boolean(), answering });
export type CandidateJob = z.infer<typeof candidateJob>;

export const updateQuestionsInput = z.object({ questions: z.array(z.string().max(2_000)).max(30) });
export const updateRubricInput = z.object({ rubric: z.array(rubricCriterion.extend({ name: z.string().max(120), description: z.string().max(1000) })).max(20) });

export const QUESTIONS_REQUIRED = 'Please add at least one question';
export const CRITERIA_REQUIRED = 'Please add at least one evaluation criterion';

/** Blank questions are dropped; at least one must remain. */
export function cleanQuestions(questions: string[]): string[] {
  return questions.map((q) => q.trim()).filter((q) => q.length > 0);
}

/**
 * Criteria with a blank name are dropped and the weights are scaled to whole numbers totalling
 * exactly 100 (see scaleWeightsTo100).
 */
export function cleanRubric<T extends { name: string; description: string; weight: number; anchors?: Partial<BehaviourAnchors> }>(rubric: T[]): T[] {
  const kept = rubric
    .map((c) => {
      const { anchors, ...rest } = c;
      const cleaned = cleanAnchors(anchors);
      return { ...rest, name: c.name.trim(), description: c.description.trim(), ...(cleaned ? { anchors: cleaned } : {}) } as T;
    })
    .filter((c) => c.name.length > 0);
  return scaleWeightsTo100(kept);
}

/**
 * Whole-number weights from 0 to 100 that total exactly 100, in proportion to the given ones, by
 * largest-remainder rounding: each criterion gets the whole part of its exact share, and the points
 * still missing go one each to the largest fractional parts (ties to the later criterion, so an
 * even three-way split reads 33, 33, 34). Weights that are negative, not numbers or all zero count
 * as zero; if every weight is zero the shares are equal. With `minimum`, a criterion below it is
 * raised to it with points taken from the largest weight (the screening rubric upload counts every
 * listed criterion for at least 1%). The one scaling rule of the job editor, the job API, the AI's
 * rubrics and the screening rubric upload.
 */
export function scaleWeightsTo100<T extends { weight: number }>(criteria: T[], options: { minimum?: number } = {}): T[] {
  if (criteria.length === 0) return criteria;
  const given = criteria.map((c) => (Number.isFinite(c.weight) && c.weight > 0 ? c.weight : 0));
  const total = given.reduce((s, w) => s + w, 0);
  const exact = given.map((w) => (total > 0 ? (w / total) * 100 : 100 / criteria.length));
  const weights = exact.map((e) => Math.floor(e));
  let missing = 100 - weights.reduce((s, w) => s + w, 0);
  const byRemainder = exact.map((_, i) => i).sort((a, b) => exact[b]! - weights[b]! - (exact[a]! - weights[a]!) || b - a);
  for (const i of byRemainder) {
    if (missing <= 0) break;
    weights[i]! += 1;
    missing -= 1;
  }
  const minimum = Math.min(options.minimum ?? 0, Math.floor(100 / criteria.length));
  for (let i = 0; i < weights.length; i++) {
    while (weights[i]! < minimum) {
      const largest = weights.reduce((best, w, j) => (w > weights[best]! ? j : best), 0);
      weights[largest]! -= 1;
      weights[i]! += 1;
    }
  }
  return criteria.map((c, i) => ({ ...c, weight: weights[i]! }));
}
