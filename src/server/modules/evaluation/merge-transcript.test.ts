import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../contracts/ai';
import { mergeServerWords } from './merge-transcript';

const q1: TranscriptEntry = { speaker: 'AI', text: 'Hi Sam, tell me about your last project.', startMs: 1_000, endMs: 4_000 };
const q2: TranscriptEntry = { speaker: 'AI', text: 'What would you do differently?', startMs: 30_000, endMs: 32_000 };
const browser: TranscriptEntry[] = [q1, { speaker: 'Candidate', text: 'browser words', startMs: 5_000, endMs: 20_000 }, q2];
const seg = (startMs: number, endMs: number, text: string) => ({ startMs, endMs, text });

describe('placing the server\'s words between the questions', () => {
  it('puts each segment after the last question asked before it, a sentence per entry', () => {
    const result = mergeServerWords(browser, [
      seg(5_000, 8_000, ' I rebuilt the billing'),
      seg(8_000, 11_000, ' service in Go. '),
      seg(12_000, 15_000, 'It halved our costs!'),
      seg(33_000, 36_000, 'Test earlier'),
    ]);
    expect(result).toEqual({
      ok: true,
      transcript: [
        q1,
        { speaker: 'Candidate', text: 'I rebuilt the billing service in Go.', startMs: 5_000, endMs: 11_000 },
        { speaker: 'Candidate', text: 'It halved our costs!', startMs: 12_000, endMs: 15_000 },
        q2,
        { speaker: 'Candidate', text: 'Test earlier', startMs: 33_000, endMs: 36_000 },
      ],
    });
  });

  it("drops the interviewer's voice heard through the speakers, but never the candidate talking over it", () => {
    const result = mergeServerWords(browser, [
      seg(1_200, 3_900, 'Hi Sam, tell me about your last project.'),
      seg(2_000, 3_500, 'Sorry, I lost connection there.'),
      seg(30_100, 31_900, 'what would you do differently'),
    ]);
    expect(result.ok && result.transcript).toEqual([q1, { speaker: 'Candidate', text: 'Sorry, I lost connection there.', startMs: 2_000, endMs: 3_500 }, q2]);
  });

  it('keeps words heard before the first question, first', () => {
    const result = mergeServerWords(browser, [seg(0, 900, 'Hello?'), seg(5_000, 6_000, 'Sure.')]);
    expect(result.ok && result.transcript.map((e) => e.text)).toEqual(['Hello?', q1.text, 'Sure.', q2.text]);
  });

  it('cannot place words by question without the questions\' times, or without any candidate words', () => {
    expect(mergeServerWords([{ speaker: 'AI', text: 'Why us?' }], [seg(0, 1_000, 'Because.')])).toEqual({
      ok: false,
      reason: "the browser transcript has no times to place the server's words by question",
    });
    expect(mergeServerWords(browser, [seg(1_200, 3_900, 'Hi Sam, tell me about your last project.')])).toEqual({
      ok: false,
      reason: "the candidate's words were not found in the transcription",
    });
  });
});

describe('the practice question and a retaken answer (issue 32)', () => {
  const practice: TranscriptEntry = { speaker: 'AI', text: 'Tell us what you had for breakfast.', startMs: 0, endMs: 800, practice: true };
  const retakeLine: TranscriptEntry = { speaker: 'AI', text: 'Of course. Answer again whenever you are ready.', startMs: 20_000, endMs: 22_000, retake: true };
  const withBoth: TranscriptEntry[] = [practice, { ...q1 }, retakeLine, { ...q2 }];

  it('marks the words after the practice question as practice, before a retake as replaced, and after it as the retake', () => {
    const result = mergeServerWords(withBoth, [seg(900, 1_000, 'Toast.'), seg(5_000, 8_000, 'First try.'), seg(23_000, 25_000, 'Second try.'), seg(33_000, 34_000, 'Done.')]);
    expect(result.ok && result.transcript).toEqual([
      practice,
      { speaker: 'Candidate', text: 'Toast.', startMs: 900, endMs: 1_000, practice: true },
      q1,
      { speaker: 'Candidate', text: 'First try.', startMs: 5_000, endMs: 8_000, replaced: true },
      retakeLine,
      { speaker: 'Candidate', text: 'Second try.', startMs: 23_000, endMs: 25_000, retake: true },
      q2,
      { speaker: 'Candidate', text: 'Done.', startMs: 33_000, endMs: 34_000 },
    ]);
  });
});
