import { describe, expect, it } from 'vitest';
import { fastSettings, promptOf, scriptedModel } from '../testing';
import { decideFollowUp } from './index';

const question = 'Tell me about a time you resolved a conflict in your team.';

describe('decideFollowUp', () => {
  it('asks one follow-up for a vague answer', async () => {
    const model = scriptedModel({ followUp: 'Could you describe one specific conflict and what you did? What was the outcome?', reason: 'No concrete example.' });
    const decision = await decideFollowUp({ model, ...fastSettings }, { question, answer: 'I am good with people.' });
    expect(decision).toEqual({ followUp: 'Could you describe one specific conflict and what you did?', reason: 'No concrete example.' });
    expect(promptOf(model.doGenerateCalls[0])).toContain('I am good with people.');
  });

  it('returns null when the answer is complete enough', async () => {
    const model = scriptedModel({ followUp: null, reason: 'Concrete example with the outcome.' });
    await expect(decideFollowUp({ model, ...fastSettings }, { question, answer: 'Two developers disagreed on...' })).resolves.toEqual({
      followUp: null,
      reason: 'Concrete example with the outcome.',
    });
  });

  it('treats a blank follow-up as none', async () => {
    const model = scriptedModel({ followUp: '  ', reason: '' });
    const decision = await decideFollowUp({ model, ...fastSettings }, { question, answer: 'A long and specific answer.' });
    expect(decision.followUp).toBeNull();
    expect(decision.reason).not.toBe('');
  });

  it('repairs an output that fails the schema', async () => {
    const model = scriptedModel({ followUp: false }, { followUp: null, reason: 'Complete.' });
    await expect(decideFollowUp({ model, ...fastSettings }, { question, answer: 'x' })).resolves.toEqual({ followUp: null, reason: 'Complete.' });
    expect(model.doGenerateCalls).toHaveLength(2);
  });
});
