import type { TranscriptEntry } from '../../../contracts/ai';
import type { HeardSegment } from '../../speech/stt';
import { isInterviewerSpeaker } from '../../ai/speakers';

export { isInterviewerSpeaker };

/** The speaker the server's words are given: the label both engines read as the candidate. */
export const CANDIDATE_SPEAKER = 'Candidate';


/** Share of a segment's words found in the question it overlaps, above which it is the interviewer's voice. */
const ECHO_WORD_SHARE = 0.6;

export type MergeResult = { ok: true; transcript: TranscriptEntry[] } | { ok: false; reason: string };

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/**
 * The interviewer's voice picked up by the candidate's microphone: a segment heard while a
 * question was being spoken whose words are mostly that question's.
 */
function isEcho(segment: HeardSegment, question: TranscriptEntry): boolean {
  const start = question.startMs!;
  const end = Math.max(start, question.endMs ?? start);
  const overlap = Math.min(end, segment.endMs) - Math.max(start, segment.startMs);
  const length = Math.max(1, segment.endMs - segment.startMs);
  if (overlap < length / 2) return false;
  const words = wordsOf(segment.text);
  if (words.length === 0) return true;
  const asked = new Set(wordsOf(question.text));
  return words.filter((w) => asked.has(w)).length / words.length >= ECHO_WORD_SHARE;
}

/** Consecutive segments joined into whole sentences, each keeping its first segment's start. */
function sentenceEntries(segments: HeardSegment[]): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  let open: TranscriptEntry | null = null;
  for (const segment of segments) {
    const text = segment.text.trim().replace(/\s+/g, ' ');
    if (!text) continue;
    if (open) {
      open.text = `${open.text} ${text}`;
      open.endMs = segment.endMs;
    } else {
      open = { speaker: CANDIDATE_SPEAKER, text, startMs: segment.startMs, endMs: segment.endMs };
      out.push(open);
    }
    if (/[.!?…]["'”’)\]]*$/u.test(text)) open = null;
  }
  return out;
}

/**
 * The transcript evaluation reads when the server transcribed the recording: the browser's
 * interviewer turns (the questions as asked, with their times) and, after each, the server's
 * segments that start between it and the next question, as the candidate's words. The browser's
 * own candidate turns are left out; the browser transcript is kept beside this one, unchanged.
 * Words heard before the first question come first. Needs a start time on every question.
 */
export function mergeServerWords(browser: TranscriptEntry[], segments: HeardSegment[]): MergeResult {
  const questions = browser.filter((e) => isInterviewerSpeaker(e.speaker));
  if (questions.some((q) => q.startMs === undefined)) {
    return { ok: false, reason: "the browser transcript has no times to place the server's words by question" };
  }
  questions.sort((a, b) => a.startMs! - b.startMs!);
  const gaps: HeardSegment[][] = Array.from({ length: questions.length + 1 }, () => []);
  const ordered = [...segments].sort((a, b) => a.startMs - b.startMs);
  for (const segment of ordered) {
    if (!segment.text.trim()) continue;
    if (questions.some((q) => isEcho(segment, q))) continue;
    let gap = 0;
    while (gap < questions.length && questions[gap]!.startMs! <= segment.startMs) gap++;
    gaps[gap]!.push(segment);
  }
  const transcript: TranscriptEntry[] = [...sentenceEntries(gaps[0]!)];
  questions.forEach((question, i) => {
    transcript.push({ ...question });
    // Words after the practice question are practice; after a retake's line, the new answer; before
    // a retake's line, the answer the candidate redid (kept, as in the browser's transcript, never scored).
    const marks = questions[i + 1]?.retake
      ? { replaced: true as const }
      : { ...(question.practice && { practice: true as const }), ...(question.retake && { retake: true as const }) };
    transcript.push(...sentenceEntries(gaps[i + 1]!).map((entry) => ({ ...entry, ...marks })));
  });
  if (!transcript.some((e) => e.speaker === CANDIDATE_SPEAKER)) return { ok: false, reason: "the candidate's words were not found in the transcription" };
  return { ok: true, transcript };
}
