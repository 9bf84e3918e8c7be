import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a spoken line may take before the call moves on anyway (an engine that never says 'end'). */
const safetyLimitMs = (text: string) => 10_000 + text.length * 100;

/** How long to wait, once, for the browser to load its voices (Chrome fills the list asynchronously). */
const VOICES_WAIT_MS = 600;

function hasSpeechSynthesis(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

export interface CallSpeech {
  /** True while the agent's words are being spoken aloud. */
  isSpeaking: boolean;
  /** Speaks `text` with the browser's voice; resolves when done, at once when the browser has no voice. Never rejects. */
  speak: (text: string) => Promise<void>;
  /** Stops speaking now (the candidate answered already). */
  cancel: () => void;
}

/**
 * The agent's voice in the call simulator: the browser's speech synthesis. Without a voice (a
 * headless browser, no speech engine) the words are only shown, and the call goes on at once.
 */
export function useCallSpeech(): CallSpeech {
  const [isSpeaking, setIsSpeaking] = useState(false);
  const waitedForVoices = useRef(false);
  const finishCurrent = useRef<(() => void) | null>(null);
  /** Bumped by every line and every cancel, so a line still waiting for the voices is dropped once superseded. */
  const generation = useRef(0);

  const cancel = useCallback(() => {
    generation.current++;
    if (hasSpeechSynthesis()) window.speechSynthesis.cancel();
    finishCurrent.current?.();
  }, []);

  const voices = useCallback(async (): Promise<SpeechSynthesisVoice[]> => {
    const synth = window.speechSynthesis;
    const now = synth.getVoices();
    if (now.length > 0 || waitedForVoices.current) return now;
    waitedForVoices.current = true;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, VOICES_WAIT_MS);
      synth.addEventListener('voiceschanged', done, { once: true });
      function done() {
        clearTimeout(timer);
        synth.removeEventListener('voiceschanged', done);
        resolve();
      }
    });
    return synth.getVoices();
  }, []);

  const speak = useCallback(
    async (text: string) => {
      cancel();
      const mine = generation.current;
      if (!text.trim() || !hasSpeechSynthesis()) return;
      const available = await voices();
      if (available.length === 0 || mine !== generation.current) return;
      const synth = window.speechSynthesis;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = document.documentElement.lang || navigator.language || 'en-US';
      setIsSpeaking(true);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, safetyLimitMs(text));
        function finish() {
          clearTimeout(timer);
          utterance.onend = null;
          utterance.onerror = null;
          if (finishCurrent.current === finish) finishCurrent.current = null;
          setIsSpeaking(false);
          resolve();
        }
        finishCurrent.current = finish;
        utterance.onend = finish;
        utterance.onerror = finish;
        synth.speak(utterance);
      });
    },
    [cancel, voices],
  );

  useEffect(() => () => cancel(), [cancel]);

  return { isSpeaking, speak, cancel };
}
