import type { CriterionResult, Evaluation, Evidence, RubricCriterion, TranscriptEntry } from '../../../contracts/ai';
import { weightedOverall, type EvaluationInput } from '../engine';
import { analyseAnswer, scoreAnswer, type AnswerFeatures, type AnswerScore } from './analyze';
import { anchorsOf } from './anchors';
import { COMMUNICATION, CULTURE_FIT, INDUSTRIES } from './industries';
import { recogniseIndustry } from './plan';
import { contentStems, sentences, words } from './text';

export const BUILTIN_EVALUATION_VERSION = 'builtin-eval-4';

const isCandidate = (speaker: string) => !/^(ai|interviewer|ai interviewer|assistant|agent|system)$/i.test(speaker.trim());

export interface Exchange {
  question: string;
  answer: string;
  /** Candidate entries making up the answer, for evidence offsets. */
  entries: TranscriptEntry[];
}

/** Pairs each interviewer turn with the candidate's words that follow it. */
export function toExchanges(transcript: TranscriptEntry[]): Exchange[] {
  const out: Exchange[] = [];
  let current: Exchange | null = null;
  for (const entry of transcript) {
    if (!isCandidate(entry.speaker)) {
      if (current && current.entries.length === 0) current.question += ` ${entry.text}`;
      else {
        current = { question: entry.text, answer: '', entries: [] };
        out.push(current);
      }
    } else {
      if (!current) {
        current = { question: '', answer: '', entries: [] };
        out.push(current);
      }
      current.answer = current.answer ? `${current.answer} ${entry.text}` : entry.text;
      current.entries.push(entry);
    }
  }
  return out.filter((e) => e.answer.trim().length > 0);
}

/** Names the interviewer used to address the candidate ("Hi Emily", "Thanks, Emily."). */
export function namesFromGreetings(transcript: TranscriptEntry[]): string[] {
  const names: string[] = [];
  for (const entry of transcript) {
    if (isCandidate(entry.speaker)) continue;
    for (const m of entry.text.matchAll(/\b(?:hi|hello|hey|welcome|thanks|thank you|dear|great|okay|ok)[,!]?\s+((?:[A-Z][\w'’-]+\s?){1,3})/gi)) {
      names.push(...words(m[1]!).filter((w) => /^[A-Z]/.test(w)));
    }
    for (const m of entry.text.matchAll(/,\s+([A-Z][\w'’-]+)[.?!]/g)) names.push(m[1]!);
  }
  return names;
}

interface CriterionProfile {
  name: string;
  weight: number;
  stems: Set<string>;
  kind: 'communication' | 'culture' | 'role';
}

/** Words that tie a rubric criterion to questions and answers: its own text plus known expansions. */
function profileCriterion(c: RubricCriterion): CriterionProfile {
  const anchors = anchorsOf(c);
  // The criterion is scored against its anchors: what adequate and strong answers speak of ties an answer to it.
  const text = `${c.name} ${c.description} ${anchors.adequate} ${anchors.strong}`.toLowerCase();
  const kind = /communicat|clarity|articulat|present/.test(c.name.toLowerCase())
    ? 'communication'
    : /cultur|fit|motivat|teamwork|values|attitude/.test(c.name.toLowerCase())
      ? 'culture'
      : 'role';
  const stems = new Set(contentStems(text));
  const templates = [COMMUNICATION, CULTURE_FIT, ...Object.values(INDUSTRIES).flatMap((i) => [i.role, i.focus])];
  for (const t of templates) {
    const tStems = contentStems(`${t.name} ${t.description}`);
    const shared = tStems.filter((s) => stems.has(s)).length;
    if (t.name.toLowerCase() === c.name.toLowerCase() || shared >= Math.max(3, tStems.length * 0.4)) {
      for (const k of t.keywords) for (const s of contentStems(k)) stems.add(s);
    }
  }
  return { name: c.name, weight: c.weight, stems, kind };
}

/** How strongly an exchange speaks to a criterion, from shared words (0..1). */
function relevanceTo(profile: CriterionProfile, exchange: Exchange, features: AnswerFeatures): number {
  const qStems = contentStems(exchange.question);
  const aStems = features.tokens.filter((t) => !t.isStop).map((t) => t.stem);
  const hit = (list: string[]) => list.filter((s) => profile.stems.has(s)).length;
  const q = qStems.length ? hit(qStems) / qStems.length : 0;
  const a = aStems.length ? hit(aStems) / aStems.length : 0;
  return Math.min(1, 1.6 * q + 3 * a);
}

/**
 * How much of an answer counts as evidence for a criterion: every answer shows how the candidate
 * communicates; any answer says something about role knowledge; cultural fit needs answers that
 * touch on it.
 */
function evidenceShare(profile: CriterionProfile, relevance: number): number {
  if (profile.kind === 'communication') return 1;
  return Math.min(1, (profile.kind === 'role' ? 0.6 : 0.5) + relevance);
}

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

function pickEvidence(profile: CriterionProfile, exchanges: Exchange[], weights: number[], scores: AnswerScore[]): Evidence[] {
  const candidates: { quote: string; value: number; atMs?: number }[] = [];
  exchanges.forEach((ex, i) => {
    for (const entry of ex.entries) {
      for (const s of sentences(entry.text)) {
        const stems = contentStems(s);
        if (stems.length < 4) continue;
        const hits = stems.filter((st) => profile.stems.has(st)).length;
        const concrete = /\d|\b(i|we) \w+ed\b/i.test(s) ? 0.5 : 0;
        const value = (weights[i] ?? 0) * (1 + hits + concrete) * (0.5 + (scores[i]?.score ?? 0) / 100);
        candidates.push({ quote: s, value, ...(entry.startMs !== undefined ? { atMs: entry.startMs } : {}) });
      }
    }
  });
  candidates.sort((a, b) => b.value - a.value || a.quote.localeCompare(b.quote));
  const seen = new Set<string>();
  const out: Evidence[] = [];
  for (const c of candidates) {
    if (seen.has(c.quote) || out.length >= 2) continue;
    seen.add(c.quote);
    out.push(c.atMs !== undefined ? { quote: c.quote, atMs: c.atMs } : { quote: c.quote });
  }
  return out;
}

function describe(score: number, profile: CriterionProfile, parts: AnswerScore['parts']): string {
  const level = score >= 80 ? 'Strong' : score >= 60 ? 'Solid' : score >= 40 ? 'Mixed' : 'Weak';
  const notes: string[] = [];
  if (profile.kind === 'communication') {
    notes.push(parts.structure >= 0.5 ? 'answers followed a clear situation, action and result order' : 'answers often lacked a clear structure or an outcome');
    notes.push(parts.clarity >= 0.6 ? 'delivery was clear and easy to follow' : 'delivery was hard to follow in places');
  } else {
    notes.push(parts.specificity >= 0.5 ? 'gave concrete examples with specific actions and details' : 'stayed general, with few specific examples');
    notes.push(parts.structure >= 0.5 ? 'explained outcomes and what was learned' : 'rarely explained the outcome of what was done');
    if (parts.relevance < 0.55) notes.push('some answers did not address what was asked');
  }
  if (parts.penalty >= 0.2) notes.push('relied on vague or generic statements');
  return `${level} evidence for ${profile.name.toLowerCase()}: ${notes.join('; ')}.`;
}

/**
 * Below this many content words of evidence for a criterion (every answer counts in part for every
 * criterion, more where it speaks to it), the criterion is not judged: less than one complete
 * sentence about it ("Um, yeah.", "Not sure.", "Yes."). A short complete answer, however poor
 * ("I'd just tell them that's the policy", "I just need a job right now and you guys were hiring":
 * four content words each), is something an interviewer rates (low), so it is scored.
 */
export const MIN_EVIDENCE_WORDS = 4;

/** Words of the job that say nothing about it. */
const GENERIC_STEMS = new Set(
  contentStems('tell time walk describe happen handle work make sure real example give approach keep find day deal way thing look end need new year experience role job position skill strong good great question answer someone something candidate'),
);

/** The job's vocabulary: its questions, the rubric with its anchors, and its industry's words. */
export function jobLexicon(input: EvaluationInput): Set<string> {
  const rubricText = input.rubric.map((c) => {
    const a = anchorsOf(c);
    return `${c.name} ${c.description} ${a.adequate} ${a.strong}`;
  });
  const questions = [...input.questions, ...input.transcript.filter((e) => !isCandidate(e.speaker)).map((e) => e.text)];
  const { industry } = recogniseIndustry('', [...questions, ...rubricText].join(' '));
  const p = INDUSTRIES[industry];
  const text = [...questions, ...rubricText, ...p.keywords, ...p.skills, ...p.role.keywords, ...p.focus.keywords].join(' ').replace(/-/g, ' ');
  return new Set(contentStems(text).filter((st) => !GENERIC_STEMS.has(st)));
}

/**
 * The weighted answer scores of a criterion, stretched about the middle of the scale: averaging
 * answers pulls every interview towards the middle, and the scale's bands are wide (strong 75+,
 * weak below 40). The pivot is the answer score that lands at 55.
 */
export const CALIBRATION = { pivot: 55, stretch: 1.7 };
const stretch = (x: number) => 55 + CALIBRATION.stretch * (x - CALIBRATION.pivot);

export function evaluateTranscript(input: EvaluationInput): Evaluation {
  const exchanges = toExchanges(input.transcript);
  const names = [...namesFromGreetings(input.transcript), ...(input.candidateName ? words(input.candidateName) : [])];
  const keep = new Set(Object.values(INDUSTRIES).flatMap((i) => i.skills.flatMap((s) => words(s).map((w) => w.toLowerCase()))));
  const lexicon = jobLexicon(input);
  const features = exchanges.map((ex) => analyseAnswer(ex.question, ex.answer, { names, keep, lexicon }));
  const scores = features.map(scoreAnswer);
  const totalWords = features.reduce((s, f) => s + f.contentWords, 0);

  const criteria: CriterionResult[] = input.rubric.map((criterion) => {
    const profile = profileCriterion(criterion);
    const relevance = exchanges.map((ex, i) => relevanceTo(profile, ex, features[i]!));
    const weights = relevance.map((r) => 0.2 + r);
    const evidenceWords = features.reduce((s, f, i) => s + f.contentWords * evidenceShare(profile, relevance[i]!), 0);
    const scoredAgainst = criterion.anchors ? { anchors: criterion.anchors } : {};
    if (exchanges.length === 0 || evidenceWords < MIN_EVIDENCE_WORDS) {
      return {
        name: criterion.name,
        weight: criterion.weight,
        score: null,
        feedback: `Not enough evidence to judge ${criterion.name.toLowerCase()}: the candidate said too little about it.`,
        evidence: [],
        ...scoredAgainst,
      };
    }
    const wsum = weights.reduce((a, b) => a + b, 0);
    const avg = <K extends keyof AnswerScore['parts']>(k: K) => scores.reduce((s, sc, i) => s + sc.parts[k] * (weights[i] ?? 0), 0) / wsum;
    const parts = { substance: avg('substance'), specificity: avg('specificity'), structure: avg('structure'), relevance: avg('relevance'), clarity: avg('clarity'), penalty: avg('penalty') };
    let score = scores.reduce((s, sc, i) => s + sc.score * (weights[i] ?? 0), 0) / wsum;
    if (profile.kind === 'communication') score = 0.85 * score + 15 * (0.5 * parts.clarity + 0.5 * parts.structure);
    const final = clamp100(stretch(score));
    return {
      name: criterion.name,
      weight: criterion.weight,
      score: final,
      feedback: describe(final, profile, parts),
      evidence: pickEvidence(profile, exchanges, weights, scores),
      ...scoredAgainst,
    };
  });

  const overall = weightedOverall(criteria);
  const insufficientEvidence = totalWords < MIN_EVIDENCE_WORDS || criteria.every((c) => c.score === null);
  return {
    summary: summarise(overall, criteria, exchanges.length, insufficientEvidence),
    overall,
    criteria,
    insufficientEvidence,
    engine: 'builtin',
    promptVersion: BUILTIN_EVALUATION_VERSION,
    biasFlags: [],
  };
}

function summarise(overall: number | null, criteria: CriterionResult[], answered: number, insufficient: boolean): string {
  if (insufficient || overall === null) {
    return `The candidate answered ${answered} question${answered === 1 ? '' : 's'} but said too little to assess reliably. Consider a follow-up conversation before deciding.`;
  }
  const judged = criteria.filter((c): c is CriterionResult & { score: number } => c.score !== null).sort((a, b) => b.score - a.score);
  const verdict = overall >= 80 ? 'a strong candidate' : overall >= 60 ? 'a solid candidate with some gaps' : overall >= 40 ? 'a mixed result' : 'a weak result';
  const best = judged[0];
  const worst = judged[judged.length - 1];
  const parts = [`Overall ${overall}/100 across ${answered} answered question${answered === 1 ? '' : 's'}: ${verdict}.`];
  if (best) parts.push(`Strongest area: ${best.name} (${best.score}).`);
  if (worst && worst !== best) parts.push(`Area to probe further: ${worst.name} (${worst.score}).`);
  const unjudged = criteria.filter((c) => c.score === null).map((c) => c.name);
  if (unjudged.length) parts.push(`Not enough evidence for: ${unjudged.join(', ')}.`);
  return parts.join(' ');
}
