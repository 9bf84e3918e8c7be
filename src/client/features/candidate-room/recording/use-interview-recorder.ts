import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { RecorderController } from './recorder-controller';
import type { InterviewRecorder, InterviewRecorderOptions } from './types';

export { RecorderError, UnsupportedBrowserError, isRecordingSupported } from './errors';
export type { InterviewRecorder, InterviewRecorderOptions, RecorderErrorCode, RecorderStatus, UploadProgress } from './types';

/**
 * The candidate room's recorder: camera/microphone, MediaRecorder (WebM, 100 ms chunks), every
 * chunk stored in IndexedDB first, then uploaded with tus while the interview runs. Keep the
 * component that calls it mounted for the whole interview; unfinished segments of an earlier page
 * load of the same interview are resumed in the background on mount.
 */
export function useInterviewRecorder(options: InterviewRecorderOptions): InterviewRecorder {
  const [controller, setController] = useState(() => new RecorderController(options));
  if (controller.interviewId !== options.interviewId) {
    // Another interview: a fresh pipeline (the old one is unmounted by the effect below).
    setController(new RecorderController(options));
  }

  const { token, video, uploadEndpoint } = options;
  useEffect(() => {
    controller.configure({ token, video, uploadEndpoint });
  }, [controller, token, video, uploadEndpoint]);

  useEffect(() => {
    controller.mount();
    return () => controller.unmount();
  }, [controller]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);

  return useMemo(
    () => ({
      status: snapshot.status,
      error: snapshot.error,
      stream: snapshot.stream,
      progress: snapshot.progress,
      acquire: controller.acquire,
      start: controller.start,
      finish: controller.finish,
      release: controller.release,
    }),
    [snapshot, controller],
  );
}
