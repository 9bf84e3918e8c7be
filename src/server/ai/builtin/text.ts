import { stemmer } from 'stemmer';
import { eng } from 'stopword';

const STOPWORDS = new Set([...eng, 'um', 'uh', 'like', 'yeah', 'okay', 'ok', 'really', 'just', 'also', 'would', 'could', 'get', 'got', 'going', 'thing', 'things']);

export interface Token {
  /** The word as written (punctuation stripped). */
  raw: string;
  /** Lower case, or a placeholder such as [name] for an identity cue. */
  norm: string;
  /** Porter stem of norm. */
  stem: string;
  isStop: boolean;
}

/** Splits text into sentences, keeping each sentence as a literal substring of the input. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  const re = /[^.!?\n]+[.!?]*/g;
  for (const m of text.matchAll(re)) {
    const s = m[0].trim();
    if (s.replace(/[^a-z0-9]/gi, '').length > 0) out.push(s);
  }
  return out;
}

const WORD_RE = /[A-Za-z][A-Za-z'’-]*|\d+(?:[.,]\d+)*%?|\$\d+(?:[.,]\d+)*/g;

export function words(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

export const stem = (w: string) => stemmer(w.toLowerCase());

export function isStopword(w: string): boolean {
  return STOPWORDS.has(w.toLowerCase());
}

/** Stems of the content words of a text (stopwords removed). */
export function contentStems(text: string): string[] {
  return words(text)
    .map((w) => w.toLowerCase().replace(/[’']s$/, ''))
    .filter((w) => !STOPWORDS.has(w) && w.length > 1)
    .map((w) => stemmer(w));
}

/**
 * Gendered words and identity cues mapped to neutral placeholders, so that what a candidate is
 * (rather than what they did) cannot move a score.
 */
const NEUTRAL: Record<string, string> = {};
const group = (placeholder: string, list: string) => {
  for (const w of list.split(/\s+/)) NEUTRAL[w] = placeholder;
};
group('[they]', 'he she him her his hers himself herself');
group('[spouse]', 'husband wife husbands wives fiance fiancee fiancé fiancée boyfriend girlfriend partner');
group('[parent]', 'mother father mom mum dad mommy daddy mothers fathers moms dads mums');
group('[child]', 'son daughter sons daughters boy girl boys girls kid kids');
group('[sibling]', 'brother sister brothers sisters');
group('[person]', 'man woman men women guy gal guys ladies lady gentleman gentlemen gentlemen');
group('[title]', 'mr mrs ms miss mx sir madam');
group('[faith]', 'church mosque synagogue temple gurdwara chapel parish congregation pastor imam rabbi priest christian muslim jewish hindu sikh buddhist catholic');
group('[age]', 'young old older younger elderly retired retiree grandmother grandfather grandma grandpa');
group('[pregnancy]', 'pregnant pregnancy maternity paternity');

/** Words that start with a capital but are ordinary words, not names or places. */
const COMMON_CAPITALISED = new Set(['i', "i'm", "i've", "i'd", "i'll", 'ok', 'okay']);

export interface NormaliseOptions {
  /** Names known to belong to people in the conversation (candidate and interviewer). */
  names?: string[];
  /** Words to keep as they are even when capitalised (skills, tools, products). */
  keep?: Set<string>;
}

/**
 * Tokens with identity cues replaced: known names, capitalised words that are not known skills
 * (names, places, nationalities, languages), gendered and faith words. Runs of placeholders
 * collapse to one, so "Emily Johnson" and "Wei" weigh the same.
 */
export function normalisedTokens(text: string, options: NormaliseOptions = {}): Token[] {
  const names = new Set((options.names ?? []).flatMap((n) => words(n)).map((w) => w.toLowerCase()));
  const out: Token[] = [];
  for (const sentence of sentences(text)) {
    const ws = words(sentence);
    ws.forEach((raw, i) => {
      const lower = raw.toLowerCase().replace(/[’']s$/, '');
      let norm = lower;
      if (names.has(lower)) norm = '[name]';
      else if (NEUTRAL[lower]) norm = NEUTRAL[lower];
      else if (/^[A-Z]/.test(raw) && !COMMON_CAPITALISED.has(lower) && !options.keep?.has(lower) && (i > 0 || isLikelyProper(raw))) norm = '[proper]';
      const prev = out[out.length - 1];
      if (norm.startsWith('[') && prev?.norm === norm) return;
      out.push({ raw, norm, stem: norm.startsWith('[') ? norm : stemmer(norm), isStop: norm.startsWith('[') || STOPWORDS.has(norm) });
    });
  }
  return out;
}

/** A sentence-initial capitalised word is taken as a name only when it is not an ordinary word. */
function isLikelyProper(raw: string): boolean {
  return /^[A-Z][a-z]+$/.test(raw) && !ORDINARY_SENTENCE_STARTERS.has(raw.toLowerCase()) && !STOPWORDS.has(raw.toLowerCase()) && raw.length > 2 && /[aeiouy]/i.test(raw) && !endsLikeOrdinaryWord(raw.toLowerCase());
}

const ORDINARY_SENTENCE_STARTERS = new Set(
  'after also although and any anyway as at back basically because before being but by during each eventually every everyone finally first for from generally honestly however if in instead it last later let luckily maybe most my next no not now obviously of on once one our overall personally probably right second since so sometimes that then there therefore these they this those though thus to today together two unfortunately usually we well what when whenever where which while who why with without yes yesterday yet you'.split(' '),
);

function endsLikeOrdinaryWord(w: string): boolean {
  return /(ing|ed|ly|tion|ment|ness|ity|ful|less|able|ible|ous|ive|ers|er)$/.test(w);
}

/** Small stable hash for deterministic choices. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
