import type { CriterionResult, Evaluation, Evidence, RubricCriterion, TranscriptEntry } from '../../../contracts/ai';
import { isCandidateSpeaker } from '../speakers';
import { findWorthChecking } from '../worth-checking';
import { weightedOverall, type EvaluationInput } from '../engine';
import { analyseAnswer, scoreAnswer, type AnswerFeatures, type AnswerScore } from './analyze';
import { anchorsOf } from './anchors';
import { answerKind } from './conversation';
import { criterionFeedback, readRequirement, requirementFeedback, tellingSentence, traitsOf, type RequirementReading } from './feedback';
import { COMMUNICATION, CULTURE_FIT, INDUSTRIES } from './industries';
import { recogniseIndustry } from './plan';
import { contentStems, sentences, words } from './text';

export const BUILTIN_EVALUATION_VERSION = 'builtin-eval-5';

const isCandidate = isCandidateSpeaker;

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
  kind: 'communication' | 'culture' | 'role' | 'requirement';
}

/** A criterion about holding something the job requires: a licence, a certificate, a clearance, the shifts. */
const REQUIREMENT_NAME = /\b(licen[cs]\w*|certif\w*|eligib\w*|clearance|credential\w*|requirements?|cdl|permit|registration|availability|available)\b/i;

/** Words that tie a rubric criterion to questions and answers: its own text plus known expansions. */
function profileCriterion(c: RubricCriterion): CriterionProfile {
  const anchors = anchorsOf(c);
  // The criterion is scored against its anchors: what adequate and strong answers speak of ties an answer to it.
  const text = `${c.name} ${c.description} ${anchors.adequate} ${anchors.strong}`.toLowerCase();
  const name = c.name.toLowerCase();
  const kind = REQUIREMENT_NAME.test(name)
    ? 'requirement'
    : /communicat|clarity|articulat|present|explain/.test(name)
      ? 'communication'
      : /cultur|fit|motivat|teamwork|values|attitude/.test(name)
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

/** How strongly an exchange speaks to a criterion, from shared words (0..1): the question counts for more than the answer. */
function relevanceTo(profile: CriterionProfile, exchange: Exchange, features: AnswerFeatures): number {
  const qStems = contentStems(exchange.question);
  const aStems = features.tokens.filter((t) => !t.isStop).map((t) => t.stem);
  const hit = (list: string[]) => list.filter((s) => profile.stems.has(s)).length;
  const q = qStems.length ? hit(qStems) / qStems.length : 0;
  const a = aStems.length ? hit(aStems) / aStems.length : 0;
  return Math.min(1, 1.6 * q + 3 * a);
}

/** Below this relevance an answer does not speak to a criterion, unless no criterion is closer. */
const SPEAKS_TO = 0.25;
/** Within this share of an answer's closest criterion, it speaks to that criterion too. */
const NEAR_BEST = 0.6;

/**
 * Which answers speak to which criterion (issue 31, item 3): each answer to the criteria its
 * question and words are closest to (every answer to at least one), so a criterion is scored on its
 * own evidence. `matrix[c][e]` is the relevance of exchange e to criterion c; the result is, per
 * criterion, the weight of each exchange (0 where it does not speak to it).
 */
function assignAnswers(matrix: number[][]): number[][] {
  const out = matrix.map((row) => row.map(() => 0));
  const exchanges = matrix[0]?.length ?? 0;
  for (let e = 0; e < exchanges; e++) {
    const column = matrix.map((row) => row[e] ?? 0);
    const best = Math.max(...column);
    // An answer that shares nothing with any criterion speaks to none.
    if (best <= 0) continue;
    column.forEach((r, c) => {
      if (r === best || (r >= SPEAKS_TO && r >= NEAR_BEST * best)) out[c]![e] = Math.max(0.2, r);
    });
  }
  // A criterion no answer was closest to still takes the answer that speaks to it most, if any does.
  matrix.forEach((row, c) => {
    if (out[c]!.some((w) => w > 0)) return;
    const best = Math.max(...row);
    const at = row.indexOf(best);
    if (best >= MIN_RELEVANCE && at >= 0) out[c]![at] = Math.max(0.2, best);
  });
  return out;
}

/** A question whose last sentence asks yes or no ("Do you hold it now, and is it current?", "Can you work that schedule?"). */
const asksYesOrNo = (question: string) => /(?:^|[.?!]\s+)(?:and\s+)?(?:can|do|does|are|is|have|has|will|would|could)\s+you\b[^.?!]*\?\s*$/i.test(question.trim());

/** The least relevance that ties an answer to a criterion no other answer spoke to. */
const MIN_RELEVANCE = 0.1;

/**
 * An answer that says nothing to its question: declined ("Can we come back to that one?", "I'd
 * rather not get into it"), or a short aside that shares no word with the question and asks
 * something back ("Sorry, you cut out. Was that about the hours?").
 */
const DECLINED = /\b(can we (come back|skip|move on)|could we (skip|come back|move on)|i'?d rather not|rather not (say|answer|get into)|pass on (this|that)|skip (this|that)( one)?|blanking|no comment|i don'?t want to (answer|talk|get into))\b/i;
function saysNothingTo(question: string, answer: string, features: AnswerFeatures): boolean {
  if (features.contentWords > 40) return false;
  if (DECLINED.test(answer)) return true;
  return features.questionOverlap === 0 && /\?/.test(answer) && /^(sorry|oh|um|uh|wait|hang on|hello)\b/i.test(answer.trim()) && contentStems(question).length >= 3;
}

const clamp100 = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

function pickEvidence(profile: CriterionProfile, exchanges: Exchange[], weights: number[], scores: AnswerScore[]): Evidence[] {
  const candidates: { quote: string; value: number; atMs?: number }[] = [];
  exchanges.forEach((ex, i) => {
    if (!weights[i]) return;
    for (const entry of ex.entries) {
      for (const s of sentences(entry.text)) {
        const stems = contentStems(s);
        if (stems.length < 3) continue;
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

/**
 * Pulls a criterion's score towards the middle when little was said about it: a few typed lines
 * cannot put a candidate at 0 or 100 (issue 31, item 3). Full weight from this many content words.
 */
const FULL_EVIDENCE_WORDS = 60;
const shrink = (score: number, evidenceWords: number) => 55 + (score - 55) * (0.55 + 0.45 * Math.min(1, evidenceWords / FULL_EVIDENCE_WORDS));

/** The most an answer with a red flag (other than a licence's) scores. */
const FLAGGED_ANSWER_CAP = 25;

/** A requirement met is full marks when the answer gives its detail (a date, "current"), else 90; not met is 0; unclear 30. */
const REQUIREMENT_SCORES = { met: 90, metInDetail: 100, not_met: 0, unclear: 30 } as const;

export function evaluateTranscript(input: EvaluationInput): Evaluation {
  const exchanges = toExchanges(input.transcript);
  const names = [...namesFromGreetings(input.transcript), ...(input.candidateName ? words(input.candidateName) : [])];
  const keep = new Set(Object.values(INDUSTRIES).flatMap((i) => i.skills.flatMap((s) => words(s).map((w) => w.toLowerCase()))));
  const lexicon = jobLexicon(input);
  const features = exchanges.map((ex) => analyseAnswer(ex.question, ex.answer, { names, keep, lexicon }));
  // An answer that admits a broken rule, an unsafe practice or hostility is weak evidence, however it is told.
  const scores = features.map((f, i) => {
    const score = scoreAnswer(f);
    const flagged = findWorthChecking(exchanges[i]!.entries).some((w) => w.kind !== 'licence');
    return flagged ? { ...score, score: Math.min(score.score, FLAGGED_ANSWER_CAP) } : score;
  });
  const kinds = exchanges.map((ex, i) => answerKind(ex.answer, features[i]));
  const nothing = exchanges.map((ex, i) => saysNothingTo(ex.question, ex.answer, features[i]!));
  const totalWords = features.reduce((s, f) => s + f.contentWords, 0);
  const profiles = input.rubric.map(profileCriterion);
  const matrix = profiles.map((p) => exchanges.map((ex, i) => relevanceTo(p, ex, features[i]!)));
  // A short answer to a yes-or-no question ("Can you work that schedule?" "Yes.") says whether a
  // requirement is met, and nothing about the other criteria.
  const yesOrNo = exchanges.map((ex, i) => asksYesOrNo(ex.question) && kinds[i] === 'brief');
  exchanges.forEach((_, i) => {
    if (!yesOrNo[i]) return;
    profiles.forEach((p, c) => {
      if (p.kind !== 'requirement') matrix[c]![i] = 0;
      else matrix[c]![i] = Math.max(matrix[c]![i]!, SPEAKS_TO);
    });
  });
  const assigned = assignAnswers(matrix);

  const criteria: CriterionResult[] = input.rubric.map((criterion, c) => {
    const profile = profiles[c]!;
    // A declined or empty answer speaks to nothing.
    const said = (i: number) => !(kinds[i] === 'silent' || kinds[i] === 'non_answer' || nothing[i]);
    let weights = assigned[c]!.map((w, i) => (said(i) ? w : 0));
    // How the candidate communicates shows in every answer: without an answer closest to it, all of them count.
    if (profile.kind === 'communication' && weights.every((w) => w === 0)) weights = exchanges.map((_, i) => (said(i) && !yesOrNo[i] ? 0.2 : 0));
    const evidenceWords = features.reduce((s, f, i) => s + (weights[i]! > 0 ? f.contentWords : 0), 0);
    const scoredAgainst = criterion.anchors ? { anchors: criterion.anchors } : {};
    const base = { name: criterion.name, weight: criterion.weight, ...scoredAgainst };
    // No answer spoke to it: "not assessed" (unless next to nothing was said at all: then too little to judge anything).
    if (weights.every((w) => w === 0) && totalWords >= MIN_EVIDENCE_WORDS) {
      return { ...base, score: null, notAssessed: true as const, feedback: `Not assessed: no answer spoke to ${criterion.name.toLowerCase()}.`, evidence: [] };
    }
    if (evidenceWords < MIN_EVIDENCE_WORDS || weights.every((w) => w === 0)) {
      return { ...base, score: null, feedback: `Not enough evidence to judge ${criterion.name.toLowerCase()}: the candidate said too little about it.`, evidence: [] };
    }
    const evidence = pickEvidence(profile, exchanges, weights, scores);
    if (profile.kind === 'requirement') {
      // Every answer that spoke to it and reads as met, not met or unclear: the least of them stands
      // (a licence held and a schedule the candidate cannot work is not met).
      const read = exchanges
        .map((ex, i) => ({ ex, i, reading: weights[i]! > 0 ? readRequirement(ex.answer) : null }))
        .filter((r): r is { ex: Exchange; i: number; reading: RequirementReading } => r.reading !== null);
      if (read.length) {
        const order: RequirementReading[] = ['not_met', 'unclear', 'met'];
        const worst = read.reduce((a, b) => (order.indexOf(b.reading) < order.indexOf(a.reading) ? b : a));
        const reading = worst.reading;
        const inDetail = reading === 'met' && read.some((r) => /\d|\b(current|valid|active|since|until|through)\b/i.test(r.ex.answer));
        const first = sentences(worst.ex.answer)[0] ?? worst.ex.answer;
        return {
          ...base,
          score: inDetail ? REQUIREMENT_SCORES.metInDetail : REQUIREMENT_SCORES[reading],
          requirement: reading,
          feedback: requirementFeedback(reading, first),
          evidence: [worst.ex.entries[0]?.startMs !== undefined ? { quote: first, atMs: worst.ex.entries[0].startMs } : { quote: first }],
        };
      }
    }
    const wsum = weights.reduce((a, b) => a + b, 0);
    const avg = <K extends keyof AnswerScore['parts']>(k: K) => scores.reduce((s, sc, i) => s + sc.parts[k] * (weights[i] ?? 0), 0) / wsum;
    let score = scores.reduce((s, sc, i) => s + sc.score * (weights[i] ?? 0), 0) / wsum;
    if (profile.kind === 'communication') score = 0.85 * score + 15 * (0.5 * avg('clarity') + 0.5 * avg('structure'));
    const final = clamp100(shrink(stretch(score), evidenceWords));
    const spoke = exchanges.map((ex, i) => ({ ex, i })).filter(({ i }) => weights[i]! > 0);
    const quoted =
      final >= 60
        ? (evidence[0]?.quote ?? null)
        : tellingSentence(spoke.reduce((worst, cur) => ((scores[cur.i]?.score ?? 0) < (scores[worst.i]?.score ?? 0) ? cur : worst)).ex.answer, (sentence) => analyseAnswer('', sentence).poorJudgement > 0);
    return {
      ...base,
      score: final,
      feedback: criterionFeedback(final, criterion.name, profile.kind === 'communication', traitsOf(features, weights), quoted),
      evidence,
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
  // The strongest area is one worth the name: never a weak score (issue 31, item 4).
  if (best && best.score >= 60) parts.push(`Strongest area: ${best.name} (${best.score}).`);
  else parts.push('No area stood out.');
  if (worst && worst !== best && worst.score < 75) parts.push(`Area to probe further: ${worst.name} (${worst.score}).`);
  const notAssessed = criteria.filter((c) => c.score === null && c.notAssessed).map((c) => c.name);
  const unjudged = criteria.filter((c) => c.score === null && !c.notAssessed).map((c) => c.name);
  if (notAssessed.length) parts.push(`Not assessed (no answer spoke to it): ${notAssessed.join(', ')}.`);
  if (unjudged.length) parts.push(`Not enough evidence for: ${unjudged.join(', ')}.`);
  return parts.join(' ');
}
