import type { AiEngine } from '../engine';
import { checkText } from './bias';
import { checkQuestionsMemoised } from './bias-memo';
import { decideFollowUp, rewordQuestion } from './conversation';
import { evaluateTranscript } from './evaluate';
import { planInterview, screeningQuestions } from './plan';

/** The offline engine: deterministic, instant and explainable; needs no network and no key. */
export function createBuiltinEngine(): AiEngine {
  return {
    name: 'builtin',
    planInterview: async (job) => planInterview(job),
    screeningQuestions: async (input) => screeningQuestions(input),
    rewordQuestion: async ({ previousResponse, nextQuestion, earlier }) => rewordQuestion(previousResponse, nextQuestion, earlier),
    decideFollowUp: async ({ question, answer, earlier }) => decideFollowUp(question, answer, earlier),
    evaluate: async (input) => {
      const result = evaluateTranscript(input);
      const biasFlags = checkText([result.summary, ...result.criteria.map((c) => c.feedback)].join('\n'));
      return { ...result, biasFlags };
    },
    checkQuestions: async (questions) => checkQuestionsMemoised(questions),
    checkText: async (text) => checkText(text),
  };
}
