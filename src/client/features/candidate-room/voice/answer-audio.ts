/**
 * One answer's audio, for the server to transcribe where the browser cannot listen (decision 056):
 * its own MediaRecorder on a clone of the interview's microphone track, so stopping it never touches
 * the interview's recording.
 */

/** What the server accepts, best first: Opus in WebM (Chromium, Firefox) or Ogg (Firefox), AAC in MP4 (Safari). */
export const ANSWER_AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg', 'audio/mp4'] as const;
/** Speech needs no more: ten minutes are under 5 MB, half the server's cap. */
const BITS_PER_SECOND = 64_000;
/** Chunks every second, so a recorder that fails late still has most of the answer. */
const TIMESLICE_MS = 1_000;

/** The first type this browser records, or '' to let it choose (an old browser without isTypeSupported). */
export function answerAudioType(isTypeSupported?: (type: string) => boolean): string {
  if (!isTypeSupported) return '';
  return ANSWER_AUDIO_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

export interface AnswerAudioRecording {
  /** Stops, and resolves with the audio recorded so far (an empty Blob when nothing was). */
  stop: () => Promise<Blob>;
  /** Stops and drops the audio. */
  cancel: () => void;
}

/** Starts recording the microphone of `stream`; throws when there is no microphone or no recorder. */
export function recordAnswerAudio(stream: MediaStream): AnswerAudioRecording {
  const track = stream.getAudioTracks()[0];
  if (!track || typeof MediaRecorder === 'undefined') throw new Error('No microphone to record the answer from');
  const microphone = track.clone();
  const mimeType = answerAudioType(typeof MediaRecorder.isTypeSupported === 'function' ? (type) => MediaRecorder.isTypeSupported(type) : undefined);
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(new MediaStream([microphone]), { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: BITS_PER_SECOND });
  } catch (err) {
    microphone.stop();
    throw err;
  }
  const chunks: Blob[] = [];
  const audio = () => new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
  let finish: (blob: Blob) => void = () => undefined;
  const stopped = new Promise<Blob>((resolve) => (finish = resolve));
  const done = () => {
    microphone.stop();
    finish(audio());
  };
  let dropped = false;
  recorder.addEventListener('dataavailable', (event: BlobEvent) => {
    if (event.data.size > 0 && !dropped) chunks.push(event.data);
  });
  recorder.addEventListener('stop', done);
  // A recorder that fails stops: what it had is the answer.
  recorder.addEventListener('error', done);
  recorder.start(TIMESLICE_MS);

  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    else done();
    return stopped;
  };
  return {
    stop,
    cancel: () => {
      dropped = true;
      chunks.length = 0;
      void stop();
    },
  };
}
