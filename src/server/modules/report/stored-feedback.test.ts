import { describe, expect, it } from 'vitest';
import type { StoredEvaluation } from '../../../contracts/ai';
import { toReportFeedback } from './stored-feedback';

// Older shapes (plain strings, numeric text, unnamed criteria) are brought to the stored shape by
// migration 0021, tested in db/migrations.test.ts; this reads the one shape.
const stored: StoredEvaluation = {
  summary: 'Strong communicator.',
  overall: 78,
  criteria: [
    { name: 'Communication', weight: 60, score: 85, feedback: 'Clear answers.', evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }], requirement: 'met' },
    { name: 'Technical skills', weight: 40, score: null, notAssessed: true, feedback: 'Not assessed.', evidence: [] },
  ],
  insufficientEvidence: false,
  engine: 'openai',
  model: 'gpt-4o-mini',
  promptVersion: 'v3',
  samples: 3,
  biasFlags: [{ text: 'young team', category: 'age', reason: 'Age-coded wording' }],
  worthChecking: [{ kind: 'licence', quote: 'Not sure my card is current.', atMs: 9_000 }],
  evaluatedAt: '2025-01-01T00:00:00.000Z',
};

describe('toReportFeedback', () => {
  it('gives the report the evaluation without the weights and what only the record keeps', () => {
    expect(toReportFeedback(stored)).toEqual({
      summary: 'Strong communicator.',
      overall: 78,
      criteria: [
        { name: 'Communication', score: 85, feedback: 'Clear answers.', evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }], requirement: 'met' },
        { name: 'Technical skills', score: null, notAssessed: true, feedback: 'Not assessed.', evidence: [] },
      ],
      insufficientEvidence: false,
      engine: 'openai',
      model: 'gpt-4o-mini',
      biasFlags: [{ text: 'young team', category: 'age', reason: 'Age-coded wording' }],
      worthChecking: [{ kind: 'licence', quote: 'Not sure my card is current.', atMs: 9_000 }],
    });
  });

  it('lists no red flags for an evaluation stored before they were read, and nothing before scoring', () => {
    const { worthChecking: _none, engine: _engine, model: _model, ...older } = stored;
    expect(toReportFeedback(older)).toMatchObject({ worthChecking: [] });
    expect(toReportFeedback(older)).not.toHaveProperty('engine');
    expect(toReportFeedback(null)).toBeNull();
  });
});
