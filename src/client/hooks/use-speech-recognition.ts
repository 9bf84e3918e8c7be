import { useCallback, useEffect, useRef, useState } from 'react';
import { FATAL_RECOGNITION_ERRORS, speechRecognitionConstructor, type Recognition, type RecognitionResultEvent } from '@/client/lib/speech-recognition';

/** The spec's pause before listening again after a recognition error. */
export const RECOGNITION_RESTART_DELAY_MS = 1_000;
/** Continuous recognition still ends by itself (silence, network): listen again almost at once. */
const RESTART_AFTER_END_MS = 250;
/**
 * Errors in a row, with nothing heard in between, after which recognition counts as unusable (a
 * browser whose speech service is unreachable answers 'network' forever): the candidate types.
 * 'no-speech' is only silence and never counts.
 */
const MAX_ERRORS_IN_A_ROW = 5;

export interface SpeechRecognitionOptions {
  /** A final result: words the recogniser will not change any more. */
  onFinal: (text: string) => void;
  /** Whether listening may resume now (false while the interviewer is speaking). */
  canRestart: () => boolean;
}

export interface SpeechRecognitionControls {
  /** The browser has a recogniser at all. */
  isSupported: boolean;
  /** The error code that made recognition unusable ('not-allowed', 'audio-capture', 'service-not-allowed'), if any. */
  failure: string | null;
  /** Words heard but not final yet. */
  interim: string;
  isListening: boolean;
  start: () => void;
  /** Stops listening and returns the interim words that had not become final (now cleared). */
  stop: () => string;
}

/**
 * Continuous speech recognition with interim results, through `window.SpeechRecognition` or
 * `webkitSpeechRecognition` (a test may put its own stand-in there). Each start makes a fresh
 * recogniser; results from a stopped one are ignored, so stopping never duplicates words.
 */
export function useSpeechRecognition({ onFinal, canRestart }: SpeechRecognitionOptions): SpeechRecognitionControls {
  const [isSupported] = useState(() => speechRecognitionConstructor() !== null);
  const [failure, setFailure] = useState<string | null>(null);
  const [interim, setInterim] = useState('');
  const [isListening, setIsListening] = useState(false);

  const callbacks = useRef({ onFinal, canRestart });
  useEffect(() => {
    callbacks.current = { onFinal, canRestart };
  });

  const wanted = useRef(false);
  const session = useRef(0);
  const recognizer = useRef<Recognition | null>(null);
  const restartTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const interimText = useRef('');
  const failed = useRef(false);
  const errorsInARow = useRef(0);

  const updateInterim = useCallback((text: string) => {
    interimText.current = text;
    setInterim(text);
  }, []);

  /** Hands over the words still pending as final, e.g. when a recogniser ended without finalising them. */
  const flushInterim = useCallback(() => {
    const pending = interimText.current.trim();
    updateInterim('');
    if (pending) callbacks.current.onFinal(pending);
  }, [updateInterim]);

  const clearRestart = () => {
    if (restartTimer.current) clearTimeout(restartTimer.current);
    restartTimer.current = null;
  };

  const begin = useCallback(() => {
    const Ctor = speechRecognitionConstructor();
    if (!Ctor || !wanted.current) return;
    const mine = ++session.current;
    const previous = recognizer.current;
    try {
      if (previous?.abort) previous.abort();
      else previous?.stop();
    } catch {
      // already ended
    }
    const rec = new Ctor();
    recognizer.current = rec;
    rec.continuous = true;
    rec.interimResults = true;
    rec.lang = document.documentElement.lang || navigator.language || 'en-US';

    const scheduleRestart = (delay: number) => {
      if (restartTimer.current) return;
      restartTimer.current = setTimeout(function retry() {
        restartTimer.current = null;
        if (!wanted.current || mine !== session.current) return;
        // Never listen while the interviewer speaks: try again a moment later.
        if (!callbacks.current.canRestart()) {
          restartTimer.current = setTimeout(retry, RECOGNITION_RESTART_DELAY_MS);
          return;
        }
        begin();
      }, delay);
    };

    rec.onresult = (event: RecognitionResultEvent) => {
      if (mine !== session.current) return;
      errorsInARow.current = 0;
      let pending = '';
      for (let i = event.resultIndex ?? 0; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result?.[0]?.transcript ?? '';
        if (!result || !text.trim()) continue;
        if (result.isFinal) callbacks.current.onFinal(text.trim());
        else pending += text;
      }
      updateInterim(pending.trim());
    };
    rec.onerror = (event) => {
      if (mine !== session.current || event.error === 'aborted') return;
      if (event.error !== 'no-speech') errorsInARow.current++;
      if (FATAL_RECOGNITION_ERRORS.has(event.error) || errorsInARow.current >= MAX_ERRORS_IN_A_ROW) {
        wanted.current = false;
        failed.current = true;
        session.current++;
        flushInterim();
        setIsListening(false);
        setFailure(event.error);
        return;
      }
      scheduleRestart(RECOGNITION_RESTART_DELAY_MS);
    };
    rec.onend = () => {
      if (mine !== session.current || !wanted.current) return;
      flushInterim();
      scheduleRestart(RESTART_AFTER_END_MS);
    };

    try {
      rec.start();
    } catch {
      scheduleRestart(RECOGNITION_RESTART_DELAY_MS);
    }
  }, [flushInterim, updateInterim]);

  const start = useCallback(() => {
    if (wanted.current || failed.current || !speechRecognitionConstructor()) return;
    wanted.current = true;
    clearRestart();
    updateInterim('');
    setIsListening(true);
    begin();
  }, [begin, updateInterim]);

  const stop = useCallback(() => {
    wanted.current = false;
    clearRestart();
    session.current++;
    const rec = recognizer.current;
    recognizer.current = null;
    try {
      rec?.stop();
    } catch {
      // already stopped
    }
    const pending = interimText.current.trim();
    updateInterim('');
    setIsListening(false);
    return pending;
  }, [updateInterim]);

  useEffect(
    () => () => {
      wanted.current = false;
      session.current++;
      if (restartTimer.current) clearTimeout(restartTimer.current);
      try {
        recognizer.current?.abort?.();
      } catch {
        // already stopped
      }
    },
    [],
  );

  return { isSupported, failure, interim, isListening, start, stop };
}
