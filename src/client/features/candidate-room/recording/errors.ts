import type { RecorderErrorCode } from './types';

/** No MediaRecorder (or no getUserMedia, or no WebM support): the UI shows 'Unsupported Browser'. */
export class UnsupportedBrowserError extends Error {
  constructor() {
    super('Unsupported Browser');
    this.name = 'UnsupportedBrowserError';
  }
}

/** acquire() / start() reject with this; the same code is in the recorder's `error`. */
export class RecorderError extends Error {
  constructor(
    readonly code: RecorderErrorCode,
    readonly cause?: unknown,
  ) {
    super(`Recorder error: ${code}`);
    this.name = 'RecorderError';
  }
}

/** The spec's recorder error code for a getUserMedia / MediaRecorder failure. */
export function mediaErrorCode(error: unknown): RecorderErrorCode {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission_denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'no_specified_media_found';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'media_in_use';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'invalid_media_constraints';
    case 'AbortError':
      return 'media_aborted';
    case 'TypeError':
      return 'no_constraints';
    default:
      return 'recorder_error';
  }
}

/** Whether this browser can record at all (MediaRecorder and getUserMedia present). */
export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The MediaRecorder mime type: WebM (the server accepts nothing else), VP8 + Opus when possible. */
export function pickMimeType(video: boolean): string | null {
  const candidates = video ? ['video/webm;codecs=vp8,opus', 'video/webm'] : ['audio/webm;codecs=opus', 'audio/webm'];
  if (typeof MediaRecorder.isTypeSupported !== 'function') return candidates[0] ?? null;
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}
