import { z } from 'zod';

export const rubricCriterion = z.object({
  name: z.string().trim().min(1).max(120).describe('Short name of what is evaluated, e.g. "Problem solving"'),
  description: z.string().trim().max(1000).describe('How this criterion is evaluated: what a strong answer shows'),
  weight: z.number().min(0).max(100).describe('Share of the overall score in percent; all weights total 100'),
});
export type RubricCriterion = z.infer<typeof rubricCriterion>;

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
  biasFlags: z.array(biasFlag).default([]),
});
export type Evaluation = z.infer<typeof evaluation>;

export const contextualInput = z.object({
  previousResponse: z.string().max(20_000),
  nextQuestion: z.string().min(1).max(2_000),
});
export const contextualOutput = z.object({ response: z.string() });
export const ttsInput = z.object({ text: z.string().trim().min(1).max(4_000) });
