import type { TranscriptEntry } from '@/contracts/ai';

/** What this device remembers of an interview in progress, so a reload loses no answer. */
export interface StoredProgress {
  /** How many questions (with their follow-up) are fully answered. */
  answered: number;
  transcript: TranscriptEntry[];
}

/** Keyed by the interview and a few characters of its link's token, so a reused id (a reset install) never resumes someone else's answers. */
const keyFor = (interviewId: number, token: string) => `hireloop:candidate-room:${interviewId}:${token.slice(0, 8)}`;

export function loadProgress(interviewId: number, token: string): StoredProgress | null {
  try {
    const raw = window.localStorage.getItem(keyFor(interviewId, token));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredProgress>;
    if (typeof parsed.answered !== 'number' || !Array.isArray(parsed.transcript)) return null;
    return { answered: parsed.answered, transcript: parsed.transcript };
  } catch {
    return null;
  }
}

export function storeProgress(interviewId: number, token: string, progress: StoredProgress): void {
  try {
    window.localStorage.setItem(keyFor(interviewId, token), JSON.stringify(progress));
  } catch {
    // Storage full or disabled (private mode): the server's copy of the transcript still holds the answers.
  }
}

export function clearProgress(interviewId: number, token: string): void {
  try {
    window.localStorage.removeItem(keyFor(interviewId, token));
  } catch {
    // nothing stored
  }
}
