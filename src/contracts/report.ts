import { z } from 'zod';
import { biasFlag } from './ai';

export const recordingStatus = z.object({
  hasRecording: z.boolean(),
  /** The first segment's URL (owner only), or null. */
  recordingUrl: z.string().nullable(),
  /** Every segment of the recording, in order (more than one when the candidate's page reloaded). */
  segments: z.array(z.object({ url: z.string(), bytes: z.number() })),
});
export type RecordingStatus = z.infer<typeof recordingStatus>;

export const reviewDecision = z.enum(['advance', 'hold', 'reject']);
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const reviewInput = z
  .object({
    /** Score changes: each needs a reason. */
    scores: z
      .array(
        z.object({
          criterion: z.string().min(1).max(200),
          score: z.number().int().min(0).max(100),
          reason: z.string().trim().min(1, 'A reason is required for every score change').max(2_000),
        }),
      )
      .max(20)
      .default([]),
    decision: reviewDecision.optional(),
    /** Why the decision was taken (required with a decision). */
    note: z.string().trim().max(5_000).optional(),
  })
  .refine((v) => v.scores.length > 0 || v.decision !== undefined, { message: 'Change a score or record a decision', path: ['decision'] })
  .refine((v) => v.decision === undefined || (v.note ?? '').length > 0, { message: 'A note is required with a decision', path: ['note'] });
export type ReviewInput = z.input<typeof reviewInput>;

export const reviewEvent = z.object({
  id: z.number(),
  kind: z.enum(['score', 'decision']),
  criterion: z.string().nullable(),
  fromScore: z.number().nullable(),
  toScore: z.number().nullable(),
  decision: reviewDecision.nullable(),
  reason: z.string(),
  by: z.string(),
  at: z.string(),
});
export type ReviewEvent = z.infer<typeof reviewEvent>;

/** The report's review state: the AI's values, the current values after human changes, and the history. */
export const reviewState = z.object({
  ai: z.object({ overall: z.number().nullable(), criteria: z.array(z.object({ name: z.string(), weight: z.number(), score: z.number().nullable() })) }),
  /** After the reviewers' changes: a criterion is adjusted when its score differs from the AI's; the overall is then recomputed from the weights. */
  current: z.object({
    overall: z.number().nullable(),
    /** Any criterion adjusted. */
    adjusted: z.boolean(),
    criteria: z.array(z.object({ name: z.string(), weight: z.number(), score: z.number().nullable(), adjusted: z.boolean() })),
  }),
  decision: reviewDecision.nullable(),
  history: z.array(reviewEvent),
  /** Bias-check flags for the questions the job asks. */
  questionFlags: z.array(biasFlag),
});
export type ReviewState = z.infer<typeof reviewState>;

export const jobAnalytics = z.object({
  invited: z.number(),
  started: z.number(),
  completed: z.number(),
  /** Completed interviews whose scores a reviewer adjusted; every score below is the current (reviewed) one. */
  adjusted: z.number(),
  /** completed / invited, 0..1; null with no interviews. */
  completionRate: z.number().nullable(),
  /** Average minutes from start to submission, over completed interviews. */
  averageDurationMinutes: z.number().nullable(),
  averageOverall: z.number().nullable(),
  /** Ten buckets: 0-9, 10-19, … 90-100. */
  scoreDistribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number() })),
  criteria: z.array(z.object({ name: z.string(), average: z.number().nullable(), scored: z.number() })),
  decisions: z.object({ advance: z.number(), hold: z.number(), reject: z.number() }),
});
export type JobAnalytics = z.infer<typeof jobAnalytics>;
