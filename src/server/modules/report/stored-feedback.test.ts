import { describe, expect, it } from 'vitest';
import { normaliseFeedback } from './stored-feedback';

const stored = {
  summary: 'Strong communicator.',
  overall: 78,
  criteria: [
    { name: 'Communication', weight: 60, score: 85, feedback: 'Clear answers.', evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }] },
    { name: 'Technical skills', weight: 40, score: null, feedback: 'Too little said.', evidence: [] },
  ],
  insufficientEvidence: false,
  engine: 'openai',
  model: 'gpt-4o-mini',
  promptVersion: 'v3',
  biasFlags: [{ text: 'young team', category: 'age', reason: 'Age-coded wording' }],
  evaluatedAt: '2025-01-01T00:00:00.000Z',
};

describe('normaliseFeedback', () => {
  it('treats a plain string as the summary with overall 0 and no criteria', () => {
    expect(normaliseFeedback('Good interview.')).toEqual({ summary: 'Good interview.', overall: 0, criteria: [], insufficientEvidence: false, biasFlags: [], worthChecking: [] });
  });

  it('reads the object shape with evidence, engine, model and bias flags', () => {
    expect(normaliseFeedback(stored)).toEqual({
      summary: 'Strong communicator.',
      overall: 78,
      criteria: [
        { name: 'Communication', score: 85, feedback: 'Clear answers.', evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }] },
        { name: 'Technical skills', score: null, feedback: 'Too little said.', evidence: [] },
      ],
      insufficientEvidence: false,
      engine: 'openai',
      model: 'gpt-4o-mini',
      biasFlags: [{ text: 'young team', category: 'age', reason: 'Age-coded wording' }],
      worthChecking: [],
    });
  });

  it('reads the older object shape of summary, overall and criteria of name, score and feedback', () => {
    expect(normaliseFeedback({ summary: 'OK', overall: 64, criteria: [{ name: 'Fit', score: 64, feedback: 'Fine' }] })).toEqual({
      summary: 'OK',
      overall: 64,
      criteria: [{ name: 'Fit', score: 64, feedback: 'Fine', evidence: [] }],
      insufficientEvidence: false,
      biasFlags: [],
      worthChecking: [],
    });
  });

  it('keeps an explicit null overall (insufficient evidence) and reads a missing one as 0', () => {
    expect(normaliseFeedback({ summary: 'Silent', overall: null, criteria: [], insufficientEvidence: true })).toMatchObject({ overall: null, insufficientEvidence: true });
    expect(normaliseFeedback({ summary: 'Old' })).toMatchObject({ overall: 0, criteria: [] });
  });

  it('cleans unreadable parts: clamps scores, reads numeric strings, names unnamed criteria, drops bad evidence and flags', () => {
    const result = normaliseFeedback({
      summary: 42,
      overall: '130',
      criteria: [
        { score: -4, evidence: ['a quote', '', { quote: 'timed', atMs: -1 }, { atMs: 3 }, 7] },
        { name: ' Fit ', score: 'high', feedback: 3 },
        'not a criterion',
      ],
      engine: '',
      fallbackReason: 'openai: timeout',
      biasFlags: [{ text: 'x', category: 'age', reason: 'r', index: 2, suggestion: 'y' }, { text: 'no category' }, { text: 'z', category: 'c', reason: 'r', index: -1, suggestion: '' }],
    });
    expect(result).toEqual({
      summary: '',
      overall: 100,
      criteria: [
        { name: 'Criterion 1', score: 0, feedback: '', evidence: [{ quote: 'a quote' }, { quote: 'timed' }] },
        { name: 'Fit', score: null, feedback: '', evidence: [] },
      ],
      insufficientEvidence: false,
      fallbackReason: 'openai: timeout',
      biasFlags: [
        { text: 'x', category: 'age', reason: 'r', index: 2, suggestion: 'y' },
        { text: 'z', category: 'c', reason: 'r' },
      ],
      worthChecking: [],
    });
  });

  it('reads the red flags worth checking, a criterion not assessed and a requirement met, dropping what it cannot read', () => {
    const result = normaliseFeedback({
      summary: 'S',
      overall: 70,
      criteria: [
        { name: 'Licence', score: 100, feedback: 'F', evidence: [], requirement: 'met' },
        { name: 'Teamwork', score: null, feedback: 'Not assessed', evidence: [], notAssessed: true, requirement: 'maybe' },
      ],
      worthChecking: [
        { kind: 'rule_breaking', quote: 'Sometimes you have to fudge the logs.', atMs: 61_000 },
        { kind: 'licence', quote: 'Not sure my card is current.', atMs: -5 },
        { kind: 'gossip', quote: 'x' },
        { kind: 'unsafe', quote: '' },
      ],
    });
    expect(result?.criteria[0]).toMatchObject({ requirement: 'met' });
    expect(result?.criteria[1]).toMatchObject({ notAssessed: true });
    expect(result?.criteria[1]).not.toHaveProperty('requirement');
    expect(result?.worthChecking).toEqual([
      { kind: 'rule_breaking', quote: 'Sometimes you have to fudge the logs.', atMs: 61_000 },
      { kind: 'licence', quote: 'Not sure my card is current.' },
    ]);
  });

  it('keeps the anchors a criterion was scored against and the range of sampled scores', () => {
    const anchors = { weak: 'Vague.', adequate: 'General.', strong: 'Specific, own actions, result.' };
    const result = normaliseFeedback({
      summary: 'S',
      overall: 70,
      criteria: [
        { name: 'Skills', score: 70, feedback: 'F', evidence: [], anchors, sampleRange: { min: 50, max: 80, samples: 3 } },
        { name: 'Fit', score: 60, feedback: 'F', evidence: [], anchors: { weak: ' ', strong: 7 }, sampleRange: { min: 'x' } },
      ],
    });
    expect(result?.criteria[0]).toMatchObject({ anchors, sampleRange: { min: 50, max: 80, samples: 3 } });
    expect(result?.criteria[1]).not.toHaveProperty('anchors');
    expect(result?.criteria[1]).not.toHaveProperty('sampleRange');
  });

  it('reads a string holding the JSON of a feedback object as that object', () => {
    expect(normaliseFeedback(JSON.stringify({ summary: 'From JSON', overall: 70, criteria: [] }))).toMatchObject({ summary: 'From JSON', overall: 70 });
    expect(normaliseFeedback('{not json')).toMatchObject({ summary: '{not json', overall: 0 });
    expect(normaliseFeedback('{"other": 1}')).toMatchObject({ summary: '{"other": 1}', overall: 0 });
  });

  it('gives null for nothing stored or an unreadable value', () => {
    expect(normaliseFeedback(null)).toBeNull();
    expect(normaliseFeedback(undefined)).toBeNull();
    expect(normaliseFeedback(42)).toBeNull();
    expect(normaliseFeedback([stored])).toBeNull();
  });
});
