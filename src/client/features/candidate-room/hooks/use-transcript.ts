import { useCallback, useRef, useState } from 'react';
import type { TranscriptEntry } from '@/contracts/ai';
import { saveTranscript } from '../api/save-transcript';
import { storeProgress } from '../utils/progress-store';

export interface TranscriptStore {
  /** What the panel shows. */
  entries: TranscriptEntry[];
  /** The same list, current at any moment (for the interview's async steps). */
  current: () => TranscriptEntry[];
  replace: (entries: TranscriptEntry[]) => void;
  /** Appends an entry and returns its index. */
  append: (entry: TranscriptEntry) => number;
  update: (index: number, patch: Partial<TranscriptEntry>) => void;
  /** Keeps the first `length` entries (a line cut short by a retake). */
  truncate: (length: number) => void;
  /** How many questions are fully answered: kept with the transcript on this device. */
  answered: () => number;
  setAnswered: (count: number) => void;
  /** Sends the whole transcript to the server (in order, never overlapping). A failed save is repaired by the next one. */
  saveRemote: () => void;
}

/**
 * The interview's transcript: kept on this device after every change (a reload loses nothing) and
 * saved to the server after every turn.
 */
export function useTranscript(interviewId: number, token: string): TranscriptStore {
  const [entries, setEntries] = useState<TranscriptEntry[]>([]);
  const list = useRef<TranscriptEntry[]>([]);
  const answeredCount = useRef(0);
  const saving = useRef<Promise<void>>(Promise.resolve());

  const commit = useCallback(
    (next: TranscriptEntry[]) => {
      list.current = next;
      setEntries(next);
      storeProgress(interviewId, token, { answered: answeredCount.current, transcript: next });
    },
    [interviewId, token],
  );

  const current = useCallback(() => list.current, []);
  const replace = useCallback((next: TranscriptEntry[]) => commit([...next]), [commit]);
  const append = useCallback(
    (entry: TranscriptEntry) => {
      commit([...list.current, entry]);
      return list.current.length - 1;
    },
    [commit],
  );
  const update = useCallback(
    (index: number, patch: Partial<TranscriptEntry>) => {
      const existing = list.current[index];
      if (!existing) return;
      commit(list.current.map((entry, i) => (i === index ? { ...existing, ...patch } : entry)));
    },
    [commit],
  );
  const truncate = useCallback((length: number) => commit(list.current.slice(0, length)), [commit]);
  const answered = useCallback(() => answeredCount.current, []);
  const setAnswered = useCallback(
    (count: number) => {
      answeredCount.current = count;
      storeProgress(interviewId, token, { answered: count, transcript: list.current });
    },
    [interviewId, token],
  );
  const saveRemote = useCallback(() => {
    const snapshot = list.current;
    saving.current = saving.current.then(() => saveTranscript(interviewId, token, snapshot)).catch(() => undefined);
  }, [interviewId, token]);

  return { entries, current, replace, append, update, truncate, answered, setAnswered, saveRemote };
}
