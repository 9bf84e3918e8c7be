import { z } from 'zod';
import { biasFlag, criterionResult, transcriptEntry, worthCheckingItem } from './ai';
import { reviewDecision, reviewEntryKind } from './status-enums';

/** A criterion of an interview's feedback as the report reads it (weights are in the review state). */
export const reportCriterion = criterionResult.omit({ weight: true });
export type ReportCriterion = z.infer<typeof reportCriterion>;

/**
 * An interview's feedback on the wire: the stored evaluation (contracts/ai.ts `storedEvaluation`)
 * without the criteria's weights and the record's own fields (modules/report/stored-feedback.ts).
 */
export const reportFeedback = z.object({
  summary: z.string(),
  /** 0–100; null when nothing could be judged. */
  overall: z.number().min(0).max(100).nullable(),
  criteria: z.array(reportCriterion),
  insufficientEvidence: z.boolean(),
  engine: z.string().optional(),
  model: z.string().optional(),
  fallbackReason: z.string().optional(),
  biasFlags: z.array(biasFlag),
  /** Red flags in the candidate's words, listed apart from the scores ("Worth checking"). */
  worthChecking: z.array(worthCheckingItem),
});
export type ReportFeedback = z.infer<typeof reportFeedback>;

export const recordingStatus = z.object({
  hasRecording: z.boolean(),
  /** The first segment's URL (owner only), or null. */
  recordingUrl: z.string().nullable(),
  /** Every segment of the recording, in order (more than one when the candidate's page reloaded). */
  segments: z.array(z.object({ url: z.string(), bytes: z.number() })),
});
export type RecordingStatus = z.infer<typeof recordingStatus>;


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
  kind: reviewEntryKind,
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

// ---- AI–human agreement (docs/decisions/012-ai-human-agreement.md) -------------------------------

/** A reviewer's criterion score within this many points of the AI's agrees with it (more than this is a change). */
export const AGREEMENT_POINTS = 10;
/** The correlation of AI and reviewed overall scores is shown from this many reviewed interviews on. */
export const AGREEMENT_CORRELATION_MIN_INTERVIEWS = 10;

/**
 * How far reviewers move the AI, over reviewed interviews (completed, with any score change or
 * decision recorded) of one job or of the whole company. A compared score is a criterion the AI
 * judged, its current (reviewed) score against the AI's.
 */
export const agreement = z.object({
  reviewedInterviews: z.number().int(),
  comparedScores: z.number().int(),
  /** Mean of |reviewer − AI| over the compared scores, in points (one decimal); null with none. */
  meanAbsoluteDifference: z.number().nullable(),
  /** Mean of (reviewer − AI), in points (one decimal): above 0 reviewers raise the AI's scores, below 0 they lower them. */
  meanSignedDifference: z.number().nullable(),
  /** Compared scores moved by more than 10 points. */
  changedByMoreThan10: z.number().int(),
  /** changedByMoreThan10 / comparedScores, 0..1; null with none. */
  shareChangedByMoreThan10: z.number().nullable(),
  /** Within 10 points of the AI (1 − shareChangedByMoreThan10), 0..1; null with none. */
  shareWithin10: z.number().nullable(),
  /** Compared scores the reviewers raised, and lowered. */
  raised: z.number().int(),
  lowered: z.number().int(),
  /** Pearson's r of AI and reviewed overall scores (two decimals); null below 10 reviewed interviews or when either side never varies. */
  correlation: z.number().nullable(),
  /** Reviewed interviews still needed before the correlation shows; 0 once there are enough. */
  reviewsNeededForCorrelation: z.number().int(),
  /** The figures in one or two plain sentences; null when nothing is reviewed yet. */
  summary: z.string().nullable(),
});
export type Agreement = z.infer<typeof agreement>;

/** A share as a whole percent that never reads 0 % or 100 % unless it is exactly that. */
export function wholePercent(share: number): number {
  const percent = Math.round(share * 100);
  if (percent === 100 && share < 1) return 99;
  if (percent === 0 && share > 0) return 1;
  return percent;
}

// ---- Server transcripts (docs/decisions/013-server-transcripts.md) -----------------------------

/**
 * GET /api/interview/{id}/transcripts: the browser's live transcript, the server's transcript of
 * the recording when there is one, and which of the two the evaluation scored.
 */
export const interviewTranscripts = z.object({
  scored: z.enum(['server', 'browser']),
  /** Why the browser's transcript was scored although server transcription is configured ("server transcription failed (timeout after 120 s)"); null otherwise. */
  fallbackReason: z.string().nullable(),
  browser: z.array(transcriptEntry),
  server: z
    .object({
      provider: z.enum(['openai', 'openai-compatible']),
      model: z.string(),
      language: z.string().nullable(),
      /** The questions as the browser has them, with the candidate's words as the server heard them; times on the recording's clock. */
      transcript: z.array(transcriptEntry),
    })
    .nullable(),
});
export type InterviewTranscripts = z.infer<typeof interviewTranscripts>;
