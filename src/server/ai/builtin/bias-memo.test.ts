import { describe, expect, it } from 'vitest';
import { checkQuestions } from './bias';
import { checkQuestionsMemoised } from './bias-memo';

describe('checkQuestionsMemoised', () => {
  const questions = ['How old are you?', 'Describe a production incident you resolved.', 'Do you have children?', 'How old are you?'];

  it('gives what the rules give, with each question at its own index, however often asked', () => {
    expect(checkQuestionsMemoised(questions)).toEqual(checkQuestions(questions));
    expect(checkQuestionsMemoised(questions)).toEqual(checkQuestions(questions));
    expect(checkQuestionsMemoised([...questions].reverse())).toEqual(checkQuestions([...questions].reverse()));
  });

  it('hands out new flag objects, so a caller changing one cannot change the next answer', () => {
    const first = checkQuestionsMemoised(['How old are you?']);
    first[0]!.text = 'changed';
    expect(checkQuestionsMemoised(['How old are you?'])[0]!.text).toBe('How old are you?');
  });
});
