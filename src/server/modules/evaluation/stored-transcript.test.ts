import { describe, expect, it } from 'vitest';
import { parseTranscript, rawText } from './stored-transcript';

const conversation = [
  { speaker: 'AI', text: 'Tell me about yourself.' },
  { speaker: 'Candidate', text: 'I build web apps.' },
];

describe('parseTranscript', () => {
  it('reads an array of { speaker, text } entries, keeping valid offsets', () => {
    expect(
      parseTranscript([
        { speaker: 'AI', text: 'Hello', startMs: 0, endMs: 1500 },
        { speaker: 'Candidate', text: 'Hi', startMs: 2000, endMs: -1 },
        { speaker: ' Candidate ', text: 'Again', startMs: 'soon' },
      ]),
    ).toEqual({
      ok: true,
      rows: [
        { speaker: 'AI', text: 'Hello', startMs: 0, endMs: 1500 },
        { speaker: 'Candidate', text: 'Hi', startMs: 2000 },
        { speaker: 'Candidate', text: 'Again' },
      ],
    });
  });

  it('reads an object with a transcript field holding any accepted form', () => {
    expect(parseTranscript({ transcript: conversation })).toEqual({ ok: true, rows: conversation });
    expect(parseTranscript({ transcript: [{ AI_1: 'Tell me about yourself.' }, { Candidate_1: 'I build web apps.' }] })).toEqual({
      ok: true,
      rows: conversation,
    });
    expect(parseTranscript({ transcript: JSON.stringify(conversation) })).toEqual({ ok: true, rows: conversation });
    expect(parseTranscript({ transcript: 'AI: Tell me about yourself.\nCandidate: I build web apps.' })).toEqual({ ok: true, rows: conversation });
    expect(parseTranscript({ transcript: [] })).toEqual({ ok: true, rows: [] });
  });

  it('reads an array of single-entry objects, the speaker being the key up to an underscore', () => {
    expect(parseTranscript([{ AI_1: 'Tell me about yourself.' }, { Candidate_1: 'I build web apps.' }, { Interviewer: 'Thanks' }])).toEqual({
      ok: true,
      rows: [...conversation, { speaker: 'Interviewer', text: 'Thanks' }],
    });
  });

  it('accepts a mix of entries and single-entry objects in one array', () => {
    expect(parseTranscript([{ AI_1: 'Tell me about yourself.' }, { speaker: 'Candidate', text: 'I build web apps.' }])).toEqual({
      ok: true,
      rows: conversation,
    });
  });

  it('reads an object keyed by speaker up to an underscore, in key order', () => {
    expect(parseTranscript({ AI_1: 'Tell me about yourself.', Candidate_1: 'I build web apps.' })).toEqual({ ok: true, rows: conversation });
  });

  it('orders numbered speaker keys by their number, keeping the stored order for equal numbers', () => {
    expect(parseTranscript({ AI_1: 'Q1', AI_2: 'Q2', Candidate_1: 'A1', Candidate_2: 'A2' })).toEqual({
      ok: true,
      rows: [
        { speaker: 'AI', text: 'Q1' },
        { speaker: 'Candidate', text: 'A1' },
        { speaker: 'AI', text: 'Q2' },
        { speaker: 'Candidate', text: 'A2' },
      ],
    });
  });

  it('keeps the stored order when some keys have no number', () => {
    expect(parseTranscript({ Interviewer: 'Q', Candidate_2: 'A' })).toEqual({
      ok: true,
      rows: [
        { speaker: 'Interviewer', text: 'Q' },
        { speaker: 'Candidate', text: 'A' },
      ],
    });
  });

  it('reads a single { speaker, text } object as one row', () => {
    expect(parseTranscript({ speaker: 'AI', text: 'Hello' })).toEqual({ ok: true, rows: [{ speaker: 'AI', text: 'Hello' }] });
  });

  it('reads a JSON string of any accepted form, even one encoded twice', () => {
    expect(parseTranscript(JSON.stringify(conversation))).toEqual({ ok: true, rows: conversation });
    expect(parseTranscript(JSON.stringify({ transcript: conversation }))).toEqual({ ok: true, rows: conversation });
    expect(parseTranscript(JSON.stringify([{ AI_1: 'Tell me about yourself.' }, { Candidate_1: 'I build web apps.' }]))).toEqual({
      ok: true,
      rows: conversation,
    });
    expect(parseTranscript(JSON.stringify({ AI_1: 'Tell me about yourself.', Candidate_1: 'I build web apps.' }))).toEqual({
      ok: true,
      rows: conversation,
    });
    expect(parseTranscript(JSON.stringify(JSON.stringify(conversation)))).toEqual({ ok: true, rows: conversation });
  });

  it("reads newline-separated 'speaker: text' lines, joining lines without a speaker to the turn before", () => {
    expect(parseTranscript('AI: Tell me about yourself.\r\n\nCandidate: I build web apps.\nMostly with React, and: TypeScript.')).toEqual({
      ok: true,
      rows: [
        { speaker: 'AI', text: 'Tell me about yourself.' },
        { speaker: 'Candidate', text: 'I build web apps.\nMostly with React, and: TypeScript.' },
      ],
    });
  });

  it('splits a line at its first colon only', () => {
    expect(parseTranscript('Candidate: We met at 10:30.')).toEqual({ ok: true, rows: [{ speaker: 'Candidate', text: 'We met at 10:30.' }] });
  });

  it('gives no rows when nothing is stored', () => {
    expect(parseTranscript(null)).toEqual({ ok: true, rows: [] });
    expect(parseTranscript(undefined)).toEqual({ ok: true, rows: [] });
    expect(parseTranscript('   ')).toEqual({ ok: true, rows: [] });
    expect(parseTranscript([])).toEqual({ ok: true, rows: [] });
    expect(parseTranscript({})).toEqual({ ok: true, rows: [] });
  });

  it('hands back anything else as raw', () => {
    const odd = [
      42,
      true,
      'just some words without a speaker',
      '42',
      [{ speaker: 'AI', text: 'ok' }, 'loose string'],
      [{ speaker: 'AI', text: 7 }],
      [{ AI_1: 'a', Candidate_1: 'b' }],
      [{ AI_1: { nested: true } }],
      { AI_1: 'fine', Candidate_1: 3 },
      { transcript: 12 },
      [{ speaker: '', text: 'nobody' }],
    ];
    for (const value of odd) expect(parseTranscript(value)).toEqual({ ok: false, raw: value });
  });
});

describe('rawText', () => {
  it('shows strings as they are and other values as indented JSON', () => {
    expect(rawText('plain')).toBe('plain');
    expect(rawText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(rawText(12)).toBe('12');
    expect(rawText(undefined)).toBe('undefined');
  });

  it('survives values JSON cannot encode', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(rawText(loop)).toBe('[object Object]');
  });
});
