import { useRef } from 'react';
import type { TranscriptEntry } from '@/contracts/ai';
import { AI_SPEAKER, CANDIDATE_SPEAKER } from '../utils/resume';
import type { TranscriptStore } from './use-transcript';

export interface TimedTranscript {
  /** The clock continues from `baseMs` (a resumed interview), stopped until the recording starts. */
  setClock: (baseMs: number) => void;
  /** The recording started: the clock runs. */
  startClock: () => void;
  /** The recording stopped (a lost camera): the next segment continues the clock from here. */
  stopClock: () => void;
  /** The interviewer's line, from now: returns its entry. `marks` (practice, retake) go on it and on the answer it opens. */
  addLine: (text: string, marks?: Marks) => number;
  /** The line has been said: its end is now, and the candidate's answer opens. */
  endLine: (entry: number) => void;
  /** Words of the open answer (ignored when no answer is open). */
  addWords: (words: string) => void;
  /**
   * Closes the open answer, after adding `lastWords`: its text ('' when nothing was said), or null
   * when none was open. `atMs`: when it ended, if that was before now (words the server transcribed).
   */
  endAnswer: (lastWords: string, atMs?: number) => string | null;
  /** Now on the recording's clock. */
  clockMs: () => number;
  /** What the candidate said last (a practice answer or one they redid aside). */
  lastAnswer: () => string;
  /**
   * The candidate redoes the answer closed last: it stays in the transcript marked `replaced` (its
   * times point into the recording, which keeps it), and whatever came after it (the next line,
   * cut short) goes.
   */
  redoLastAnswer: () => void;
}

/** What sets a line and its answer apart from the interview's scored turns (issue 32). */
export type Marks = Pick<TranscriptEntry, 'practice' | 'retake'>;

/**
 * The transcript on the recording's clock: every entry's `startMs`/`endMs` is an offset into the
 * recording, and each answer is one Candidate entry that grows as final results come in.
 *
 * Two refs, because neither is state nor shown: the clock (offsets are `baseMs` plus the time since
 * this segment started) is a time base read whenever words arrive, and the open answer is extended
 * by recognition results that arrive between renders (two in one tick must extend one entry).
 */
export function useTimedTranscript(transcript: TranscriptStore): TimedTranscript {
  const clock = useRef<{ baseMs: number; startedAt: number | null }>({ baseMs: 0, startedAt: null });
  const answer = useRef<{ entry: number | null; startedMs: number; marks: Marks } | null>(null);
  /** The answer closed last: its entry (null when nothing was said) and the transcript's length when it closed. */
  const closed = useRef<{ entry: number | null; length: number } | null>(null);
  /** The marks of the line being said, for the answer it opens. */
  const lineMarks = useRef<Marks>({});

  const nowMs = () => {
    const { baseMs, startedAt } = clock.current;
    return Math.round(startedAt === null ? baseMs : baseMs + (performance.now() - startedAt));
  };

  const addWords = (words: string, atMs = nowMs()) => {
    const text = words.trim();
    const open = answer.current;
    if (!text || !open) return;
    const existing = open.entry === null ? undefined : transcript.current()[open.entry];
    if (open.entry === null || !existing) {
      open.entry = transcript.append({ speaker: CANDIDATE_SPEAKER, text, startMs: open.startedMs, endMs: atMs, ...open.marks });
    } else {
      transcript.update(open.entry, { text: `${existing.text} ${text}`, endMs: atMs });
    }
  };

  return {
    setClock: (baseMs) => {
      clock.current = { baseMs, startedAt: null };
    },
    startClock: () => {
      clock.current = { ...clock.current, startedAt: performance.now() };
    },
    stopClock: () => {
      if (clock.current.startedAt !== null) clock.current = { baseMs: nowMs(), startedAt: null };
    },
    addLine: (text, marks = {}) => {
      lineMarks.current = marks;
      return transcript.append({ speaker: AI_SPEAKER, text, startMs: nowMs(), ...marks });
    },
    endLine: (entry) => {
      transcript.update(entry, { endMs: nowMs() });
      answer.current = { entry: null, startedMs: nowMs(), marks: lineMarks.current };
    },
    addWords: (words) => addWords(words),
    endAnswer: (lastWords, atMs = nowMs()) => {
      if (!answer.current) return null;
      addWords(lastWords, atMs);
      const { entry } = answer.current;
      answer.current = null;
      closed.current = { entry, length: transcript.current().length };
      if (entry === null) return '';
      transcript.update(entry, { endMs: atMs });
      return transcript.current()[entry]?.text ?? '';
    },
    clockMs: nowMs,
    lastAnswer: () => [...transcript.current()].reverse().find((entry) => entry.speaker !== AI_SPEAKER && !entry.practice && !entry.replaced)?.text ?? '',
    redoLastAnswer: () => {
      const last = closed.current;
      if (!last) return;
      closed.current = null;
      transcript.truncate(last.length);
      if (last.entry !== null) transcript.update(last.entry, { replaced: true });
    },
  };
}
