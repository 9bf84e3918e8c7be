import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Answering } from '@/contracts/jobs';
import { DEFAULT_END_OF_ANSWER, onFrame, pauseProgress, startAnswer, type EndOfAnswerSettings, type EndOfAnswerState } from '../voice/end-of-answer';
import type { VoiceActivity } from '../voice/vad';

/** The spec's message for a browser without AudioWorklet (an insecure page, an old browser): answers then end by button only. */
export const AUDIO_WORKLET_MISSING = 'Missing AudioWorklet support. Maybe this is not running in a secure context.';

export interface AnswerEnding {
  /** The detector runs: answers can end by themselves. */
  ready: boolean;
  /** Why the detector could not start, when the candidate should know (no AudioWorklet); null otherwise. */
  unavailable: string | null;
  /** Silent mid-answer: how far the wait has gone (0-1) and how long it is. */
  pause: { progress: number; waitMs: number } | null;
  /** The candidate has been silent for the thinking time since the question: the gentle line shows. */
  prompt: boolean;
  /** Resolves once the candidate is not making a sound, or after `maxMs`. */
  whenQuiet: (maxMs: number) => Promise<void>;
}

interface Options {
  /** The microphone, while the interview runs. */
  stream: MediaStream | null;
  /** The candidate answers by voice now. */
  listening: boolean;
  /** End the answer after a pause (the job's setting and the candidate's). */
  autoEnd: boolean;
  answering: Answering;
  onEnd: () => void;
}

/** How often the pause bar is redrawn at most. */
const REDRAW_MS = 100;

/**
 * Voice-activity detection for the candidate room (issue 32, decision 055): the detector starts on
 * the interview's microphone (loaded then, not with the page) and runs while the stream lives; each
 * answer given by voice feeds its frames to a fresh end-of-answer state, which ends the answer after
 * the pause (when automatic ending is on) and raises the thinking-time line. Where the detector
 * cannot load (no AudioWorklet, no WebAssembly), `ready` stays false and answers end by button only.
 */
export function useAnswerEnding({ stream, listening, autoEnd, answering, onEnd }: Options): AnswerEnding {
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [pause, setPause] = useState<AnswerEnding['pause']>(null);
  const [prompt, setPrompt] = useState(false);
  const answer = useRef<EndOfAnswerState | null>(null);
  const loud = useRef(false);
  const drawnAt = useRef(0);

  const settings: EndOfAnswerSettings = { ...DEFAULT_END_OF_ANSWER, baseSilenceMs: answering.pauseMs, thinkingMs: answering.thinkingMs };

  const frame = useEffectEvent((atMs: number, probability: number) => {
    loud.current = probability >= settings.speechThreshold || (loud.current && probability >= settings.silenceThreshold);
    if (!listening) return;
    let current = answer.current;
    if (!current) {
      // A new answer by voice: it starts from silence, and nothing of the last one shows.
      current = startAnswer();
      setPause(null);
      setPrompt(false);
    }
    const next = onFrame(current, atMs, probability, settings);
    answer.current = next;
    if (next.prompt) setPrompt(true);
    if (next.phase === 'speaking' && current.phase === 'waiting') setPrompt(false);
    if (next.phase === 'ended' && current.phase !== 'ended') {
      setPause(null);
      if (autoEnd) onEnd();
      return;
    }
    const shown = autoEnd ? pauseProgress(next, settings) : null;
    if (shown === null || atMs - drawnAt.current >= REDRAW_MS) {
      drawnAt.current = atMs;
      setPause((was) => (was === null && shown === null ? was : shown));
    }
  });

  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    let stopped = false;
    let detector: VoiceActivity | null = null;
    import('../voice/vad')
      .then(({ startVoiceActivity }) => startVoiceActivity(stream, (atMs, probability) => frame(atMs, probability)))
      .then((started) => {
        detector = started;
        if (stopped) void started.stop();
        else setReady(true);
      })
      .catch(() => {
        // Without AudioWorklet the detector falls back to a ScriptProcessor; failing even so, the worklet's absence is the likely cause.
        if (!stopped && (typeof AudioWorkletNode === 'undefined' || !window.isSecureContext)) setUnavailable(AUDIO_WORKLET_MISSING);
      });
    return () => {
      stopped = true;
      setReady(false);
      if (detector) void detector.stop();
    };
  }, [stream]);

  // Leaving an answer closes it: the next frame of the next one starts afresh.
  useEffect(() => {
    if (!listening) answer.current = null;
  }, [listening]);

  const whenQuiet = async (maxMs: number) => {
    const until = performance.now() + maxMs;
    while (ready && loud.current && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  return { ready, unavailable, pause: listening ? pause : null, prompt: listening && prompt, whenQuiet };
}
