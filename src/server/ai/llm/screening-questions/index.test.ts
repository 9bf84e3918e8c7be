import { describe, expect, it } from 'vitest';
import { fastSettings, promptOf, scriptedModel } from '../testing';
import { DEFAULT_SCREENING_QUESTIONS, screeningQuestions } from './index';

const questions = [
  'How long have you been driving commercial trucks?',
  'Which licence classes and endorsements do you hold?',
  'How do you plan a long route with tight delivery windows?',
  'Tell me about a time a delivery went wrong and what you did.',
  'Are you available for overnight routes?',
];

describe('screeningQuestions', () => {
  it('uses the default set without calling the model when nothing is given', async () => {
    const model = scriptedModel({ questions });
    const result = await screeningQuestions({ model, ...fastSettings }, { jobTitle: '  ', skills: '' });
    expect(result).toEqual(DEFAULT_SCREENING_QUESTIONS);
    expect(result.length).toBeGreaterThanOrEqual(5);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('asks the model with whatever is given', async () => {
    const model = scriptedModel({ questions: [...questions, '6. Why do you want to drive for us?', questions[0]!] });
    const result = await screeningQuestions({ model, ...fastSettings }, { skills: 'CDL class A, hazmat' });
    expect(result).toEqual([...questions, 'Why do you want to drive for us?']);
    const prompt = promptOf(model.doGenerateCalls[0]);
    expect(prompt).toContain('CDL class A, hazmat');
    expect(prompt).toContain('<job_title>\n(not given)');
  });

  it('repairs an answer with too few questions', async () => {
    const model = scriptedModel({ questions: questions.slice(0, 3) }, { questions });
    await expect(screeningQuestions({ model, ...fastSettings }, { jobTitle: 'Truck driver' })).resolves.toEqual(questions);
    expect(model.doGenerateCalls).toHaveLength(2);
  });
});
