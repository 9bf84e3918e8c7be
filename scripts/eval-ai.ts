/**
 * Measures the built-in engine on the labelled sets in src/server/ai/eval/data and prints its
 * figures: answer ordering, determinism, identity-swap invariance, bias-check recall and false
 * alarms. The hold-out sets were written separately and never used to tune the engine.
 */
import { isDeepStrictEqual } from 'node:util';
import { createBuiltinEngine } from '../src/server/ai/builtin';
import { loadDataset, type AnswerGroup, type BiasQuestions, type Grade } from '../src/server/ai/eval/dataset';

const engine = createBuiltinEngine();
const data = loadDataset();
const verbose = process.argv.includes('--verbose');
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const grades = ['strong', 'adequate', 'weak'] as const;

async function scoreAnswer(jobTitle: string, question: string, answer: string): Promise<number> {
  const plan = await engine.planInterview({ title: jobTitle, description: '' });
  const result = await engine.evaluate({
    questions: [question],
    rubric: plan.rubric,
    transcript: [
      { speaker: 'AI', text: question },
      { speaker: 'Candidate', text: answer },
    ],
  });
  return result.overall ?? 0;
}

/** Within each question, strong > adequate > weak: the share of pairs in the right order. */
async function ordering(label: string, groups: AnswerGroup[]) {
  const pairs: [Grade, Grade][] = [
    ['strong', 'adequate'],
    ['adequate', 'weak'],
    ['strong', 'weak'],
  ];
  let correct = 0;
  let total = 0;
  const sums: Record<Grade, number> = { strong: 0, adequate: 0, weak: 0 };
  const byIndustry = new Map<string, { correct: number; total: number }>();
  for (const group of groups) {
    const scores = {} as Record<Grade, number>;
    for (const g of grades) {
      scores[g] = await scoreAnswer(group.jobTitle, group.question, group.answers[g]);
      sums[g] += scores[g];
    }
    const ind = byIndustry.get(group.industry) ?? { correct: 0, total: 0 };
    for (const [hi, lo] of pairs) {
      total++;
      ind.total++;
      if (scores[hi] > scores[lo]) {
        correct++;
        ind.correct++;
      } else if (verbose) console.log(`  miss ${group.id}: ${hi} ${scores[hi]} <= ${lo} ${scores[lo]}`);
    }
    byIndustry.set(group.industry, ind);
  }
  console.log(`${label}: ${groups.length * 3} answers to ${groups.length} questions across ${byIndustry.size} industries, graded by their authors`);
  console.log(`  pairs ordered correctly (strong > adequate > weak): ${correct}/${total} = ${pct(correct / total)} (target >= 90 %)`);
  console.log(`  by industry: ${[...byIndustry].map(([k, v]) => `${k} ${v.correct}/${v.total}`).join(', ')}`);
  const n = groups.length;
  console.log(`  mean overall: strong ${(sums.strong / n).toFixed(1)}, adequate ${(sums.adequate / n).toFixed(1)}, weak ${(sums.weak / n).toFixed(1)}`);
}

async function biasCheck(label: string, set: BiasQuestions) {
  let flagged = 0;
  for (const q of set.unlawful) {
    if ((await engine.checkQuestions([q.question])).length) flagged++;
    else if (verbose) console.log(`  missed [${q.category}] ${q.question}`);
  }
  let falseAlarms = 0;
  for (const q of set.lawful) {
    if ((await engine.checkQuestions([q])).length) {
      falseAlarms++;
      if (verbose) console.log(`  false alarm: ${q}`);
    }
  }
  console.log(`${label}: ${set.unlawful.length} unlawful and ${set.lawful.length} lawful questions`);
  console.log(`  recall ${pct(flagged / set.unlawful.length)} (target >= 95 %), false alarms ${pct(falseAlarms / set.lawful.length)} (target <= 5 %)`);
}

async function main() {
  await ordering('Answers (tuning set)', data.answers);
  await ordering('Answers (hold-out 1, seen once)', data.holdout.answers);
  await ordering('Answers (hold-out 2, blind)', data.blind.answers);

  let identical = true;
  for (const set of data.swaps) {
    for (const v of set.variants) {
      const input = { questions: set.questions, rubric: set.rubric, transcript: v.transcript };
      if (!isDeepStrictEqual(await engine.evaluate(input), await engine.evaluate(input))) identical = false;
    }
  }
  console.log(`Two runs give identical results: ${identical ? 'yes' : 'NO'} (must)`);

  let worst = 0;
  let worstAt = '';
  for (const set of data.swaps) {
    const results = [];
    for (const v of set.variants) results.push({ label: v.label, r: await engine.evaluate({ questions: set.questions, rubric: set.rubric, transcript: v.transcript }) });
    const base = results.find((x) => x.label === 'original') ?? results[0]!;
    for (const { label, r } of results) {
      const diffs = [Math.abs((r.overall ?? 0) - (base.r.overall ?? 0)), ...r.criteria.map((c, i) => Math.abs((c.score ?? 0) - (base.r.criteria[i]?.score ?? 0)))];
      const d = Math.max(...diffs);
      if (d > worst) {
        worst = d;
        worstAt = ` at ${set.id}/${label}`;
      }
    }
  }
  const variants = data.swaps.reduce((n, s) => n + s.variants.length, 0);
  console.log(`Name, gender and origin swaps (${data.swaps.length} transcripts, ${variants} variants): largest score change ${worst} point(s)${worstAt} (target <= 1)`);

  await biasCheck('Bias check (tuning set)', data.bias);
  await biasCheck('Bias check (hold-out 1, seen once)', data.holdout.bias);
  await biasCheck('Bias check (hold-out 2, blind)', data.blind.bias);
}

void main();
