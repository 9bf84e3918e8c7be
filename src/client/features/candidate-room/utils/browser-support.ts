import { speechRecognitionConstructor } from '@/client/lib/speech-recognition';
import { pickMimeType } from '../recording/errors';

/** MediaRecorder and getUserMedia (the latter only exists in a secure context). */
export function hasMediaRecorder(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** What this browser can do in the room, checked before the candidate agrees to anything (issue 30). */
export interface BrowserCapabilities {
  /** A camera and microphone API, and a recorder with a format it records (WebM or MP4). */
  canRecord: boolean;
  /** Speech recognition: answers can be spoken; without it they are typed. */
  canListen: boolean;
}

export function browserCapabilities(video: boolean): BrowserCapabilities {
  return {
    canRecord: hasMediaRecorder() && pickMimeType(video) !== null,
    canListen: typeof window !== 'undefined' && speechRecognitionConstructor() !== null,
  };
}

/** The recorder's refusal to run in this browser (its UnsupportedBrowserError), told apart by name, not class. */
export function isUnsupportedBrowserError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'UnsupportedBrowserError' || err.message === 'Unsupported Browser');
}
