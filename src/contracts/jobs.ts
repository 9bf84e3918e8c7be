import { z } from 'zod';
import { rubricCriterion } from './ai';

export const createJobInput = z.object({
  title: z.string().trim().min(1, 'Job title is required').max(200),
  description: z.string().trim().min(1, 'Job description is required').max(20_000),
  skills: z.string().trim().max(2_000).optional(),
  questions: z.array(z.string().max(2_000)).max(30).optional(),
  rubric: z.array(rubricCriterion).max(20).optional(),
  videoRecording: z.boolean().optional(),
});
export type CreateJobInput = z.input<typeof createJobInput>;

export const jobListItem = z.object({
  id: z.number(),
  title: z.string(),
  num_of_interviews: z.number(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
});
export type JobListItem = z.infer<typeof jobListItem>;

export const job = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  questions: z.array(z.string()),
  rubric: z.array(rubricCriterion).nullable(),
  videoRecording: z.boolean(),
  createdAt: z.string(),
  lastActivity: z.string().nullable(),
  num_of_interviews: z.number(),
  /** Questions the bias check flagged, with the reason and a neutral rewording. */
  biasFlags: z.array(z.object({ index: z.number().optional(), text: z.string(), category: z.string(), reason: z.string(), suggestion: z.string().optional() })),
});
export type Job = z.infer<typeof job>;

/** What a candidate's link may see of a job: its title and questions, nothing else. */
export const candidateJob = z.object({ id: z.number(), title: z.string(), questions: z.array(z.string()), videoRecording: z.boolean() });
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
 * Criteria with a blank name are dropped; weights that do not total 100 are scaled proportionally
 * and rounded, and the last criterion takes the remainder so the total is exactly 100.
 */
export function cleanRubric<T extends { name: string; description: string; weight: number }>(rubric: T[]): T[] {
  const kept = rubric
    .map((c) => ({ ...c, name: c.name.trim(), description: c.description.trim(), weight: Number.isFinite(c.weight) ? Math.max(0, Math.min(100, c.weight)) : 0 }))
    .filter((c) => c.name.length > 0);
  return scaleWeightsTo100(kept);
}

/** Weights scaled proportionally and rounded; the last criterion takes the remainder so they total exactly 100. */
export function scaleWeightsTo100<T extends { weight: number }>(criteria: T[]): T[] {
  if (criteria.length === 0) return criteria;
  const total = criteria.reduce((s, c) => s + c.weight, 0);
  if (total === 100) return criteria;
  const scaled = criteria.map((c) => ({ ...c, weight: total > 0 ? Math.round((c.weight / total) * 100) : Math.floor(100 / criteria.length) }));
  const head = scaled.slice(0, -1).reduce((s, c) => s + c.weight, 0);
  scaled[scaled.length - 1]!.weight = 100 - head;
  return scaled;
}
