import nlp from 'compromise';
import { contentStems, isStopword, normalisedTokens, sentences, type NormaliseOptions, type Token } from './text';

/** Cue lists, matched on lower-case normalised text. */
const SITUATION = ['when i', 'at my last', 'in my last', 'at my previous', 'in my previous', 'one time', 'once', 'last year', 'last month', 'last week', 'a few months ago', 'recently', 'there was a time', 'for example', 'for instance', 'we had a', 'i had a', 'i was working', 'during', 'at the time'];
const TASK = ['my job was', 'my role was', 'i was responsible', 'i needed to', 'i had to', 'the goal was', 'my goal', 'we needed to', 'the problem was', 'the issue was', 'the challenge was', 'i was asked', 'was assigned'];
const RESULT = ['as a result', 'in the end', 'the result', 'the outcome', 'ended up', 'which meant', 'so that', 'we reduced', 'i reduced', 'reduced', 'increased', 'improved', 'saved', 'resolved', 'fixed', 'cut', 'dropped', 'grew', 'went from', 'came back', 'thanked', 'left happy', 'on time', 'no more', 'since then', 'from then on', 'afterwards', 'after that', 'it worked', 'successfully'];
const LEARNING = ['i learned', "i've learned", 'i learnt', 'lesson', 'next time', 'now i always', 'since then i', 'taught me', 'i realised', 'i realized', 'changed how i', 'going forward'];
const HEDGES = ['i guess', 'i think maybe', 'maybe', 'kind of', 'sort of', 'i suppose', 'probably', 'not sure', "i don't know", 'i dont know', 'whatever', 'stuff', 'and so on', 'etc', 'or something', 'i mean', 'basically', 'pretty much', 'i would say', 'depends'];
const GENERIC = ['hard worker', 'hard working', 'hardworking', 'team player', 'people person', 'i am passionate', "i'm passionate", 'i love people', 'i always do my best', 'do my best', 'give 110', 'perfectionist', 'fast learner', 'quick learner', 'go above and beyond', 'i just do it', 'i get along with everyone', 'good with people', 'work well with others', 'i am reliable', "i'm reliable", 'i am a good', "i'm a good", "i'm good at", 'i am good at',
  // Self-praise with nothing behind it, and attitudes that say the work does not matter to them.
  'detail oriented', 'detail-oriented', "i don't make mistakes", 'i never make mistakes', "don't really make mistakes", "i'm a perfectionist", "i'm very organized", "i'm very organised", 'always love me', 'everyone loves me', 'people love me', "i'm a natural", "i'm great at", "i'm the best", "i'm very good", 'pays well', 'look good on my resume', 'looks good on my resume', 'really boring', 'so boring', 'hours are terrible', 'i hate', "can't stand", 'work best alone'];
const POOR_JUDGEMENT = ['not my problem', 'not my job', 'i would just ignore', 'just ignore', 'i ignored', 'i would quit', 'i quit', 'blame', 'their fault', 'his fault', 'her fault', 'yell', 'yelled', 'skip the', 'skipped the', 'cut corners', "wouldn't bother", 'would not bother', "don't really care", 'dont really care', 'i would lie', 'nobody would notice', 'no one would notice', 'call in sick', 'keep driving', 'just keep going', 'let it slide', 'tell them to leave', 'argue', 'argued',
  // Waving a problem away, handing it to someone else, or hiding it: judgement, whatever the trade.
  'not a big deal', 'no big deal', 'evens out', "doesn't matter", 'does not matter', 'no point', 'not worth', "isn't worth", "don't care", 'nobody cares', "that's on them", "that's their problem", "someone else's problem", 'not my department', 'not my responsibility', 'quietly', 'nobody gets in trouble', "don't get written up", 'without telling', "wouldn't tell", "don't tell", 'cover for', 'cover it up', 'bend the rules', 'fudge', 'wing it', 'just guess', 'hope for the best', 'ignore it', 'look the other way', "they'll be fine", "it'll be fine", 'probably fine', 'just delete', 'just approve', 'just push'];
const FILLERS = ['um', 'uh', 'erm', 'hmm', 'like,', 'you know', 'i mean', 'sort of', 'kind of'];
const FIRST_PERSON_ACTION = /\b(i|we)\s+(\w+ed|took|made|led|ran|built|wrote|set|put|went|told|called|asked|spoke|gave|found|caught|brought|did|sent|kept|paid|got|held|chose|drove|began|rebuilt|rewrote|split|shut|stopped|cut|bought|sold|taught|thought|checked|explained|apologi[sz]ed|offered|escalated|documented|reported|followed|walked|showed|double-checked|reviewed|trained|organi[sz]ed|created|started|fixed|moved|pulled|compared|traced|reproduced|added|removed|replaced|wrapped|logged|scheduled|coordinated|negotiated|prioriti[sz]ed)\b/g;
const NUMBER = /\b\d+(?:[.,]\d+)?\s*(%|percent|minutes?|hours?|days?|weeks?|months?|years?|k\b|dollars?|people|customers?|patients?|guests?|orders?|tickets?|units?|miles?|pallets?|loads?|tables?|rooms?|degrees?|times?|x\b)?|\$\s?\d+|\b(two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|double|twice)\b/gi;

/** Grammar of talking in general rather than about one's own work: cues of register, not of any trade. */
const GENERALISATION = / (always|never|everybody|everyone|anybody|nobody|all the time|constantly|every time|just|honestly|basically|usually|generally|stuff|things) /g;
const SELF_DESCRIPTION = / (i'm|i am) (a |an |the |pretty |very |really |always |not |just )?\w+ /g;
const YOU_WORDS = / (you|your|you're|you've|you'll|you'd) /g;
const I_WE_WORDS = / (i|we|i'm|i've|i'd|i'll|we're|we've|we'd|my|our|me|us) /g;
/** Pushing the matter away: it is not theirs, not worth it, someone else's fault or job ("that's kind of on management"). */
const DEFLECTION = / (not really|don't really|doesn't really|didn't really|not my|their job|their fault|on management|annoying|they should|should have|my own job|not the type|whatever|the worst|not worth|nobody|can't really|never had|never been|not much i can) /g;
/** Maxims in place of an account ("It's really important to stay calm", "the main thing is…", "you have to…"). */
const MAXIM = / (it|that|this) (is )?(really |very |so |super |always )?(important|key|crucial|essential)| is (really |very |so )?important| the (main|most important|biggest|key) thing| the key is| the best way| you (have|need|got) to| you've got to| you gotta/g;

const countPhrases = (text: string, list: string[]) => list.reduce((n, p) => n + (text.includes(p) ? 1 : 0), 0);

/** A cue said as what one does not do ("instead of yelling", "not blame the system", "never argue") is not that attitude. */
const NEGATED_BEFORE = /(?:\b(?:not|never|no|don't|didn't|won't|wouldn't|without|instead of|rather than|avoid|avoided)\s+(?:\w+\s+){0,2})$/;
const countUnnegated = (text: string, list: string[]) =>
  list.reduce((n, p) => {
    for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) if (!NEGATED_BEFORE.test(text.slice(Math.max(0, at - 40), at))) return n + 1;
    return n;
  }, 0);

export interface AnswerFeatures {
  /** Words spoken (identity cues collapsed). */
  wordCount: number;
  contentWords: number;
  sentenceCount: number;
  /** Share of the question's content words (stems) that the answer addresses. */
  questionOverlap: number;
  situation: number;
  task: number;
  actions: number;
  results: number;
  learning: number;
  numbers: number;
  hedges: number;
  generic: number;
  poorJudgement: number;
  fillers: number;
  /** Distinct content stems / content words: repetitive answers score low. */
  lexicalVariety: number;
  /** 0..1 share of sentences in a comfortable length band (6-35 words). */
  clarity: number;
  /** Distinct content stems the answer shares with the job's vocabulary (question, rubric, anchors, industry). */
  domainTerms: number;
  /** Share of the answer's content words that are the job's vocabulary. */
  domainShare: number;
  /** Named things: acronyms and product-style names (ELD, HACCP, POS, SQL, iOS). */
  acronyms: number;
  /** Verbs: the steps and actions an answer describes, done or planned ("I'd check the chart, then verify…"). */
  verbs: number;
  /** Noun phrases of two or more content words: specific things ("HIPAA authorization", "steam wand"). */
  specificNouns: number;
  /** Sentences that tell something that happened (a verb in the past tense): an account, not a view. */
  pastSentences: number;
  /** Sweeping words (always, never, everybody, just, honestly, usually, stuff): talk about work in general. */
  generalisations: number;
  /** "I'm a…", "I am pretty…": the candidate describing themselves rather than what they did. */
  selfDescriptions: number;
  /** Share of the personal pronouns that are the generic "you" ("you just have to deal with it") rather than I or we. */
  genericYou: number;
  /** Pushing the matter away: not theirs, not worth it, someone else's (per answer). */
  deflections: number;
  /** Maxims about how one should work instead of what one did. */
  maxims: number;
  tokens: Token[];
}

/** What an answer is measured against: the job's own words. */
export interface AnswerContext extends NormaliseOptions {
  /** Content stems of the question, the rubric's text and anchors, and the industry's vocabulary. */
  lexicon?: Set<string>;
}

/** Abbreviations that name places, not tools or procedures (they must not count as specifics). */
const PLACE_ABBREVIATIONS = new Set(['US', 'USA', 'UK', 'EU', 'UAE', 'NYC', 'LA', 'DC']);
const ACRONYM = /\b(?:[A-Z]{2,6}s?|[A-Z]+[a-z]*[A-Z][A-Za-z]*|[a-z]+[A-Z][A-Za-z]+)\b/g;

/** Verbs and multi-word noun phrases, by compromise's tagger (a pure function of the text). */
function partsOfSpeech(answer: string): { verbs: number; specificNouns: number; pastSentences: number } {
  const doc = nlp(answer);
  const pastSentences = doc.sentences().filter((s) => s.has('#PastTense')).length;
  const verbs = (doc.verbs().out('array') as string[]).filter((v) => !/^(?:is|are|was|were|be|been|am|'m|'s|have|has|had|do|does|did|think|guess|mean|know|like|want|feel|get|got)$/i.test(v.trim())).length;
  const specificNouns = (doc.nouns().out('array') as string[]).filter((n) => n.split(/\s+/).filter((w) => !isStopword(w.replace(/[^a-z'-]/gi, '')) && /[a-z]{3,}/i.test(w)).length >= 2).length;
  return { verbs, specificNouns, pastSentences };
}

function pronounShare(text: string): number {
  const you = (text.match(YOU_WORDS) ?? []).length;
  const own = (text.match(I_WE_WORDS) ?? []).length;
  return you + own ? you / (you + own) : 0;
}

export function analyseAnswer(question: string, answer: string, options: AnswerContext = {}): AnswerFeatures {
  const tokens = normalisedTokens(answer, options);
  const text = ` ${tokens.map((t) => t.norm).join(' ')} `;
  const content = tokens.filter((t) => !t.isStop && t.norm.length > 1);
  const contentSet = new Set(content.map((t) => t.stem));
  const questionStems = new Set(contentStems(question));
  const overlap = questionStems.size ? [...questionStems].filter((s) => contentSet.has(s)).length / questionStems.size : 0;
  const sents = sentences(answer);
  const comfortable = sents.filter((s) => {
    const n = s.split(/\s+/).length;
    return n >= 6 && n <= 35;
  }).length;
  return {
    wordCount: tokens.length,
    contentWords: content.length,
    sentenceCount: sents.length,
    questionOverlap: overlap,
    situation: countPhrases(text, SITUATION),
    task: countPhrases(text, TASK),
    actions: (text.match(FIRST_PERSON_ACTION) ?? []).length,
    results: countPhrases(text, RESULT),
    learning: countPhrases(text, LEARNING),
    numbers: (text.match(NUMBER) ?? []).length,
    hedges: countPhrases(text, HEDGES),
    generic: countPhrases(text, GENERIC),
    poorJudgement: countUnnegated(text, POOR_JUDGEMENT),
    fillers: FILLERS.reduce((n, f) => n + (text.split(` ${f} `).length - 1), 0),
    lexicalVariety: content.length ? contentSet.size / content.length : 0,
    clarity: sents.length ? comfortable / sents.length : 0,
    domainTerms: options.lexicon ? new Set(content.map((t) => t.stem).filter((st) => options.lexicon!.has(st))).size : 0,
    domainShare: options.lexicon && content.length ? content.filter((t) => options.lexicon!.has(t.stem)).length / content.length : 0,
    generalisations: (text.match(GENERALISATION) ?? []).length,
    selfDescriptions: (text.match(SELF_DESCRIPTION) ?? []).length,
    genericYou: pronounShare(text),
    deflections: (text.match(DEFLECTION) ?? []).length,
    maxims: (text.match(MAXIM) ?? []).length,
    acronyms: (answer.match(ACRONYM) ?? []).filter((a) => !PLACE_ABBREVIATIONS.has(a.replace(/s$/, '')) && a !== 'I').length,
    ...partsOfSpeech(answer),
    tokens,
  };
}

const clamp = (x: number, lo = 0, hi = 1) => Math.max(lo, Math.min(hi, x));
/** Diminishing returns: 0 at 0, about 0.63 at `scale`, approaching 1. */
const saturate = (x: number, scale: number) => 1 - Math.exp(-x / scale);

export interface AnswerScore {
  score: number;
  /** Each part on 0..1, for explanations. */
  parts: { substance: number; specificity: number; structure: number; relevance: number; clarity: number; penalty: number };
}

/**
 * How much each feature moves an answer on the score scale (docs/decisions/014-score-scale-and-anchors.md).
 * Fitted by ridge regression on the tuning part only (scripts/fit-builtin-scorer.ts prints them,
 * checked by leaving one industry out), then rounded; poor judgement is set by hand (the cue list
 * fires rarely, so the fit cannot weigh it), situation cues are held at 0 (weak rambles tell a
 * situation too: "there was this one night…"; the fit gives them a small negative weight) and the
 * question's own words are not rewarded (weak answers often repeat them).
 */
export const SCORE_WEIGHTS = {
  base: 24,
  domainTerms: 14,
  domainShare: 8,
  specifics: 9.5,
  specificsRich: 11.5,
  actions: 0.5,
  actionRate: 4.5,
  outcome: 2,
  situation: 0,
  substance: 22.5,
  verbs: 7,
  specificNouns: 3.5,
  hedges: -5,
  generic: -16,
  fillers: -22,
  poorJudgement: -25,
  deflection: -12,
  maxims: -7,
  narrative: 4.5,
  generalising: -20.5,
  selfDescription: -5,
  genericYou: -8,
} as const;

/** Weights set by hand, which the fit holds fixed (scripts/fit-builtin-scorer.ts): see SCORE_WEIGHTS. */
export const HAND_SET_WEIGHTS: Partial<Record<keyof typeof SCORE_WEIGHTS, number>> = { poorJudgement: SCORE_WEIGHTS.poorJudgement, situation: SCORE_WEIGHTS.situation };

/**
 * The quality of one answer on the score scale: relevant to the job (its vocabulary), specific
 * (numbers, named tools and procedures, specific things), the candidate's own actions and steps,
 * an outcome; minus hedging, generic claims, fillers and poor judgement. Length counts only through
 * substance, with diminishing returns, and a very short answer is capped.
 */
/** Each feature on 0..1, as the weights apply to it (diminishing returns for counts, per-sentence rates for cues). */
export function scoreFeatures(f: AnswerFeatures): Record<Exclude<keyof typeof SCORE_WEIGHTS, 'base'>, number> {
  const sentencesSaid = Math.max(1, f.sentenceCount);
  return {
    domainTerms: saturate(f.domainTerms, 4),
    domainShare: f.domainShare,
    specifics: saturate(f.numbers + f.acronyms, 1.5),
    actions: saturate(f.actions, 1.5),
    outcome: saturate(f.results + f.learning, 1),
    situation: saturate(f.situation + f.task, 1),
    substance: saturate(f.contentWords, 25),
    verbs: saturate(f.verbs, 4),
    specificNouns: saturate(f.specificNouns, 2),
    hedges: clamp(f.hedges / sentencesSaid),
    generic: saturate(f.generic, 1),
    fillers: clamp(f.fillers / sentencesSaid),
    poorJudgement: saturate(f.poorJudgement, 1),
    narrative: clamp(f.pastSentences / sentencesSaid),
    generalising: clamp(f.generalisations / sentencesSaid),
    selfDescription: clamp(f.selfDescriptions / sentencesSaid),
    genericYou: f.genericYou,
    specificsRich: saturate(f.numbers + f.acronyms, 6),
    actionRate: clamp(f.actions / sentencesSaid),
    deflection: clamp(f.deflections / sentencesSaid),
    maxims: clamp(f.maxims / sentencesSaid),
  };
}

export function scoreAnswer(f: AnswerFeatures): AnswerScore {
  const x = scoreFeatures(f);
  const w = SCORE_WEIGHTS;
  const raw = (Object.keys(x) as (keyof typeof x)[]).reduce<number>((sum, k) => sum + w[k] * x[k], w.base);
  // A few words cannot show much, whatever they are.
  const cap = f.contentWords < 4 ? 15 : f.contentWords < 8 ? 50 : 100;
  const parts = {
    substance: x.substance,
    specificity: clamp(0.5 * x.specifics + 0.25 * x.specificNouns + 0.25 * x.actions),
    structure: clamp(0.4 * x.situation + 0.6 * x.outcome),
    relevance: clamp(0.5 * x.domainTerms + 0.5 * x.domainShare + 0.3 * f.questionOverlap),
    clarity: clamp(0.5 * f.clarity + 0.5 * clamp(f.lexicalVariety * 1.4) - 0.05 * f.fillers),
    penalty: clamp((-w.hedges * x.hedges - w.generic * x.generic - w.poorJudgement * x.poorJudgement) / 60),
  };
  return { score: Math.round(Math.max(0, Math.min(cap, raw))), parts };
}
