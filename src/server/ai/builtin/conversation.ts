import nlp from 'compromise';
import type { FollowUpDecision } from '../engine';
import { analyseAnswer, scoreAnswer, type AnswerFeatures } from './analyze';
import { contentStems, hash, normalisedTokens } from './text';

/*
 * What the built-in interviewer says between questions (issue 31, item 1). Every sentence is written
 * whole here; the only words ever taken from elsewhere are the question itself, repeated whole, and
 * a noun phrase the candidate said, which compromise must tag as one noun phrase and nothing else
 * (`answerNounPhrase`). Nothing is spliced from a fragment of the question.
 */

/** How much an answer said: what the interviewer acknowledges, and whether it may praise it. */
export type AnswerKind = 'silent' | 'non_answer' | 'brief' | 'general' | 'full';

/** Said when nothing, or next to nothing, was said; also "I don't know" and the like. */
const NON_ANSWER = /^(?:(?:um+|uh+|er+m?|hmm+|well|so|oh|ok(?:ay)?|sorry|pass|next|nothing|skip|idk|i\s+(?:don'?t|do\s+not)\s+know|not\s+sure|no\s+idea|i\s+(?:can'?t|cannot)\s+(?:think|remember)(?:\s+of\s+(?:one|any|anything))?|i\s+have\s+no\s+idea|i'?m\s+not\s+sure|i\s+(?:don'?t|do\s+not)\s+have\s+(?:one|an\s+example|any)|can\s+we\s+skip(?:\s+this(?:\s+one)?)?|let\s+me\s+think|good\s+question)[\s,.!?-]*)+$/i;

const YES_OR_NO = /^(?:yes|yeah|yep|yup|no|nope|sure|definitely|absolutely|of course|not really|never|i have|i haven'?t|i do|i don'?t|i did|i didn'?t|i can|i can'?t)\b/i;

export function answerKind(answer: string, features?: AnswerFeatures): AnswerKind {
  const text = answer.trim();
  if (!/[a-z0-9]/i.test(text)) return 'silent';
  if (NON_ANSWER.test(text)) return 'non_answer';
  const contentWords = features?.contentWords ?? normalisedTokens(text).filter((t) => !t.isStop && t.norm.length > 1).length;
  // "Yes." answers a yes-or-no question, briefly; it is not silence.
  if (contentWords < 2) return YES_OR_NO.test(text) ? 'brief' : 'non_answer';
  if (contentWords < 12) return 'brief';
  // Talk about work in general, with nothing the candidate did, counted or named: thanked, not praised.
  const f = features ?? analyseAnswer('', text);
  return f.numbers + f.acronyms === 0 && f.actions === 0 && f.pastSentences === 0 ? 'general' : 'full';
}

/** Acknowledgements by what the answer was: a non-answer is never praised, a short one is not thanked for its detail. */
export const ACKNOWLEDGEMENTS: Record<AnswerKind, readonly string[]> = {
  silent: ["That's alright.", 'No problem.', "That's okay."],
  non_answer: ["That's alright.", 'No problem.', "That's okay.", 'Fair enough.'],
  brief: ['Thank you.', 'Okay, thank you.', 'Understood.', 'Alright, thanks.', 'Noted, thank you.', 'Got it.'],
  general: ['Thanks for sharing that.', 'Okay, I understand.', 'I see, thank you.', 'Alright, thank you for that.', 'Thanks, noted.', 'Okay, thanks for your answer.'],
  // Neutral, not verdicts: the engine cannot tell a fluent weak answer from a strong one while the candidate listens.
  full: [
    'Thank you for walking me through that.',
    'Thanks for taking me through it.',
    'Thank you for the detail.',
    'Thanks for explaining your approach.',
    'I appreciate you explaining that.',
    'Got it, thank you for that.',
    'Thank you, I have a picture of it now.',
    'Thanks for telling me about it.',
  ],
};

/** Whole sentences that lead to the next question; none changes the question's own words. */
export const TRANSITIONS: readonly string[] = [
  'Next question.',
  "Let's move on to the next question.",
  'Here is the next one.',
  'On to the next question.',
  "Let's turn to something different.",
  "Here's another question for you.",
  "Let's go on.",
  'The next question is this.',
];

/**
 * The first of `options`, starting at a place chosen by `seed`, that no earlier line of the
 * interviewer's contains; when every one has been said, the one said longest ago.
 */
function pickUnsaid(options: readonly string[], seed: number, earlier: readonly string[]): string {
  const start = seed % options.length;
  const rotated = options.map((_, i) => options[(start + i) % options.length]!);
  const fresh = rotated.find((o) => !earlier.some((line) => line.includes(o)));
  if (fresh) return fresh;
  const lastSaid = (o: string) => earlier.reduce((at, line, i) => (line.includes(o) ? i : at), -1);
  return [...rotated].sort((a, b) => lastSaid(a) - lastSaid(b))[0]!;
}

/**
 * Bridges from the previous answer to the next question: an acknowledgement that fits what was
 * said, a transition, then the question unchanged (placeholders such as candidate_name included).
 * `earlier` is what the interviewer has said so far in this interview: no acknowledgement or
 * transition is said twice while there are others left.
 */
export function rewordQuestion(previousResponse: string, nextQuestion: string, earlier: readonly string[] = []): string {
  const question = nextQuestion.trim();
  const answer = previousResponse.trim();
  const kind = answerKind(answer);
  const h = hash(`${answer}\n${question}`);
  const ack = pickUnsaid(ACKNOWLEDGEMENTS[kind], h, earlier);
  const transition = pickUnsaid(TRANSITIONS, h >>> 4, earlier);
  return `${ack} ${transition} ${question}`;
}

/** Words that name nothing in particular: "something similar", "my best", "a lot". */
const VAGUE = /^(?:thing|things|stuff|lot|lots|way|ways|time|times|kind|sort|bit|part|one|ones|best|worst|most|least|something|anything|everything|nothing|someone|anyone|everyone|somebody|anybody|everybody|other|others|same|similar|whole|rest)$/i;

/** Words that make a phrase something other than a plain noun phrase to repeat back. */
const NOT_IN_PHRASE = '(#Verb|#Adverb|#Conjunction|#Preposition|#Pronoun|#QuestionWord|#Negative|#Expression|#Value)';

/**
 * A noun phrase the candidate said, to name in a follow-up ("You mentioned the night shift."), or
 * null. Compromise must read it as one noun phrase of two to four words, made only of a determiner
 * or a possessive, adjectives and nouns, at least one of them a content word; "my" and "our" become
 * "your". Anything else (a fragment, a clause, a pronoun, a number) is not used.
 */
export function answerNounPhrase(answer: string): string | null {
  const doc = nlp(answer);
  const phrases = doc.nouns().json() as { text: string; terms: { text: string; tags: string[] }[] }[];
  const found: string[] = [];
  for (const phrase of phrases) {
    const text = phrase.text.replace(/[.,;:!?"()]+$/g, '').replace(/^["(]+/, '').trim();
    const words = text.split(/\s+/);
    if (words.length < 2 || words.length > 4) continue;
    if (!answer.includes(text)) continue;
    const view = nlp(text);
    if (view.has(NOT_IN_PHRASE)) continue;
    if (view.nouns().length !== 1 || view.nouns().text() !== text) continue;
    const [first, ...rest] = words;
    const determiner = /^(the|a|an|this|that|my|our)$/i.test(first!);
    const body = determiner ? rest : words;
    if (body.length === 0 || !body.every((w) => /^[A-Za-z][A-Za-z'-]*$/.test(w))) continue;
    if (!body.some((w) => w.length >= 4 && contentStems(w).length > 0)) continue;
    if (body.some((w) => VAGUE.test(w))) continue;
    found.push(determiner ? `${/^(my|our)$/i.test(first!) ? 'your' : first!.toLowerCase()} ${body.join(' ')}` : text);
  }
  if (found.length === 0) return null;
  // The longest names the most; the earliest of equals.
  return found.reduce((best, p) => (p.split(' ').length > best.split(' ').length ? p : best));
}

/** Follow-ups by what the answer lacks; `{np}` is a noun phrase from the answer (`answerNounPhrase`), and a variant without it is always there. */
export const FOLLOW_UPS = {
  prompt: [
    'Take your time. Here is the question again: {question}',
    'No rush. Let me ask it once more: {question}',
    'Take a moment, there is no hurry. Once more: {question}',
    "That's okay, take your time. The question was: {question}",
  ],
  more: [
    'Could you tell me a bit more? A specific example from your own work would help.',
    'Could you say more about that, with an example from a job you have done?',
    'Could you expand on that a little? What happened, and what did you do?',
    'Tell me a little more, if you can: a real example would help me understand.',
    'You mentioned {np}. Could you tell me more about it, with an example from your own work?',
  ],
  offQuestion: [
    'Let me come back to the question I asked: could you answer it with an example from your own work?',
    'I would like to come back to the question: how would you answer it from your own experience?',
    'To bring us back to the question: what have you done, or what would you do, in that situation?',
    'That is a little away from what I asked. Could you answer the question with something you have done yourself?',
  ],
  example: [
    'Could you give me a concrete example of a time you did that, and what exactly you did?',
    'Can you think of one particular time that happened? What did you do?',
    'Could you make that concrete? Tell me about one time it happened and what you did.',
    'What is a real example of that from your own work?',
    'You mentioned {np}. Could you walk me through one particular time, and what you did?',
  ],
  ownAction: [
    'What did you do yourself in that situation?',
    'What was your own part in it, step by step?',
    'Which steps did you take personally?',
    'What was your role in that, and what did you do first?',
    'You mentioned {np}. What did you do yourself?',
  ],
  outcome: [
    'What was the outcome, and what would you do differently next time?',
    'How did it turn out in the end?',
    'How did that end, and what did you take away from it?',
    'What happened as a result?',
    'Where did things stand at the end, and what did you learn?',
  ],
  why: ['What made you choose that approach?', 'Why did you decide to do it that way?', 'What was your reasoning there?', 'What led you to that choice?'],
  number: [
    'Roughly how many or how much are we talking about?',
    'Could you put a number on it, even roughly?',
    'Do you have a figure for that, even an estimate?',
    'About how many, or how often?',
  ],
} as const;

type Lack = keyof typeof FOLLOW_UPS;

const REASONS: Record<Lack, string> = {
  prompt: 'The candidate said nothing, or next to nothing.',
  more: 'The answer was very short.',
  offQuestion: 'The answer did not address what was asked.',
  example: 'The answer stayed general, without a concrete example.',
  ownAction: "The answer did not say what the candidate did themselves.",
  outcome: 'The answer did not say how the situation ended.',
  why: 'The question asked why, and the answer did not say.',
  number: 'The question asked how many or how much, and the answer gave no figure.',
};

const isBehavioural = (q: string) => /\b(tell me about a time|describe a (time|situation)|give me an example|walk me through a (real|specific)|have you ever)\b/i.test(q);
const asksWhy = (q: string) => /\bwhy\b|\bwhat made you\b|\bwhat draws you\b/i.test(q);
const asksAmount = (q: string) => /\bhow (many|much|often|long|far)\b/i.test(q);
const GIVES_REASON = /\b(because|since|so that|the reason|that's why|which is why|in order to|so i|so we|to make sure|to avoid|to keep)\b/i;

/** The one thing to ask for, or null when the answer is complete enough. */
function lackOf(question: string, answer: string): Lack | null {
  const f = analyseAnswer(question, answer);
  const kind = answerKind(answer, f);
  if (kind === 'silent' || kind === 'non_answer') return 'prompt';
  const { parts } = scoreAnswer(f);
  if (f.contentWords < 8) return 'more';
  // Shares no words with the question and gives no concrete example: probably off the question.
  // (A detailed story with actions and results is taken as an answer even in other words.)
  if (f.questionOverlap < 0.1 && parts.relevance < 0.45 && contentStems(question).length >= 3 && parts.specificity < 0.35 && parts.structure < 0.35) return 'offQuestion';
  if (f.hedges + f.generic >= 2 && parts.specificity < 0.35) return 'example';
  if (asksAmount(question) && f.numbers === 0 && f.contentWords < 60) return 'number';
  if (isBehavioural(question)) {
    // No story at all ("I don't really get upset customers"): ask for one before asking how it ended.
    if (f.pastSentences === 0 && f.situation === 0 && f.numbers === 0) return 'example';
    if (f.actions === 0 && f.verbs < 2 && f.contentWords < 60) return 'ownAction';
    if (f.results === 0 && f.learning === 0 && f.contentWords < 80) return 'outcome';
  }
  if (asksWhy(question) && !GIVES_REASON.test(answer) && f.contentWords < 40) return 'why';
  return null;
}

/**
 * At most one follow-up to a question's first answer: a gentle second chance after silence or a
 * non-answer (the question again, whole), else a question for what the answer lacks (more, an
 * example, the candidate's own action, the outcome, the why, a number). `earlier` is what the
 * interviewer has said so far: a follow-up is not worded twice while there is another wording.
 */
export function decideFollowUp(question: string, answer: string, earlier: readonly string[] = []): FollowUpDecision {
  const lack = lackOf(question, answer);
  if (!lack) return { followUp: null, reason: 'The answer addressed the question with enough detail.' };
  const np = lack === 'prompt' ? null : answerNounPhrase(answer);
  const wordings = (FOLLOW_UPS[lack] as readonly string[]).filter((w) => (w.includes('{np}') ? np !== null : true));
  const chosen = pickUnsaid(
    wordings.map((w) => w.replace('{question}', question.trim()).replace('{np}', np ?? '')),
    hash(`${question}\n${answer}`),
    earlier,
  );
  return { followUp: chosen, reason: REASONS[lack] };
}
