/**
 * How long the interview takes, as the ready page says it (issue 30): questions times a
 * per-question estimate. Three minutes a question: the interviewer reads it (about 20 seconds), the
 * candidate thinks and answers (one to two minutes), and one short follow-up may come.
 */
export const MINUTES_PER_QUESTION = 3;

export function durationText(questionCount: number): string {
  const questions = questionCount === 1 ? '1 question' : `${questionCount} questions`;
  return `About ${Math.max(1, questionCount) * MINUTES_PER_QUESTION} minutes, ${questions}`;
}
