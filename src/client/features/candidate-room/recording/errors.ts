import type { RecorderErrorCode } from './types';

/** No MediaRecorder (or no getUserMedia): the UI shows 'Unsupported Browser'. */
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

/** What the room asks MediaRecorder for, best first: WebM VP8/Opus (the spec's), then MP4 H.264/AAC (Safari, iPhones). */
export const RECORDING_MIME_TYPES = {
  video: ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a', 'video/mp4'],
  audio: ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a', 'audio/mp4'],
} as const;

/**
 * The MediaRecorder mime type to record with (decision 047): the first of RECORDING_MIME_TYPES the
 * browser says it records; '' when it names none of them (or cannot say) but has MediaRecorder:
 * record in the browser's own default (`new MediaRecorder(stream, { mimeType: '' })`; the type is
 * then the recorder's `mimeType`). null: this browser cannot record (no MediaRecorder). Compare
 * with `=== null`: '' means it can.
 */
export function pickMimeType(video: boolean): string | null {
  if (typeof MediaRecorder !== 'function') return null;
  if (typeof MediaRecorder.isTypeSupported !== 'function') return '';
  return RECORDING_MIME_TYPES[video ? 'video' : 'audio'].find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}
