import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/client/lib/api';
import { fetchSpeech } from '../api/speech';
import { wait } from '../utils/abort';

/** How long a spoken line may take before the interview moves on anyway (a player that never says 'ended'). */
const safetyLimitMs = (text: string) => 15_000 + text.length * 120;

/** Time to read a question on screen when nothing can speak it: short, so the interview never stalls. */
export const readingDelayMs = (text: string) => Math.min(5_000, Math.max(1_500, 800 + text.split(/\s+/).length * 60));

/** Plays the server's audio for `text`; resolves when it ends (or is cancelled), rejects when it cannot play. */
async function playServerSpeech(token: string, text: string, signal: AbortSignal): Promise<void> {
  const blob = await fetchSpeech(token, text, signal);
  if (signal.aborted) return;
  const url = URL.createObjectURL(blob);
  const audio = new Audio(url);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => settle(), safetyLimitMs(text));
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
      audio.play().catch((err: unknown) => settle(err instanceof Error ? err : new Error('Failed to generate speech')));
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The browser's voices, waiting briefly for them to load (Chrome fills the list asynchronously). */
async function browserVoices(signal: AbortSignal): Promise<SpeechSynthesisVoice[]> {
  const synth = window.speechSynthesis;
  const now = synth.getVoices();
  if (now.length > 0) return now;
  const changed = new AbortController();
  const onChange = () => changed.abort();
  synth.addEventListener('voiceschanged', onChange, { once: true });
  signal.addEventListener('abort', onChange, { once: true });
  await wait(600, changed.signal);
  synth.removeEventListener('voiceschanged', onChange);
  signal.removeEventListener('abort', onChange);
  return synth.getVoices();
}

/** Speaks with the browser's own voices; false when it has none or the engine refuses. */
async function speakWithBrowser(text: string, signal: AbortSignal): Promise<boolean> {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return false;
  const voices = await browserVoices(signal);
  if (signal.aborted) return true;
  if (voices.length === 0) return false;
  const synth = window.speechSynthesis;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = document.documentElement.lang || navigator.language || 'en-US';
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => finish(true), safetyLimitMs(text));
    function finish(spoken: boolean) {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
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
    synth.speak(utterance);
  });
}

export interface Speech {
  /** True from the moment a line is handed over until it has been spoken (or shown for reading). */
  isSpeaking: boolean;
  /** Speaks `text`: the server's voice, else the browser's, else a short pause to read it. Never rejects. */
  speak: (text: string, signal?: AbortSignal) => Promise<void>;
  /** Stops whatever is being said. */
  cancel: () => void;
}

/**
 * Text to speech for the interviewer: POST /api/tts, then `speechSynthesis` when the server has no
 * provider (503) or the audio cannot play, then a reading delay when the browser has no voices.
 */
export function useSpeech(token: string): Speech {
  const [isSpeaking, setIsSpeaking] = useState(false);
  /** Set after the server said it has no speech provider, so later lines skip straight to the fallback. */
  const serverUnavailable = useRef(false);
  const current = useRef<AbortController | null>(null);

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
      const onOuterAbort = () => controller.abort();
      outer?.addEventListener('abort', onOuterAbort, { once: true });
      const { signal } = controller;
      setIsSpeaking(true);
      try {
        if (!serverUnavailable.current) {
          try {
            await playServerSpeech(token, text, signal);
            return;
          } catch (err) {
            if (signal.aborted) return;
            if (err instanceof ApiError && (err.status === 503 || err.status === 501 || err.status === 404)) serverUnavailable.current = true;
          }
        }
        if (await speakWithBrowser(text, signal)) return;
        await wait(readingDelayMs(text), signal);
      } finally {
        outer?.removeEventListener('abort', onOuterAbort);
        if (current.current === controller) {
          current.current = null;
          setIsSpeaking(false);
        }
      }
    },
    [token],
  );

  useEffect(() => () => current.current?.abort(), []);

  return { isSpeaking, speak, cancel };
}
