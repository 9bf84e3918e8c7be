/** MediaRecorder and getUserMedia (the latter only exists in a secure context). */
export function hasMediaRecorder(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The recorder's refusal to run in this browser (its UnsupportedBrowserError), told apart by name, not class. */
export function isUnsupportedBrowserError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'UnsupportedBrowserError' || err.message === 'Unsupported Browser');
}
