import type { BiasFlag } from '../../../contracts/ai';
import { checkQuestion } from './bias';

// The built-in rules are fixed and a question's verdict depends on its text alone, so a verdict
// once computed holds on every instance: reading a job no longer re-runs the rules (they were a
// fifth of GET /api/job/{id}, docs/decisions/015-api-speed.md). Bounded: past the limit the
// oldest verdict goes.
const LIMIT = 10_000;
const verdicts = new Map<string, Omit<BiasFlag, 'index'> | null>();

function verdictOf(question: string): Omit<BiasFlag, 'index'> | null {
  let verdict = verdicts.get(question);
  if (verdict === undefined) {
    verdict = checkQuestion(question);
    if (verdicts.size >= LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(question, verdict);
  }
  return verdict;
}

/** checkQuestions, remembered per question text; each call gets its own flag objects. */
export function checkQuestionsMemoised(questions: string[]): BiasFlag[] {
  const flags: BiasFlag[] = [];
  questions.forEach((question, index) => {
    const verdict = verdictOf(question);
    if (verdict) flags.push({ index, ...verdict });
  });
  return flags;
}
