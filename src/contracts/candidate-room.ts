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
  /**
   * The server transcribes one answer's audio (STT_PROVIDER is set): where the browser cannot
   * listen, answers are still spoken (POST /api/interview/{id}/answer-transcription, decision 056).
   */
  answerTranscription: z.boolean(),
});
export type StartInterviewResult = z.infer<typeof startInterviewResult>;

/**
 * One answer's audio, sent as the raw request body with the MediaRecorder's own content type
 * (codecs parameters allowed): WebM (Chromium, Firefox), Ogg (Firefox) or MP4 (Safari).
 */
export const ANSWER_AUDIO_CONTENT_TYPE = /^(audio|video)\/(webm|ogg|mp4)\s*(;.*)?$/i;
/**
 * The largest answer the server transcribes: about 20 minutes of the room's 64 kbit/s Opus, far
 * past any answer, and well under OpenAI's 25 MB per file (decision 056).
 */
export const ANSWER_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const answerTranscriptionResult = z.object({
  /** What the provider heard; '' when the answer had no speech. */
  text: z.string(),
});
export type AnswerTranscriptionResult = z.infer<typeof answerTranscriptionResult>;

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

/**
 * The containers a browser's MediaRecorder writes (issue 30): WebM (Chromium, Firefox) and MP4
 * (Safari and every iPhone browser, WebKit). Told apart by their first bytes: WebM's EBML
 * signature, and MP4's `ftyp` box (its size in bytes 0-3, then "ftyp").
 */
export const RECORDING_FORMATS = ['webm', 'mp4'] as const;
export type RecordingFormat = (typeof RECORDING_FORMATS)[number];
/** How many first bytes recordingFormatOf needs. */
export const RECORDING_HEAD_BYTES = 8;

export function recordingFormatOf(head: Uint8Array): RecordingFormat | null {
  if (head.length >= 4 && WEBM_SIGNATURE.every((b, i) => head[i] === b)) return 'webm';
  if (head.length >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70) return 'mp4';
  return null;
}

/** The content type a stored recording is played and exported with. */
export const recordingContentType = (format: RecordingFormat, hasVideo: boolean) => `${hasVideo ? 'video' : 'audio'}/${format}`;

/** What a refused recording is told. */
export const NOT_A_RECORDING = 'The recording is not a WebM or MP4 file';

/** The recorder's error codes, as the spec names them. */
export const RECORDER_ERROR_CODES = [
  'media_aborted',
  'permission_denied',
  'no_specified_media_found',
  'media_in_use',
  'invalid_media_constraints',
  'no_constraints',
  'recorder_error',
] as const;

/**
 * Why a candidate's start failed in their browser (issue 30): it cannot record at all (no
 * MediaRecorder, no format it records), or the camera or microphone could not be used.
 */
export const START_PROBLEM_REASONS = ['cannot_record', 'media_unavailable'] as const;
export const startProblemInput = z.object({
  reason: z.enum(START_PROBLEM_REASONS),
  /** The recorder's error code, for 'media_unavailable'. */
  code: z.enum(RECORDER_ERROR_CODES).optional(),
});
export type StartProblemInput = z.infer<typeof startProblemInput>;

/** What the recruiter sees of a failed start: the reason, the browser (read from its User-Agent) and when. */
export const startProblem = z.object({
  reason: z.enum(START_PROBLEM_REASONS),
  code: z.enum(RECORDER_ERROR_CODES).nullable(),
  /** "Safari 17.4 on iOS"; "an unknown browser" when its User-Agent tells nothing. */
  browser: z.string(),
  at: z.string(),
});
export type StartProblem = z.infer<typeof startProblem>;

const MEDIA_PROBLEMS: Record<(typeof RECORDER_ERROR_CODES)[number], string> = {
  media_aborted: 'the camera or microphone stopped',
  permission_denied: 'the candidate did not allow the camera or microphone',
  no_specified_media_found: 'no camera or microphone was found',
  media_in_use: 'the camera or microphone is in use by another program',
  invalid_media_constraints: 'the camera or microphone could not be set up',
  no_constraints: 'the camera or microphone could not be set up',
  recorder_error: 'the recording could not start',
};

/** Why, and in which browser: "this browser cannot record (Safari 17.4 on iOS)". */
export function startProblemReason(problem: Pick<StartProblem, 'reason' | 'code' | 'browser'>): string {
  const what = problem.reason === 'cannot_record' ? 'this browser cannot record' : MEDIA_PROBLEMS[problem.code ?? 'recorder_error'];
  return `${what} (${problem.browser})`;
}

/** The recruiter's line for it: "Could not start: this browser cannot record (Safari 17.4 on iOS)". */
export const startProblemText = (problem: Pick<StartProblem, 'reason' | 'code' | 'browser'>): string => `Could not start: ${startProblemReason(problem)}`;
