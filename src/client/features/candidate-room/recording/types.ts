import type { RECORDER_ERROR_CODES } from '@/contracts/candidate-room';

/** Recorder statuses, as the spec names them. */
export type RecorderStatus = 'idle' | 'acquiring_media' | 'recording' | 'paused' | 'stopping' | 'stopped';

/** Recorder error codes, as the spec names them. */
export type RecorderErrorCode = (typeof RECORDER_ERROR_CODES)[number];

export interface UploadProgress {
  /** Bytes the recorder has produced in this page's segment and earlier unfinished segments. */
  recordedBytes: number;
  /** Bytes the server has acknowledged. */
  uploadedBytes: number;
  /** False while the browser is offline or the server cannot be reached; uploading resumes by itself. */
  online: boolean;
}

export interface InterviewRecorderOptions {
  interviewId: number;
  /** The candidate token from the link. */
  token: string;
  /** Record video and audio, or audio only. */
  video: boolean;
  /** tus endpoint, e.g. '/api/uploads'. */
  uploadEndpoint: string;
}

/**
 * The recording pipeline the candidate room uses. Every chunk the MediaRecorder emits (100 ms
 * timeslice, video/webm;codecs=vp8,opus) is stored in IndexedDB before anything else, uploaded with
 * tus as it arrives, and deleted only once the server acknowledged it, so a dropped connection, a
 * reload or a server restart loses nothing.
 */
export interface InterviewRecorder {
  status: RecorderStatus;
  error: RecorderErrorCode | null;
  /** The live camera/microphone stream while acquired (for the preview and the level meter). */
  stream: MediaStream | null;
  progress: UploadProgress;
  /** Acquire camera and microphone (or microphone alone) without recording: for the ready-view preview. */
  acquire(): Promise<MediaStream>;
  /** Start recording a new segment on the acquired stream (acquires it first if needed). */
  start(): Promise<void>;
  /**
   * Stop recording and wait until every segment of this interview (including ones left by an
   * earlier page load) is fully on the server. Resolves with the tus upload ids, in order.
   * Rejects only when the server refuses the upload outright (not for a network outage, which is
   * waited out).
   */
  finish(): Promise<string[]>;
  /** Release camera and microphone. */
  release(): void;
}
