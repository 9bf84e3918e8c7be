import { useEffect, useState } from 'react';

/** Samples per second at most: enough for a lively bar without re-rendering every frame. */
const UPDATE_INTERVAL_MS = 80;

/**
 * The microphone's loudness, 0-100, measured with a Web Audio AnalyserNode on the stream's audio
 * track. 0 without a stream (or where Web Audio is missing).
 */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    let context: AudioContext;
    let source: MediaStreamAudioSourceNode;
    try {
      context = new AudioContext();
      source = context.createMediaStreamSource(stream);
    } catch {
      return;
    }
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    void context.resume().catch(() => undefined);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      if (time - last < UPDATE_INTERVAL_MS) return;
      last = time;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      const rms = Math.sqrt(sum / samples.length);
      // Speech sits around 0.02-0.3 RMS: a square-root curve spreads that over the bar.
      setLevel(Math.min(100, Math.round(Math.sqrt(rms) * 180)));
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => undefined);
      setLevel(0);
    };
  }, [stream]);

  return stream ? level : 0;
}
