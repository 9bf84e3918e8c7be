/**
 * Prints the weights of the built-in engine's answer score (SCORE_WEIGHTS in
 * src/server/ai/builtin/analyze.ts): ridge regression of the band centres (strong 87, adequate 57,
 * weak 20) on the answer features, over the TUNING part of the labelled data only, and the band
 * accuracy when each industry is left out of the fit in turn (does it carry over?), for single
 * answers and for answer sets (each set's answers averaged and calibrated as `evaluate.ts` does).
 * The weights set by hand (HAND_SET_WEIGHTS) are held fixed: the fit weighs the other features.
 * It reads the tuning files named below and nothing else: the held-out part is never read here.
 *
 *   npx tsx scripts/fit-builtin-scorer.ts [lambda]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseAnswer, HAND_SET_WEIGHTS, scoreFeatures } from '../src/server/ai/builtin/analyze';
import { CALIBRATION, jobLexicon } from '../src/server/ai/builtin/evaluate';
import { planInterview } from '../src/server/ai/builtin/plan';
import type { AnswerGroup, Grade, InterviewSet } from '../src/server/ai/eval/dataset';

const lambda = Number(process.argv[2] ?? 1);
const TARGET: Record<Grade, number> = { strong: 87, adequate: 57, weak: 20 };
const inBand = (grade: Grade, score: number) => (grade === 'strong' ? score >= 75 : grade === 'adequate' ? score >= 45 && score <= 70 : score < 40);
const GRADES = ['strong', 'adequate', 'weak'] as const;

/** The tuning part's answer sets (`npm run eval:ai -- --part tuning`), read directly so that nothing else is loaded. */
const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/server/ai/eval/data');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')) as T;
const groups = ['answers.json', 'holdout/answers.json', 'holdout-2/answers.json'].flatMap((f) => read<AnswerGroup[]>(f));
const interviews = ['interviews.json', 'held-out/interviews.json'].flatMap((f) => read<InterviewSet[]>(f));

interface Row {
  grade: Grade;
  industry: string;
  /** The answer set it belongs to: one single answer, or one candidate's whole interview. */
  set: string;
  /** What the hand-set weights add. */
  fixed: number;
  x: number[];
}
const rows: Row[] = [];
const hand = HAND_SET_WEIGHTS as Record<string, number>;
let names: string[] = [];
const add = (set: string, industry: string, grade: Grade, question: string, answer: string, lexicon: Set<string>) => {
  const features: Record<string, number> = scoreFeatures(analyseAnswer(question, answer, { lexicon }));
  names = Object.keys(features).filter((n) => !(n in hand));
  const fixed = Object.entries(hand).reduce((s, [n, w]) => s + w * features[n]!, 0);
  rows.push({ grade, industry, set: `${set}/${grade}`, fixed, x: [1, ...names.map((n) => features[n]!)] });
};
for (const g of groups) {
  const { rubric } = planInterview({ title: g.jobTitle, description: '' });
  const lexicon = jobLexicon({ questions: [g.question], rubric, transcript: [] });
  for (const grade of GRADES) add(g.id, g.industry, grade, g.question, g.answers[grade], lexicon);
}
for (const s of interviews) {
  const lexicon = jobLexicon({ questions: s.questions, rubric: s.rubric, transcript: [] });
  for (const grade of GRADES) s.questions.forEach((q, i) => add(s.id, s.industry, grade, q, s.candidates[grade][i] ?? '', lexicon));
}

function ridge(xs: number[][], ys: number[]): number[] {
  const n = xs[0]!.length;
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const b = new Array<number>(n).fill(0);
  xs.forEach((x, k) => {
    for (let i = 0; i < n; i++) {
      b[i]! += x[i]! * ys[k]!;
      for (let j = 0; j < n; j++) a[i]![j]! += x[i]! * x[j]!;
    }
  });
  for (let i = 1; i < n; i++) a[i]![i]! += lambda;
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let r = i + 1; r < n; r++) if (Math.abs(a[r]![i]!) > Math.abs(a[p]![i]!)) p = r;
    [a[i], a[p]] = [a[p]!, a[i]!];
    [b[i], b[p]] = [b[p]!, b[i]!];
    for (let r = 0; r < n; r++) {
      if (r === i) continue;
      const f = a[r]![i]! / a[i]![i]!;
      for (let c = i; c < n; c++) a[r]![c]! -= f * a[i]![c]!;
      b[r]! -= f * b[i]!;
    }
  }
  return b.map((v, i) => v / a[i]![i]!);
}
const predict = (w: number[], row: Row) => row.fixed + row.x.reduce((s, v, i) => s + v * w[i]!, 0);
const fit = (train: Row[]) => ridge(train.map((r) => r.x), train.map((r) => TARGET[r.grade] - r.fixed));
const calibrate = (x: number) => 55 + CALIBRATION.stretch * (x - CALIBRATION.pivot);

/** Share of answers, and of answer sets (mean answer score, calibrated), in their grade's band. */
function accuracy(scored: { row: Row; score: number }[]) {
  const answers = scored.filter(({ row, score }) => inBand(row.grade, calibrate(score))).length / scored.length;
  const sets = new Map<string, { grade: Grade; scores: number[] }>();
  for (const { row, score } of scored) {
    const s = sets.get(row.set) ?? { grade: row.grade, scores: [] };
    s.scores.push(score);
    sets.set(row.set, s);
  }
  const hits = [...sets.values()].filter((s) => inBand(s.grade, calibrate(s.scores.reduce((a, b) => a + b, 0) / s.scores.length))).length;
  return { answers, sets: hits / sets.size };
}

const w = fit(rows);
console.log(`base ${w[0]!.toFixed(1)}, ${names.map((n, i) => `${n} ${w[i + 1]!.toFixed(1)}`).join(', ')} (set by hand: ${Object.entries(hand).map(([n, v]) => `${n} ${v}`).join(', ')})`);
const fitted = accuracy(rows.map((row) => ({ row, score: predict(w, row) })));
const leftOut: { row: Row; score: number }[] = [];
for (const industry of new Set(rows.map((r) => r.industry))) {
  const wi = fit(rows.filter((r) => r.industry !== industry));
  for (const row of rows.filter((r) => r.industry === industry)) leftOut.push({ row, score: predict(wi, row) });
}
const cv = accuracy(leftOut);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
console.log(`${rows.length} answers, calibrated about ${CALIBRATION.pivot} by ${CALIBRATION.stretch}: band accuracy fitted ${pct(fitted.answers)} of answers, ${pct(fitted.sets)} of answer sets; with each industry left out of the fit ${pct(cv.answers)} of answers, ${pct(cv.sets)} of answer sets`);
