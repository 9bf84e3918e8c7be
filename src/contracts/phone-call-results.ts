import { z } from 'zod';
import { storedEvaluation } from './ai';
import { candidateDataState } from './candidate-data';
import { callProvider, phoneCallStatus, screeningCandidateStatus } from './status-enums';

/** How screening calls are carried on this server: by phone (Twilio configured) or in the browser. */
export const callMode = z.object({ mode: callProvider });
export type CallMode = z.infer<typeof callMode>;

/** The candidate's personal link to take the screening call in the browser. */
export const callLink = z.object({ url: z.string() });
export type CallLink = z.infer<typeof callLink>;

export const callTranscriptEntry = z.object({ speaker: z.string(), text: z.string() });
export type CallTranscriptEntry = z.infer<typeof callTranscriptEntry>;

/** What the call page needs before the call starts (for the candidate by link, or the recruiter). */
export const candidateCallInfo = z.object({
  candidateId: z.number(),
  candidateName: z.string(),
  agentName: z.string(),
  companyName: z.string(),
  jobTitle: z.string().nullable(),
  status: screeningCandidateStatus,
  questionsCount: z.number(),
  /** True when a browser call was left part-way (a reload): starting again resumes it. */
  callUnderway: z.boolean(),
  /** What was said so far in the call under way; empty otherwise. */
  transcript: z.array(callTranscriptEntry),
});
export type CandidateCallInfo = z.infer<typeof candidateCallInfo>;

/** The AI's scoring of the call: the same evaluation as video interviews, with each criterion's weight. */
export const screeningFeedback = storedEvaluation
  .pick({ summary: true, overall: true, criteria: true, insufficientEvidence: true, engine: true, model: true, fallbackReason: true })
  .extend({ evaluatedAt: z.string().nullable() });
export type ScreeningFeedback = z.infer<typeof screeningFeedback>;

/** One call placed (or taken in the browser) for the candidate. */
export const screeningCall = z.object({
  id: z.number(),
  attempt: z.number(),
  provider: callProvider,
  status: phoneCallStatus,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** Why the provider could not place the call, when it said. */
  error: z.string().nullable(),
});
export type ScreeningCall = z.infer<typeof screeningCall>;

/** GET /api/phone-screening/candidates/{candidateId}/result: the screening's outcome for one candidate. */
export const screeningResult = z.object({
  id: z.number(),
  screeningId: z.number(),
  jobTitle: z.string().nullable(),
  agentName: z.string(),
  candidateName: z.string(),
  countryCode: z.string(),
  phoneNumber: z.string(),
  interviewTime: z.string(),
  timeZone: z.string(),
  notes: z.string().nullable(),
  status: screeningCandidateStatus,
  /** Why the screening stopped or is waiting, in words (a failed call, a retry scheduled). */
  outcome: z.string().nullable(),
  attempts: z.number(),
  nextCallAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  transcript: z.array(callTranscriptEntry),
  /** Null until the call has been scored. */
  feedback: screeningFeedback.nullable(),
  /** The call recording (phone calls only); null when there is none. */
  recordingUrl: z.string().nullable(),
  calls: z.array(screeningCall),
}).extend(candidateDataState.shape);
export type ScreeningResult = z.infer<typeof screeningResult>;
