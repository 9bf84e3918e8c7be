import type { FollowUpDecision } from '../engine';
import { analyseAnswer, scoreAnswer } from './analyze';
import { contentStems, hash, normalisedTokens } from './text';

const ACKNOWLEDGEMENTS = [
  'Thank you for sharing that.',
  'Thanks, that is helpful.',
  'I appreciate the detail.',
  'Thanks for walking me through that.',
  'That is useful context, thank you.',
];
const BRIEF_ACKNOWLEDGEMENTS = ['Thank you.', 'Okay, thanks.', 'Understood, thank you.'];
const TRANSITIONS = ['Next,', 'Moving on,', 'Let us turn to something else.', 'Building on that,', 'Now,'];

/**
 * Bridges from the previous answer to the next question: an acknowledgement that fits how much was
 * said, then the question unchanged (placeholders such as candidate_name included).
 */
export function rewordQuestion(previousResponse: string, nextQuestion: string): string {
  const answer = previousResponse.trim();
  const question = nextQuestion.trim();
  if (!answer) return question;
  const size = answer.split(/\s+/).length;
  const h = hash(answer);
  const ack = size < 12 ? BRIEF_ACKNOWLEDGEMENTS[h % BRIEF_ACKNOWLEDGEMENTS.length]! : ACKNOWLEDGEMENTS[h % ACKNOWLEDGEMENTS.length]!;
  const transition = TRANSITIONS[(h >>> 3) % TRANSITIONS.length]!;
  if (transition.endsWith(',')) return `${ack} ${transition} ${question.charAt(0).toLowerCase()}${question.slice(1)}`.replace(/ i /g, ' I ');
  return `${ack} ${transition} ${question}`;
}

const isBehavioural = (q: string) => /\b(tell me about a time|describe a (time|situation)|give me an example|walk me through a (real|specific)|have you ever)\b/i.test(q);

/**
 * At most one follow-up: when the answer is short, vague, misses the question, or (for a
 * behavioural question) never says what happened in the end.
 */
export function decideFollowUp(question: string, answer: string): FollowUpDecision {
  const f = analyseAnswer(question, answer);
  const { parts } = scoreAnswer(f);
  const topic = topicOf(question);
  if (f.contentWords < 8) {
    return { followUp: `Could you tell me a bit more${topic ? ` about ${topic}` : ''}? A specific example from your experience would help.`, reason: 'The answer was very short.' };
  }
  // Shares no words with the question and gives no concrete example: probably off the question.
  // (A detailed story with actions and results is taken as an answer even in other words.)
  if (f.questionOverlap < 0.1 && parts.relevance < 0.45 && contentStems(question).length >= 3 && parts.specificity < 0.35 && parts.structure < 0.35) {
    return { followUp: `Let me come back to the question${topic ? ` about ${topic}` : ''}: could you answer it with an example from your own work?`, reason: 'The answer did not address what was asked.' };
  }
  if (f.hedges + f.generic >= 2 && parts.specificity < 0.35) {
    return { followUp: 'Could you give me a concrete example of a time you did that, and what exactly you did?', reason: 'The answer stayed general, without a concrete example.' };
  }
  if (isBehavioural(question) && f.results === 0 && f.learning === 0 && f.contentWords < 80) {
    return { followUp: 'What was the outcome, and what would you do differently next time?', reason: 'The answer did not say how the situation ended.' };
  }
  return { followUp: null, reason: 'The answer addressed the question with enough detail.' };
}

/** A short noun phrase naming what the question is about, for natural follow-ups. */
function topicOf(question: string): string {
  const m = question.match(/\babout (a time (?:when )?)?(you [^.?,]+|[^.?,]+)/i);
  if (m?.[2]) {
    const phrase = m[2].trim();
    if (phrase.split(/\s+/).length <= 8) return phrase.replace(/^you /i, 'when you ');
  }
  const tokens = normalisedTokens(question).filter((t) => !t.isStop && t.norm.length > 3);
  return tokens.length ? `the ${tokens.slice(-2).map((t) => t.norm).join(' ')}` : '';
}
