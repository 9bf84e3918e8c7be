import { z } from 'zod';
import { transcriptEntry } from './ai';

/** Where and how the candidate's browser uploads the recording (tus, resumable). */
export const startInterviewResult = z.object({
  status: z.literal('in_progress'),
  startedAt: z.string(),
  /** Whether to record video (else audio only, microphone alone). */
  videoRecording: z.boolean(),
  uploadEndpoint: z.string(),
  maxUploadBytes: z.number(),
  /** Transcript saved so far (a reload continues from it). */
  transcript: z.array(transcriptEntry),
});
export type StartInterviewResult = z.infer<typeof startInterviewResult>;

export const saveTranscriptInput = z.object({ transcript: z.array(transcriptEntry).max(2_000) });

export const followUpInput = z.object({ question: z.string().trim().min(1).max(4_000), answer: z.string().max(20_000) });
export const followUpResult = z.object({ followUp: z.string().nullable() });

export const completeInterviewInput = z.object({
  /** The tus upload ids of the recording's segments, in order (one unless the page was reloaded mid-interview). */
  uploadIds: z.array(z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Invalid upload id')).min(1).max(20),
  transcript: z.array(transcriptEntry).max(2_000),
});
export const completeInterviewResult = z.object({ status: z.literal('evaluating') });

/** Headers and metadata the tus upload carries. */
export const UPLOAD_TOKEN_HEADER = 'X-Candidate-Token';
export const WEBM_SIGNATURE = [0x1a, 0x45, 0xdf, 0xa3];
