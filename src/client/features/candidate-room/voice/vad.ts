// The real-time part alone: the package's index also pulls in onnxruntime's full build (+368 KB).
import { MicVAD } from '@ricky0123/vad-web/dist/real-time-vad.js';
import { FRAME_MS } from './end-of-answer';

/*
 * Silero voice-activity detection on the candidate's microphone (issue 32, decision 055), through
 * @ricky0123/vad-web: an AudioWorklet cuts the audio into 32 ms frames at 16 kHz and the v5 model
 * scores each on onnxruntime's single-threaded WebAssembly. Its own speech segmentation is not used:
 * each frame's probability goes to `voice/end-of-answer.ts`, which decides. Loaded with `import()`
 * by the room once the interview starts, never by the ready page.
 */


export interface VoiceActivity {
  stop: () => Promise<void>;
}

/**
 * Scores the microphone of `stream` (a clone of its audio track, so stopping here leaves the
 * recording alone), calling `onFrame` with each frame's time on the audio's own clock (milliseconds
 * since the detector started) and its speech probability.
 */
export async function startVoiceActivity(stream: MediaStream, onFrame: (atMs: number, probability: number) => void): Promise<VoiceActivity> {
  const assets = import.meta.env.VITE_VAD_ASSETS;
  let frames = 0;
  const vad = await MicVAD.new({
    model: 'v5',
    baseAssetPath: assets,
    onnxWASMBasePath: assets,
    getStream: async () => new MediaStream(stream.getAudioTracks().map((track) => track.clone())),
    pauseStream: async (paused) => paused.getTracks().forEach((track) => track.stop()),
    resumeStream: async () => new MediaStream(stream.getAudioTracks().map((track) => track.clone())),
    ortConfig: (ort) => {
      // One thread: several need cross-origin isolation (SharedArrayBuffer), which the app does not set.
      ort.env.wasm.numThreads = 1;
      ort.env.logLevel = 'error';
    },
    onFrameProcessed: (probabilities) => {
      onFrame(frames * FRAME_MS, probabilities.isSpeech);
      frames += 1;
    },
    startOnLoad: true,
  });
  return { stop: () => vad.destroy() };
}
