import type { TranscriptEntry } from '@/contracts/ai';
import { personalise } from './personalise';
import type { StoredProgress } from './progress-store';

export const AI_SPEAKER = 'AI';
export const CANDIDATE_SPEAKER = 'Candidate';

export interface ResumePoint {
  transcript: TranscriptEntry[];
  /** Index of the next question to ask. */
  answered: number;
  /** Where the recording clock continues from (ms), so offsets after a reload keep increasing. */
  clockBaseMs: number;
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * Without this device's own record, counts the questions whose text the transcript's AI turns
 * contain. A reworded question that no longer contains its text is asked again: repeating a
 * question costs the candidate nothing, skipping one would.
 */
function answeredFromTranscript(transcript: TranscriptEntry[], questions: string[], candidateName: string): number {
  let next = 0;
  transcript.forEach((entry, index) => {
    const question = questions[next];
    if (entry.speaker !== AI_SPEAKER || question === undefined) return;
    const answeredLater = transcript.slice(index + 1).some((later) => later.speaker !== AI_SPEAKER && later.text.trim());
    const needle = normalise(personalise(question, candidateName));
    if (answeredLater && needle && normalise(entry.text).includes(needle)) next += 1;
  });
  // The last question found may still have been mid-answer: ask it again.
  return Math.max(0, next - 1);
}

function lastOffset(transcript: TranscriptEntry[]): number {
  return transcript.reduce((max, entry) => Math.max(max, entry.endMs ?? 0, entry.startMs ?? 0), 0);
}

/**
 * Where a (re)started interview continues: this device's record when it holds at least what the
 * server saved (the last save may have failed), else the server's transcript.
 */
export function resumePoint(
  serverTranscript: TranscriptEntry[],
  stored: StoredProgress | null,
  questions: string[],
  candidateName: string,
): ResumePoint {
  const useStored =
    stored !== null &&
    stored.transcript.length > 0 &&
    stored.transcript.length >= serverTranscript.length &&
    serverTranscript.every((entry, i) => stored.transcript[i]?.speaker === entry.speaker && stored.transcript[i]?.text.startsWith(entry.text));
  const transcript = useStored ? stored.transcript : serverTranscript;
  const answered = useStored ? stored.answered : answeredFromTranscript(serverTranscript, questions, candidateName);
  return {
    transcript,
    answered: Math.min(Math.max(0, answered), questions.length),
    clockBaseMs: transcript.length > 0 ? lastOffset(transcript) + 1_000 : 0,
  };
}
