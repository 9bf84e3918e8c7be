/**
 * Prints the weights of the built-in engine's answer score (SCORE_WEIGHTS in
 * src/server/ai/builtin/analyze.ts): ridge regression of the band centres (strong 87, adequate 57,
 * weak 20) on the answer features, over the TUNING part of the labelled data only, and the band
 * accuracy when each industry is left out of the fit in turn (does it carry over?). The held-out
 * part is never read here.
 *
 *   npx tsx scripts/fit-builtin-scorer.ts [lambda]
 */
import { analyseAnswer, scoreFeatures } from '../src/server/ai/builtin/analyze';
import { jobLexicon } from '../src/server/ai/builtin/evaluate';
import { planInterview } from '../src/server/ai/builtin/plan';
import { loadDataset, type Grade } from '../src/server/ai/eval/dataset';

const lambda = Number(process.argv[2] ?? 1);
const TARGET: Record<Grade, number> = { strong: 87, adequate: 57, weak: 20 };
const inBand = (grade: Grade, score: number) => (grade === 'strong' ? score >= 75 : grade === 'adequate' ? score >= 45 && score <= 70 : score < 40);
const GRADES = ['strong', 'adequate', 'weak'] as const;

const data = loadDataset();
const rows: { grade: Grade; industry: string; x: number[] }[] = [];
let names: string[] = [];
const add = (industry: string, grade: Grade, question: string, answer: string, lexicon: Set<string>) => {
  const features = scoreFeatures(analyseAnswer(question, answer, { lexicon }));
  names = Object.keys(features);
  rows.push({ grade, industry, x: [1, ...Object.values(features)] });
};
for (const g of [...data.answers, ...data.holdout.answers]) {
  const { rubric } = planInterview({ title: g.jobTitle, description: '' });
  const lexicon = jobLexicon({ questions: [g.question], rubric, transcript: [] });
  for (const grade of GRADES) add(g.industry, grade, g.question, g.answers[grade], lexicon);
}
for (const s of data.interviews) {
  const lexicon = jobLexicon({ questions: s.questions, rubric: s.rubric, transcript: [] });
  for (const grade of GRADES) s.questions.forEach((q, i) => add(s.industry, grade, q, s.candidates[grade][i] ?? '', lexicon));
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
const predict = (w: number[], x: number[]) => x.reduce((s, v, i) => s + v * w[i]!, 0);

const w = ridge(rows.map((r) => r.x), rows.map((r) => TARGET[r.grade]));
console.log(`base ${w[0]!.toFixed(1)}, ${names.map((n, i) => `${n} ${w[i + 1]!.toFixed(1)}`).join(', ')}`);
const fitted = rows.filter((r) => inBand(r.grade, predict(w, r.x))).length;
let leftOut = 0;
for (const industry of new Set(rows.map((r) => r.industry))) {
  const wi = ridge(rows.filter((r) => r.industry !== industry).map((r) => r.x), rows.filter((r) => r.industry !== industry).map((r) => TARGET[r.grade]));
  leftOut += rows.filter((r) => r.industry === industry && inBand(r.grade, predict(wi, r.x))).length;
}
console.log(`${rows.length} answers; single-answer band accuracy ${((100 * fitted) / rows.length).toFixed(1)} %, with each industry left out of the fit ${((100 * leftOut) / rows.length).toFixed(1)} %`);
