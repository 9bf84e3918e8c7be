import type { AiEngine } from '../engine';
import { checkText } from './bias';
import { checkQuestionsMemoised } from './bias-memo';
import { decideFollowUp, rewordQuestion } from './conversation';
import { evaluateTranscript } from './evaluate';
import { planInterview, screeningQuestions } from './plan';
import { findWorthChecking } from '../worth-checking';

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
      // The feedback quotes the candidate: their own words (“…”) are not the evaluator's bias.
      const written = [result.summary, ...result.criteria.map((c) => c.feedback)].join('\n').replace(/“[^”]*”/g, '');
      return { ...result, biasFlags: checkText(written), worthChecking: findWorthChecking(input.transcript) };
    },
    checkQuestions: async (questions) => checkQuestionsMemoised(questions),
    checkText: async (text) => checkText(text),
  };
}
