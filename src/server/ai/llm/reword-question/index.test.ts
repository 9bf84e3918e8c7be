import { describe, expect, it } from 'vitest';
import { fastSettings, promptOf, scriptedModel, systemOf } from '../testing';
import { keepOrFallBack, rewordQuestion } from './index';

const nextQuestion = 'Thanks, candidate_name. How do you prioritise when two deadlines collide?';
const previousResponse = 'I mostly worked on the billing service and the on-call rota.';

describe('rewordQuestion', () => {
  it('bridges from the previous answer and keeps the placeholder', async () => {
    const model = scriptedModel({ response: 'The billing work sounds involved, candidate_name. How do you prioritise when two deadlines collide?' });
    const result = await rewordQuestion({ model, ...fastSettings }, { previousResponse, nextQuestion });
    expect(result).toBe('The billing work sounds involved, candidate_name. How do you prioritise when two deadlines collide?');
    expect(promptOf(model.doGenerateCalls[0])).toContain(previousResponse);
    expect(systemOf(model.doGenerateCalls[0])).toContain('candidate_name');
  });

  it('returns the question unchanged when the model drops the placeholder', async () => {
    const model = scriptedModel({ response: 'Thanks, Sam. How do you prioritise when two deadlines collide?' });
    await expect(rewordQuestion({ model, ...fastSettings }, { previousResponse, nextQuestion })).resolves.toBe(nextQuestion);
  });

  it('returns the question unchanged when the model answers with nothing', async () => {
    const model = scriptedModel({ response: '   ' });
    await expect(rewordQuestion({ model, ...fastSettings }, { previousResponse, nextQuestion })).resolves.toBe(nextQuestion);
  });

  it('repairs an output that fails the schema', async () => {
    const model = scriptedModel({ text: 'wrong field' }, { response: 'Got it, candidate_name. How do you prioritise when two deadlines collide?' });
    await expect(rewordQuestion({ model, ...fastSettings }, { previousResponse, nextQuestion })).resolves.toBe(
      'Got it, candidate_name. How do you prioritise when two deadlines collide?',
    );
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it('skips the model when there is no previous answer', async () => {
    const model = scriptedModel({ response: 'unused' });
    await expect(rewordQuestion({ model, ...fastSettings }, { previousResponse: ' ', nextQuestion })).resolves.toBe(nextQuestion);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('keepOrFallBack', () => {
  it('never lets a new question in', () => {
    const q = 'What motivates you?';
    expect(keepOrFallBack('Interesting. What motivates you?', q)).toBe('Interesting. What motivates you?');
    expect(keepOrFallBack('Which team was that? And what motivates you?', q)).toBe(q);
    expect(keepOrFallBack(`Thanks. ${'very '.repeat(100)}long. What motivates you?`, q)).toBe(q);
    expect(keepOrFallBack('Thanks.   Tell me about   your last role.', 'Tell me about your last role.')).toBe('Thanks. Tell me about your last role.');
  });
});
