import { contentStems, normalisedTokens, sentences, type NormaliseOptions, type Token } from './text';

/** Cue lists, matched on lower-case normalised text. */
const SITUATION = ['when i', 'at my last', 'in my last', 'at my previous', 'in my previous', 'one time', 'once', 'last year', 'last month', 'last week', 'a few months ago', 'recently', 'there was a time', 'for example', 'for instance', 'we had a', 'i had a', 'i was working', 'during', 'at the time'];
const TASK = ['my job was', 'my role was', 'i was responsible', 'i needed to', 'i had to', 'the goal was', 'my goal', 'we needed to', 'the problem was', 'the issue was', 'the challenge was', 'i was asked', 'was assigned'];
const RESULT = ['as a result', 'in the end', 'the result', 'the outcome', 'ended up', 'which meant', 'so that', 'we reduced', 'i reduced', 'reduced', 'increased', 'improved', 'saved', 'resolved', 'fixed', 'cut', 'dropped', 'grew', 'went from', 'came back', 'thanked', 'left happy', 'on time', 'no more', 'since then', 'from then on', 'afterwards', 'after that', 'it worked', 'successfully'];
const LEARNING = ['i learned', "i've learned", 'i learnt', 'lesson', 'next time', 'now i always', 'since then i', 'taught me', 'i realised', 'i realized', 'changed how i', 'going forward'];
const HEDGES = ['i guess', 'i think maybe', 'maybe', 'kind of', 'sort of', 'i suppose', 'probably', 'not sure', "i don't know", 'i dont know', 'whatever', 'stuff', 'and so on', 'etc', 'or something', 'i mean', 'basically', 'pretty much', 'i would say', 'depends'];
const GENERIC = ['hard worker', 'hard working', 'hardworking', 'team player', 'people person', 'i am passionate', "i'm passionate", 'i love people', 'i always do my best', 'do my best', 'give 110', 'perfectionist', 'fast learner', 'quick learner', 'go above and beyond', 'i just do it', 'i get along with everyone', 'good with people', 'work well with others', 'i am reliable', "i'm reliable", 'i am a good', "i'm a good", "i'm good at", 'i am good at'];
const POOR_JUDGEMENT = ['not my problem', 'not my job', 'i would just ignore', 'just ignore', 'i ignored', 'i would quit', 'i quit', 'blame', 'their fault', 'his fault', 'her fault', 'yell', 'yelled', 'skip the', 'skipped the', 'cut corners', "wouldn't bother", 'would not bother', "don't really care", 'dont really care', 'i would lie', 'nobody would notice', 'no one would notice', 'call in sick', 'keep driving', 'just keep going', 'let it slide', 'tell them to leave', 'argue', 'argued'];
const FILLERS = ['um', 'uh', 'erm', 'hmm', 'like,', 'you know', 'i mean', 'sort of', 'kind of'];
const FIRST_PERSON_ACTION = /\b(i|we)\s+(\w+ed|took|made|led|ran|built|wrote|set|put|went|told|called|asked|spoke|gave|found|caught|brought|did|sent|kept|paid|got|held|chose|drove|began|rebuilt|rewrote|split|shut|stopped|cut|bought|sold|taught|thought|checked|explained|apologi[sz]ed|offered|escalated|documented|reported|followed|walked|showed|double-checked|reviewed|trained|organi[sz]ed|created|started|fixed|moved|pulled|compared|traced|reproduced|added|removed|replaced|wrapped|logged|scheduled|coordinated|negotiated|prioriti[sz]ed)\b/g;
const NUMBER = /\b\d+(?:[.,]\d+)?\s*(%|percent|minutes?|hours?|days?|weeks?|months?|years?|k\b|dollars?|people|customers?|patients?|guests?|orders?|tickets?|units?|miles?|pallets?|loads?|tables?|rooms?|degrees?|times?|x\b)?|\$\s?\d+|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|half|double|twice)\b/gi;

const countPhrases = (text: string, list: string[]) => list.reduce((n, p) => n + (text.includes(p) ? 1 : 0), 0);

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
  tokens: Token[];
}

export function analyseAnswer(question: string, answer: string, options: NormaliseOptions = {}): AnswerFeatures {
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
    poorJudgement: countPhrases(text, POOR_JUDGEMENT),
    fillers: FILLERS.reduce((n, f) => n + (text.split(` ${f} `).length - 1), 0),
    lexicalVariety: content.length ? contentSet.size / content.length : 0,
    clarity: sents.length ? comfortable / sents.length : 0,
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
 * The quality of one answer on 0-100, from what it contains: enough substance, concrete specifics,
 * a situation-action-result structure, relevance to the question, and clear delivery; minus vague,
 * generic or poor-judgement content.
 */
export function scoreAnswer(f: AnswerFeatures): AnswerScore {
  const substance = saturate(f.contentWords, 35);
  const specificity = clamp(0.55 * saturate(f.numbers, 1.5) + 0.45 * saturate(f.actions, 2.5));
  const structure = clamp(0.3 * saturate(f.situation + f.task, 1) + 0.45 * saturate(f.results, 1.2) + 0.25 * saturate(f.learning, 0.8));
  const relevance = clamp(0.35 + 1.3 * f.questionOverlap);
  const clarity = clamp(0.5 * f.clarity + 0.5 * clamp(f.lexicalVariety * 1.4) - 0.05 * f.fillers);
  const density = f.wordCount ? (f.hedges + f.generic) / Math.max(1, f.sentenceCount) : 0;
  const penalty = clamp(0.12 * f.hedges + 0.15 * f.generic + 0.3 * f.poorJudgement + 0.15 * density, 0, 0.7);
  const raw = 0.22 * substance + 0.28 * specificity + 0.25 * structure + 0.13 * relevance + 0.12 * clarity;
  // Very short answers cannot be strong whatever they contain.
  const lengthCap = f.contentWords < 6 ? 0.25 : f.contentWords < 12 ? 0.45 : 1;
  const score = Math.round(100 * clamp(Math.min(raw, lengthCap) * (1 - penalty) + 0.08 * substance));
  return { score, parts: { substance, specificity, structure, relevance, clarity, penalty } };
}
