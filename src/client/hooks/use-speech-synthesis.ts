import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCode } from '@/client/lib/error-messages';
import { abortableWait } from '@/client/lib/abortable-wait';

/**
 * How long one line may take before the caller moves on anyway, for a player or voice that never
 * reports its end (Chrome's synthesis can go quiet on a long utterance without an 'end'). One limit
 * for the candidate room and the call simulator (decision 019): 15 s for the voice to start (a
 * network voice loads first), then 120 ms a character, about half the usual speaking pace, so a
 * slow voice is never cut off. The room's limit, the longer of the two there were: in the room the
 * candidate cannot answer until the line ends, and in the call they may answer at any moment.
 */
export const speechSafetyLimitMs = (text: string) => 15_000 + text.length * 120;

/** Time to read a line on screen when nothing can say it: short, so the interview never stalls. */
export const readingDelayMs = (text: string) => Math.min(5_000, Math.max(1_500, 800 + text.split(/\s+/).length * 60));

/** How long to wait, once, for the browser's voices (Chrome fills the list asynchronously). */
const VOICES_WAIT_MS = 600;

/** The server answers these when it has no speech provider (or no such endpoint): later lines do not ask it again. */
const NO_SERVER_VOICE = new Set<string | undefined>(['SERVICE_UNAVAILABLE', 'NOT_FOUND']);

const hasSpeechSynthesis = () =>
  typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';

/** Plays `audio` for `text`; resolves when it ends (or is cancelled), rejects when it cannot play. */
async function playAudio(blob: Blob, text: string, signal: AbortSignal, onStart: () => void): Promise<void> {
  const url = URL.createObjectURL(blob);
  const audio = new Audio(url);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => settle(), speechSafetyLimitMs(text));
      const onAbort = () => settle();
      function settle(error?: Error) {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        audio.pause();
        if (error) reject(error);
        else resolve();
      }
      audio.addEventListener('ended', () => settle(), { once: true });
      audio.addEventListener('error', () => settle(new Error('Failed to generate speech')), { once: true });
      signal.addEventListener('abort', onAbort, { once: true });
      onStart();
      audio.play().catch((err: unknown) => settle(err instanceof Error ? err : new Error('Failed to generate speech')));
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Says `text` with a browser voice; false when the engine refuses it (true when cancelled). */
function sayWithVoice(text: string, signal: AbortSignal, onStart: () => void): Promise<boolean> {
  const synth = window.speechSynthesis;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang || navigator.language || 'en-US';
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(true), speechSafetyLimitMs(text));
    function finish(spoken: boolean) {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      utterance.onend = null;
      utterance.onerror = null;
      resolve(spoken);
    }
    function onAbort() {
      synth.cancel();
      finish(true);
    }
    utterance.onend = () => finish(true);
    utterance.onerror = (event) => finish(event.error === 'interrupted' || event.error === 'canceled');
    signal.addEventListener('abort', onAbort, { once: true });
    synth.cancel();
    onStart();
    synth.speak(utterance);
  });
}

export interface SpeechSynthesisOptions {
  /**
   * The server's voice: audio for `text` (the candidate room's POST /api/tts). Tried first; when it
   * answers 404, 501 or 503 (no provider) it is not asked again. Without it, the browser's voices.
   */
  fetchAudio?: (text: string, signal: AbortSignal) => Promise<Blob>;
  /**
   * With no voice at all, hold each line for `readingDelayMs` so it can be read before the caller
   * moves on (the room, which listens next). Without it the line resolves at once (the call, whose
   * answer box is open while the agent speaks).
   */
  readingPause?: boolean;
}

export interface SpeechSynthesisControls {
  /** True while a line is being said (or held on screen for reading). */
  isSpeaking: boolean;
  /** Says `text`, cancelling the line before; resolves when it is done or cancelled (by `cancel` or `signal`). Never rejects. */
  speak: (text: string, signal?: AbortSignal) => Promise<void>;
  /** Stops the line being said now. */
  cancel: () => void;
}

/**
 * Text to speech for the interviewer and the phone agent: the server's audio when offered, else
 * `speechSynthesis` (waiting once for its voices), else nothing: a reading pause when asked for.
 * In a browser without voices (a headless test browser) the lines are only shown.
 */
export function useSpeechSynthesis(options: SpeechSynthesisOptions = {}): SpeechSynthesisControls {
  const [isSpeaking, setIsSpeaking] = useState(false);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const current = useRef<AbortController | null>(null);
  const serverUnavailable = useRef(false);
  const waitedForVoices = useRef(false);

  const voices = useCallback(async (signal: AbortSignal): Promise<SpeechSynthesisVoice[]> => {
    const synth = window.speechSynthesis;
    const now = synth.getVoices();
    if (now.length > 0 || waitedForVoices.current) return now;
    const changed = new AbortController();
    const onChange = () => changed.abort();
    synth.addEventListener('voiceschanged', onChange, { once: true });
    signal.addEventListener('abort', onChange, { once: true });
    await abortableWait(VOICES_WAIT_MS, changed.signal);
    synth.removeEventListener('voiceschanged', onChange);
    signal.removeEventListener('abort', onChange);
    if (!signal.aborted) waitedForVoices.current = true;
    return synth.getVoices();
  }, []);

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setIsSpeaking(false);
  }, []);

  const speak = useCallback(
    async (text: string, outer?: AbortSignal) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      const onOuterAbort = () => controller.abort();
      if (outer?.aborted) controller.abort();
      outer?.addEventListener('abort', onOuterAbort, { once: true });
      const started = () => {
        if (current.current === controller) setIsSpeaking(true);
      };
      try {
        if (!text.trim() || signal.aborted) return;
        const { fetchAudio, readingPause = false } = latest.current;
        if (fetchAudio && !serverUnavailable.current) {
          try {
            const audio = await fetchAudio(text, signal);
            if (signal.aborted) return;
            await playAudio(audio, text, signal, started);
            return;
          } catch (err) {
            if (signal.aborted) return;
            if (NO_SERVER_VOICE.has(errorCode(err))) serverUnavailable.current = true;
          }
        }
        if (hasSpeechSynthesis()) {
          const available = await voices(signal);
          if (signal.aborted) return;
          if (available.length > 0 && (await sayWithVoice(text, signal, started))) return;
        }
        if (!readingPause || signal.aborted) return;
        started();
        await abortableWait(readingDelayMs(text), signal);
      } finally {
        outer?.removeEventListener('abort', onOuterAbort);
        if (current.current === controller) {
          current.current = null;
          setIsSpeaking(false);
        }
      }
    },
    [voices],
  );

  useEffect(() => () => current.current?.abort(), []);

  return { isSpeaking, speak, cancel };
}
