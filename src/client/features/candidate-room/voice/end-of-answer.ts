import { ANSWER_PAUSE_MS, THINKING_TIME_MS } from '@/contracts/jobs';

/*
 * When a spoken answer has ended, decided from the voice-activity detector's frames alone (issue 32,
 * decision 055). Pure: it is fed `(atMs, probability)` for each frame the detector scores and says
 * where the answer is; no clock, no audio, so the benchmark and the tests drive it with real or
 * scripted frames and get the same answer the room gets.
 *
 * - A sound counts as speech once it has lasted `minSpeechMs` (a cough, a click or an "mm" never
 *   does): only then does the answer start, or a pause end.
 * - After speech, the answer ends once the silence has lasted long enough for the moment: the base
 *   (the job's setting), plus extra while the answer is still short (the candidate is likely
 *   thinking between sentences), never less than the base. A short noise inside a pause does not
 *   restart it, and the answer never ends while a sound is still going on.
 * - Before any speech, silence is the candidate thinking: after `thinkingMs` the room says one
 *   gentle line (`prompt`), once.
 */

/** The detector scores the microphone in frames of 32 ms (Silero v5: 512 samples at 16 kHz). */
export const FRAME_MS = 32;

export interface EndOfAnswerSettings {
  /** The job's base silence: 1.5-6 s. */
  baseSilenceMs: number;
  /** How long a sound must last to count as speech. */
  minSpeechMs: number;
  /** Silence after the question before the gentle prompt. */
  thinkingMs: number;
  /** A frame at or above this probability is speech… */
  speechThreshold: number;
  /** …and one below this is silence; in between, the frame keeps what the last one was. */
  silenceThreshold: number;
  /**
   * Added to every wait: the detector can see a pause up to about 0.4 s longer than it is (a word's
   * soft end, the next one's soft start; bench:vad, decision 055), so a pause a little shorter than
   * the setting must never look as long as it.
   */
  edgeMs: number;
  /** The extra silence waited for at the very start of an answer, shrinking to none by `settledSpeechMs` of speech. */
  shortAnswerExtraMs: number;
  settledSpeechMs: number;
}

export const DEFAULT_END_OF_ANSWER: EndOfAnswerSettings = {
  baseSilenceMs: ANSWER_PAUSE_MS.default,
  minSpeechMs: 500,
  thinkingMs: THINKING_TIME_MS.default,
  speechThreshold: 0.5,
  silenceThreshold: 0.35,
  edgeMs: 350,
  shortAnswerExtraMs: 1000,
  settledSpeechMs: 8000,
};

export type AnswerPhase =
  /** No speech yet since the question. */
  | 'waiting'
  /** The candidate is speaking. */
  | 'speaking'
  /** Silent after speech: the answer ends when `pause.progress` reaches 1. */
  | 'pausing'
  | 'ended';

export interface EndOfAnswerState {
  phase: AnswerPhase;
  /** Whether the last frame was loud (speech or a noise not yet known to be one). */
  loud: boolean;
  /** When the current sound began, or null in silence. */
  soundSinceMs: number | null;
  /** When the silence began that the answer's end is measured from (null while speaking or waiting). */
  silenceSinceMs: number | null;
  /** When the question was finished (the first frame), for the thinking time. */
  openedAtMs: number | null;
  /** Milliseconds of speech so far in this answer. */
  speechMs: number;
  /** The thinking-time prompt is due (set once, by the frame that crosses it). */
  prompt: boolean;
  prompted: boolean;
  /** Sounds heard that never lasted long enough to be speech. */
  noises: number;
  /** The last frame's time. */
  atMs: number;
}

export function startAnswer(): EndOfAnswerState {
  return { phase: 'waiting', loud: false, soundSinceMs: null, silenceSinceMs: null, openedAtMs: null, speechMs: 0, prompt: false, prompted: false, noises: 0, atMs: 0 };
}

/** How long the silence must last to end the answer, given how much has been said. */
export function requiredSilenceMs(settings: EndOfAnswerSettings, speechMs: number): number {
  const unsettled = Math.max(0, 1 - speechMs / settings.settledSpeechMs);
  return Math.round(settings.baseSilenceMs + settings.edgeMs + settings.shortAnswerExtraMs * unsettled);
}

/** The state after one scored frame at `atMs` (milliseconds on any steady clock). */
export function onFrame(state: EndOfAnswerState, atMs: number, probability: number, settings: EndOfAnswerSettings): EndOfAnswerState {
  if (state.phase === 'ended') return state;
  const openedAtMs = state.openedAtMs ?? atMs;
  const loud = probability >= settings.speechThreshold || (state.loud && probability >= settings.silenceThreshold);
  let phase: AnswerPhase = state.phase;
  let { soundSinceMs, silenceSinceMs, speechMs, noises } = state;
  const frameMs = state.openedAtMs === null ? 0 : Math.max(0, atMs - state.atMs);

  if (loud) {
    soundSinceMs ??= atMs;
    const lasted = atMs - soundSinceMs;
    if (phase === 'speaking') speechMs += frameMs;
    else if (lasted >= settings.minSpeechMs) {
      // Long enough to be speech: the answer starts, or the pause is over; the sound so far was speech.
      phase = 'speaking';
      speechMs += lasted;
      silenceSinceMs = null;
    }
  } else {
    if (soundSinceMs !== null && phase !== 'speaking' && atMs - soundSinceMs < settings.minSpeechMs) noises += 1;
    if (phase === 'speaking') {
      phase = 'pausing';
      silenceSinceMs = atMs;
    }
    soundSinceMs = null;
  }

  let prompt = false;
  let { prompted } = state;
  if (phase === 'waiting' && !prompted && !loud && atMs - openedAtMs >= settings.thinkingMs) {
    prompt = true;
    prompted = true;
  }
  // The answer ends in silence only: never while a sound (maybe the start of a word) goes on.
  if (phase === 'pausing' && !loud && silenceSinceMs !== null && atMs - silenceSinceMs >= requiredSilenceMs(settings, speechMs)) phase = 'ended';

  return { phase, loud, soundSinceMs, silenceSinceMs, openedAtMs, speechMs, prompt, prompted, noises, atMs };
}

/** What the room shows while the candidate is silent mid-answer: how far the wait has gone (0-1) and how long it is. */
export function pauseProgress(state: EndOfAnswerState, settings: EndOfAnswerSettings): { progress: number; waitMs: number } | null {
  if (state.phase !== 'pausing' || state.silenceSinceMs === null) return null;
  const waitMs = requiredSilenceMs(settings, state.speechMs);
  return { progress: Math.min(1, (state.atMs - state.silenceSinceMs) / waitMs), waitMs };
}
