import { describe, expect, it } from 'vitest';
import { draftToInput, emptyDraft } from './review-draft';

const current = new Map<string, number | null>([
  ['Communication', 80],
  ['Technical skills', null],
]);

describe('draftToInput', () => {
  it('builds the score changes and the decision', () => {
    expect(
      draftToInput(
        { adjustments: { 'Technical skills': { score: ' 70 ', reason: ' Solid answer on caching ' } }, decision: 'advance', note: ' Strong overall ' },
        current,
      ),
    ).toEqual({
      ok: true,
      input: { scores: [{ criterion: 'Technical skills', score: 70, reason: 'Solid answer on caching' }], decision: 'advance', note: 'Strong overall' },
    });
  });

  it('sends a decision alone, and score changes alone', () => {
    expect(draftToInput({ ...emptyDraft, decision: 'hold', note: 'Wait for references' }, current)).toEqual({
      ok: true,
      input: { scores: [], decision: 'hold', note: 'Wait for references' },
    });
    expect(draftToInput({ ...emptyDraft, adjustments: { Communication: { score: '0', reason: 'Off topic' } } }, current)).toEqual({
      ok: true,
      input: { scores: [{ criterion: 'Communication', score: 0, reason: 'Off topic' }] },
    });
  });

  it('asks for a change when nothing changed', () => {
    expect(draftToInput(emptyDraft, current)).toEqual({ ok: false, errors: { form: 'Change a score or record a decision' } });
  });

  it('needs a whole score from 0 to 100, different from the current one, and a reason', () => {
    const result = draftToInput(
      {
        adjustments: {
          Communication: { score: '80', reason: '' },
          'Technical skills': { score: '70.5', reason: 'ok' },
          Other: { score: '', reason: '  ' },
          Big: { score: '101', reason: 'x' },
        },
        decision: null,
        note: '',
      },
      current,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        'score:Communication': 'This is already the current score',
        'reason:Communication': 'A reason is required for every score change',
        'score:Technical skills': 'Enter a whole number from 0 to 100',
        'score:Other': 'Enter a whole number from 0 to 100',
        'reason:Other': 'A reason is required for every score change',
        'score:Big': 'Enter a whole number from 0 to 100',
      },
    });
  });

  it('needs a note with a decision', () => {
    expect(draftToInput({ ...emptyDraft, decision: 'reject', note: '   ' }, current)).toEqual({ ok: false, errors: { note: 'A note is required with a decision' } });
  });
});
