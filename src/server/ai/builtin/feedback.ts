import type { AnswerFeatures } from './analyze';
import { contentStems, sentences } from './text';

/*
 * What the built-in engine writes about a criterion (issue 31, item 4; decision 054): the band's
 * verdict, the candidate's own words in quotes, and only what the answers that spoke to the
 * criterion show or lack. A note is said only when it is true of those answers, and praise only in
 * the upper bands, so the sentence cannot contradict its score. Every sentence is written whole; the
 * only words from elsewhere are the criterion's name and a quote, inside quotation marks.
 */

/** Whether a requirement (a licence, a certificate, the shifts) is met, as the candidate's answer says. */
export type RequirementReading = 'met' | 'not_met' | 'unclear';

const UNCLEAR = /\b(not (?:sure|certain|positive)|i think (?:it|so|that)|i'?d have to check|i need to check|have to double[- ]check|might (?:have|be)|may have|should be (?:current|good|valid|fine)|i believe|pretty sure|probably|in the process|renewing|waiting (?:on|for)|pending|applied for|working on (?:it|getting|renewing)|hopefully|not a hundred percent|don'?t remember)\b/i;
const LAPSED = /\b(expired|lapsed|suspended|revoked|ran out|isn'?t current|not current|out of date)\b/i;
const NO = /^(?:no\b(?!\s+problem|\s+worries|\s+doubt)|nope\b|not (?:yet|really|currently)\b|i (?:don'?t|do not|haven'?t|have not|never|can'?t|cannot)\b|unfortunately)/i;
const NOT_HELD = /\b(i (?:don'?t|do not) (?:have|hold)|(?:won'?t|will not|wouldn'?t|would not|not able to|unable to|can'?t|cannot) (?:do|work|cover|take|be on)\b[^.?!]{0,30}\b(?:nights?|weekends?|saturdays?|sundays?|holidays?|on-?call|overnights?|evenings?|mornings?|shifts?|overtime|travel)|i (?:haven'?t|have not|never) (?:had|got|gotten|held|been certified)|(?:can'?t|cannot|couldn'?t) (?:do|work|make) (?:nights|weekends|overnights|evenings|mornings|that|those)|but not (?:nights|weekends|overnights|evenings|mornings))\b/i;
const YES = /^(?:yes|yeah|yep|yup|i do\b|i have\b|i hold\b|i'?ve got|correct|absolutely|definitely|sure|of course|i can\b|that'?s right|right,)/i;
const HELD = /\b(i (?:have|hold|carry|got)|i'?ve (?:got|had|held|been certified)|my (?:[\w-]+ ){0,3}(?:is|are) (?:current|valid|good|active)|(?:current|valid|active) (?:until|through|till|thru|to)|good (?:until|through|till|thru)|expires? (?:in|on|at|next|this)|renewed|certified (?:in|since)|licensed (?:in|since)|i can (?:work|do))\b/i;

/**
 * Reads an answer to a requirement's question: unsure or "should be" is unclear; lapsed, a no, or
 * "I don't have" is not met; a yes or "I have … current until …" is met; anything else says nothing
 * about the requirement (null), and the criterion is scored like any other.
 */
export function readRequirement(answer: string): RequirementReading | null {
  const text = answer.trim();
  if (!text) return null;
  if (UNCLEAR.test(text)) return 'unclear';
  if (LAPSED.test(text)) return /\b(renewed|but i renewed|it'?s renewed|new one)\b/i.test(text) ? 'met' : 'not_met';
  if (NO.test(text) || NOT_HELD.test(text)) return YES.test(text) && !NOT_HELD.test(text) ? 'met' : 'not_met';
  if (YES.test(text) || HELD.test(text)) return 'met';
  return null;
}

/** What the answers that spoke to a criterion show: the share of them with each trait. */
export interface Traits {
  example: number;
  ownActions: number;
  figures: number;
  outcome: number;
  poorJudgement: number;
  general: number;
  clarity: number;
}

export function traitsOf(features: AnswerFeatures[], weights: number[]): Traits {
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const share = (test: (f: AnswerFeatures) => boolean) => features.reduce((s, f, i) => s + (test(f) ? (weights[i] ?? 0) : 0), 0) / total;
  return {
    example: share((f) => f.pastSentences > 0 || f.situation > 0),
    ownActions: share((f) => f.actions > 0),
    figures: share((f) => f.numbers + f.acronyms > 0),
    outcome: share((f) => f.results + f.learning > 0),
    poorJudgement: share((f) => f.poorJudgement + f.deflections > 0),
    general: share((f) => f.hedges + f.generic + f.generalisations >= 2 || f.maxims > 0),
    clarity: features.reduce((s, f, i) => s + f.clarity * (weights[i] ?? 0), 0) / total,
  };
}

const MAX_QUOTE_WORDS = 24;

/**
 * A sentence of the candidate's, whole or cut at a word with an ellipsis, in curly quotes, ending
 * the feedback's sentence: its own full stop inside the quotes, or one added after them.
 */
export function quote(sentence: string): string {
  const words = sentence.trim().split(/\s+/);
  const text = words.length > MAX_QUOTE_WORDS ? `${words.slice(0, MAX_QUOTE_WORDS).join(' ').replace(/[,;:.!?]$/, '')}…` : words.join(' ');
  return /[.!?…]$/.test(text) ? `“${text}”` : `“${text}”.`;
}

/** The sentence that best shows a weak answer: the one with a poor-judgement cue, else the first of some substance. */
export function tellingSentence(answer: string, isPoorJudgement: (sentence: string) => boolean): string | null {
  const said = sentences(answer).filter((s) => contentStems(s).length >= 3);
  return said.find(isPoorJudgement) ?? said[0] ?? null;
}

const join = (notes: string[]) => (notes.length <= 1 ? (notes[0] ?? '') : `${notes.slice(0, -1).join(', ')} and ${notes[notes.length - 1]}`);

/** The notes a criterion's feedback is made of, each true of the answers or left out. */
export const NOTES = {
  clear: 'explained things clearly and in order',
  hardToFollow: 'was hard to follow in places',
  example: 'gave a concrete example from their own work',
  noExample: 'gave no concrete example',
  ownActions: 'said what they did themselves',
  noOwnActions: 'did not say what they did themselves',
  figures: 'named specifics such as figures or tools',
  outcome: 'said how it turned out',
  noOutcome: 'did not say how it turned out',
  judgement: 'showed questionable judgement',
  general: 'stayed general',
  onPoint: 'spoke to it correctly and to the point',
  spoke: 'spoke to it',
  littleDetail: 'gave little detail',
  little: 'said little that bears on it',
} as const;

/**
 * One criterion's feedback: the verdict of its band, notes true of its answers, and the quote.
 * Strong (75+) and solid (60-74) name only what the answers show; mixed (40-59) one thing shown and
 * one lacking; weak (below 40) only what they lack or got wrong.
 */
export function criterionFeedback(score: number, name: string, communication: boolean, traits: Traits, said: string | null): string {
  const shown: string[] = [];
  const lacking: string[] = [];
  if (communication) {
    if (traits.clarity >= 0.6) shown.push(NOTES.clear);
    else lacking.push(NOTES.hardToFollow);
  }
  if (traits.example >= 0.5) shown.push(NOTES.example);
  else lacking.push(NOTES.noExample);
  if (traits.ownActions >= 0.5) shown.push(NOTES.ownActions);
  else lacking.push(NOTES.noOwnActions);
  if (traits.figures >= 0.34) shown.push(NOTES.figures);
  if (traits.outcome >= 0.5) shown.push(NOTES.outcome);
  else lacking.push(NOTES.noOutcome);
  if (traits.poorJudgement > 0) lacking.unshift(NOTES.judgement);
  if (traits.general >= 0.5) lacking.unshift(NOTES.general);
  const topic = name.toLowerCase();
  let verdict: string;
  if (score >= 60) verdict = `${score >= 75 ? 'Strong' : 'Solid'} evidence for ${topic}: the candidate ${shown.length ? join(shown.slice(0, 3)) : NOTES.onPoint}.`;
  else if (score >= 40) verdict = `Mixed evidence for ${topic}: the candidate ${shown[0] ?? NOTES.spoke}, but ${lacking[0] ?? NOTES.littleDetail}.`;
  else verdict = `Weak evidence for ${topic}: the candidate ${lacking.length ? join(lacking.slice(0, 3)) : NOTES.little}.`;
  return said ? `${verdict} In their words: ${quote(said)}` : verdict;
}

/** A requirement's feedback: whether it is met, in the candidate's words. */
export function requirementFeedback(reading: RequirementReading, said: string | null): string {
  const words = said ? ` In their words: ${quote(said)}` : '';
  if (reading === 'met') return `The candidate says they meet this requirement.${words}`;
  if (reading === 'not_met') return `The candidate says they do not meet this requirement.${words}`;
  return `Unclear whether the candidate meets this requirement; confirm it before deciding.${words}`;
}
