import type { BiasFlag } from '../../../contracts/ai';
import { checkQuestionIssues } from './bias';

// The built-in rules are fixed and a question's verdict depends on its text alone, so a verdict
// once computed holds on every instance: reading a job no longer re-runs the rules (they were a
// fifth of GET /api/job/{id}, docs/decisions/015-api-speed.md). Bounded: past the limit the
// oldest verdict goes.
const LIMIT = 10_000;
const verdicts = new Map<string, Omit<BiasFlag, 'index'>[]>();

function verdictOf(question: string): Omit<BiasFlag, 'index'>[] {
  let verdict = verdicts.get(question);
  if (verdict === undefined) {
    verdict = checkQuestionIssues(question);
    if (verdicts.size >= LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(question, verdict);
  }
  return verdict;
}

/** checkQuestions (every issue of each question), remembered per question text; each call gets its own flag objects. */
export function checkQuestionsMemoised(questions: string[]): BiasFlag[] {
  return questions.flatMap((question, index) => verdictOf(question).map((issue) => ({ index, ...issue })));
}
