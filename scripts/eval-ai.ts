/**
 * Measures an AI engine on the labelled sets in src/server/ai/eval/data and prints, separately for
 * the tuning part (everything the engine has been developed against) and the held-out part (written
 * by people who never saw the engine, and never looked at while tuning it): pair ranking overall and per criterion, band accuracy, the
 * insufficient-evidence rate on adequate and strong answers, determinism, identity-swap invariance,
 * and the bias check's recall and false alarms.
 *
 *   npm run eval:ai                                   the built-in engine
 *   npm run eval:ai -- --provider openai              a model, with the usual AI_* variables
 *   npm run eval:ai -- --verbose                      also every miss of the tuning part
 *   npm run eval:ai -- --part tuning|held-out         one part only
 *   npm run eval:ai -- --only drafting                the drafting coverage alone (issue 31), both parts
 *   npm run eval:ai -- --only drafting --misses       … with each requirement the development sets missed
 *   npm run eval:ai -- --only criteria                the per-criterion scoring, feedback and red flags alone (issue 31), both parts
 */
import { isDeepStrictEqual } from 'node:util';
import { anchorLevelOf, UNSURE_SPREAD, type Evaluation, type RubricCriterion } from '../src/contracts/ai';
import { createAiEngine } from '../src/server/ai';
import { createBuiltinEngine } from '../src/server/ai/builtin';
import { contentStems } from '../src/server/ai/builtin/text';
import type { AiEngine } from '../src/server/ai/engine';
import { findWorthChecking } from '../src/server/ai/worth-checking';
import { loadCriteria, loadDataset, loadDrafting, loadHeldOut, loadRedFlags, type AnswerGroup, type RedFlagAnswer, type CriteriaInterview, type DraftingJob, type BiasQuestions, type Grade, type InterviewSet } from '../src/server/ai/eval/dataset';
import { ConfigError, loadConfig } from '../src/server/config';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
let verbose = args.includes('--verbose');
const provider = option('provider') ?? 'builtin';
const onlyPart = option('part');
if (onlyPart !== undefined && onlyPart !== 'tuning' && onlyPart !== 'held-out') {
  console.error(`--part must be tuning or held-out, not ${onlyPart}`);
  process.exit(1);
}

const GRADES = ['strong', 'adequate', 'weak'] as const;
const PAIRS: [Grade, Grade][] = [
  ['strong', 'adequate'],
  ['adequate', 'weak'],
  ['strong', 'weak'],
];
/** The bands of the score scale each grade should land in (docs/decisions/014-score-scale-and-anchors.md). */
const BANDS: Record<Grade, [number, number]> = { strong: [75, 100], adequate: [45, 70], weak: [0, 39] };
const TARGETS = { pairs: 0.95, band: 0.85, insufficient: 0, swap: 1, recall: 0.95, falseAlarms: 0.05 };

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');

function engineFor(name: string): AiEngine {
  if (name === 'builtin') return createBuiltinEngine();
  if (!['openai', 'anthropic', 'openai-compatible'].includes(name)) {
    console.error(`--provider must be builtin, openai, anthropic or openai-compatible, not ${name}`);
    process.exit(1);
  }
  try {
    const config = loadConfig({ ...process.env, AI_PROVIDER: name });
    return createAiEngine(config, { warn: (obj: unknown, msg?: string) => console.warn(`  model fell back to the built-in engine: ${msg ?? ''} ${JSON.stringify(obj)}`) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const engine = engineFor(provider);
const builtin = createBuiltinEngine();

/** One candidate's answers to one job's questions, at one grade. */
interface AnswerSet {
  id: string;
  industry: string;
  grade: Grade;
  rubric: RubricCriterion[];
  questions: string[];
  answers: string[];
}

/** A question of the older single-question sets is one interview of one answer, scored on the built-in plan's rubric for its job title. */
async function fromGroups(groups: AnswerGroup[]): Promise<AnswerSet[][]> {
  const out: AnswerSet[][] = [];
  for (const g of groups) {
    const { rubric } = await builtin.planInterview({ title: g.jobTitle, description: '' });
    out.push(GRADES.map((grade) => ({ id: g.id, industry: g.industry, grade, rubric, questions: [g.question], answers: [g.answers[grade]] })));
  }
  return out;
}

const fromInterviews = (sets: InterviewSet[]): AnswerSet[][] =>
  sets.map((s) => GRADES.map((grade) => ({ id: s.id, industry: s.industry, grade, rubric: s.rubric, questions: s.questions, answers: s.candidates[grade] })));

const evaluate = (set: AnswerSet): Promise<Evaluation> =>
  engine.evaluate({
    questions: set.questions,
    rubric: set.rubric,
    transcript: set.questions.flatMap((q, i) => [
      { speaker: 'AI', text: q },
      { speaker: 'Candidate', text: set.answers[i] ?? '' },
    ]),
  });

interface Scored {
  set: AnswerSet;
  result: Evaluation;
}

/** A missing score ranks below every score. */
const rank = (score: number | null | undefined) => (typeof score === 'number' ? score : -1);

async function measureAnswers(label: string, groups: AnswerSet[][]) {
  const scored: Scored[][] = [];
  let deterministic = true;
  for (const group of groups) {
    const row: Scored[] = [];
    for (const set of group) {
      const result = await evaluate(set);
      if (provider === 'builtin' && !isDeepStrictEqual(result, await evaluate(set))) deterministic = false;
      row.push({ set, result });
    }
    scored.push(row);
  }

  let pairsRight = 0;
  let pairs = 0;
  let criterionRight = 0;
  let criterionPairs = 0;
  for (const row of scored) {
    const by = Object.fromEntries(row.map((s) => [s.set.grade, s])) as Record<Grade, Scored>;
    for (const [hi, lo] of PAIRS) {
      pairs++;
      if (rank(by[hi].result.overall) > rank(by[lo].result.overall)) pairsRight++;
      else if (verbose) console.log(`  miss ${by[hi].set.id}: ${hi} ${by[hi].result.overall} <= ${lo} ${by[lo].result.overall}`);
      by[hi].result.criteria.forEach((c, i) => {
        const other = by[lo].result.criteria[i];
        // A criterion no answer spoke to in either interview is not a pair (issue 31: "not assessed").
        if (c.notAssessed && other?.notAssessed) return;
        criterionPairs++;
        if (rank(c.score) > rank(other?.score)) criterionRight++;
      });
    }
  }

  const all = scored.flat();
  const inBand = all.filter(({ set, result }) => {
    const [lo, hi] = BANDS[set.grade];
    const ok = result.overall !== null && result.overall >= lo && result.overall <= hi;
    if (!ok && verbose) console.log(`  out of band ${set.id} ${set.grade}: ${result.overall}`);
    return ok;
  }).length;
  const judgedOnes = all.filter(({ set }) => set.grade !== 'weak');
  const insufficient = judgedOnes.filter(({ set, result }) => {
    // Said too little to judge; a criterion no answer spoke to is "not assessed", which is counted apart.
    const missing = result.insufficientEvidence || result.criteria.some((c) => c.score === null && !c.notAssessed);
    if (missing && verbose) console.log(`  insufficient evidence ${set.id} ${set.grade}: ${result.criteria.filter((c) => c.score === null).map((c) => c.name).join(', ')}`);
    return missing;
  }).length;
  const answers = all.reduce((n, s) => n + s.set.answers.length, 0);
  const stats = (grade: Grade) => {
    const xs = all.filter((s) => s.set.grade === grade).map((s) => s.result.overall ?? 0);
    return `${grade} ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} (${Math.min(...xs)}-${Math.max(...xs)})`;
  };
  const levelAgreement = all.filter(({ set, result }) => result.overall !== null && anchorLevelOf(result.overall) === set.grade).length;

  console.log(`${label}: ${answers} answers in ${all.length} answer sets (${groups.length} jobs or questions, 3 candidates each) across ${new Set(all.map((s) => s.set.industry)).size} industries`);
  console.log(`  pair ranking, overall (strong > adequate > weak): ${pairsRight}/${pairs} = ${pct(pairsRight / pairs)} (target >= 95 %: ${mark(pairsRight / pairs >= TARGETS.pairs)})`);
  console.log(`  pair ranking, per criterion: ${criterionRight}/${criterionPairs} = ${pct(criterionRight / criterionPairs)} (target >= 95 %: ${mark(criterionRight / criterionPairs >= TARGETS.pairs)})`);
  console.log(`  band accuracy (strong >= 75, adequate 45-70, weak < 40): ${inBand}/${all.length} = ${pct(inBand / all.length)} (target >= 85 %: ${mark(inBand / all.length >= TARGETS.band)})`);
  const whole = all.filter((s) => s.set.answers.length > 1);
  const wholeInBand = whole.filter(({ set, result }) => result.overall !== null && result.overall >= BANDS[set.grade][0] && result.overall <= BANDS[set.grade][1]).length;
  const singles = all.length - whole.length;
  if (whole.length && singles) console.log(`    whole interviews: ${wholeInBand}/${whole.length} = ${pct(wholeInBand / whole.length)}; single answers: ${inBand - wholeInBand}/${singles} = ${pct((inBand - wholeInBand) / singles)}`);
  console.log(`  insufficient evidence on adequate and strong sets: ${insufficient}/${judgedOnes.length} = ${pct(insufficient / judgedOnes.length)} (target 0: ${mark(insufficient === 0)})`);
  const criteriaOf = all.flatMap((s) => s.result.criteria);
  console.log(`  criteria not assessed (no answer spoke to them): ${criteriaOf.filter((c) => c.notAssessed).length}/${criteriaOf.length}`);
  console.log(`  nearest anchor matches the grade: ${pct(levelAgreement / all.length)}`);
  console.log(`  mean overall (range): ${GRADES.map(stats).join(', ')}`);
  if (provider === 'builtin') console.log(`  two runs give identical results: ${deterministic ? 'yes' : 'NO'} (must)`);
  else modelFigures(all.map((s) => s.result));
}

/**
 * What only a model's run needs saying: how often it failed and the built-in engine answered instead
 * (those sets' figures are not the model's), and with AI_SAMPLES how often its samples disagreed by
 * more than the report's "unsure" spread.
 */
function modelFigures(results: Evaluation[]) {
  const fellBack = results.filter((r) => r.fallbackReason !== undefined).length;
  console.log(`  the model failed and the built-in engine scored instead: ${fellBack}/${results.length} answer sets${fellBack ? ' (these figures are not the model\'s alone)' : ''}`);
  const sampled = results.flatMap((r) => r.criteria).filter((c) => c.sampleRange);
  if (!sampled.length) return;
  const unsure = sampled.filter((c) => c.sampleRange!.max - c.sampleRange!.min > UNSURE_SPREAD).length;
  console.log(`  samples more than ${UNSURE_SPREAD} points apart (the report says the model was unsure): ${unsure}/${sampled.length} = ${pct(unsure / sampled.length)} of criterion scores`);
}

/**
 * "Worth checking" on answers nobody labelled for red flags: how many of each grade's answers get
 * one. A strong answer rarely admits a broken rule, so flags there are mostly false alarms;
 * `--verbose` prints them all for reading.
 */
function flagsOnUnlabelled(sets: AnswerSet[]) {
  const by: Record<Grade, { flagged: number; of: number }> = { strong: { flagged: 0, of: 0 }, adequate: { flagged: 0, of: 0 }, weak: { flagged: 0, of: 0 } };
  for (const set of sets)
    for (const answer of set.answers) {
      by[set.grade].of++;
      const flags = findWorthChecking([{ speaker: 'Candidate', text: answer }]);
      if (flags.length) by[set.grade].flagged++;
      if (verbose) for (const f of flags) console.log(`  worth checking (${set.grade}, ${f.kind}): "${f.quote}"`);
    }
  console.log(`  answers with a "Worth checking" flag (no red flags labelled in these sets): ${GRADES.map((g) => `${g} ${by[g].flagged}/${by[g].of}`).join(', ')}`);
}

interface NamedBiasList extends BiasQuestions {
  name: string;
}

/** Recall and false alarms of one or more lists together; `--verbose` also lists every miss. */
async function biasFigures(sets: BiasQuestions[]) {
  const unlawful = sets.flatMap((s) => s.unlawful);
  const lawful = sets.flatMap((s) => s.lawful);
  let flagged = 0;
  for (const q of unlawful) {
    if ((await engine.checkQuestions([q.question])).length) flagged++;
    else if (verbose) console.log(`  missed [${q.category}] ${q.question}`);
  }
  let falseAlarms = 0;
  for (const q of lawful) {
    if ((await engine.checkQuestions([q])).length) {
      falseAlarms++;
      if (verbose) console.log(`  false alarm: ${q}`);
    }
  }
  return { flagged, unlawful: unlawful.length, falseAlarms, lawful: lawful.length };
}

type Figures = Awaited<ReturnType<typeof biasFigures>>;
const figuresLine = (f: Figures) => {
  const recall = f.flagged / f.unlawful;
  const alarms = f.falseAlarms / f.lawful;
  return `recall ${f.flagged}/${f.unlawful} = ${pct(recall)} (target >= 95 %: ${mark(recall >= TARGETS.recall)}), false alarms ${f.falseAlarms}/${f.lawful} = ${pct(alarms)} (target <= 5 %: ${mark(alarms <= TARGETS.falseAlarms)})`;
};

async function biasCheck(label: string, sets: BiasQuestions[]) {
  const f = await biasFigures(sets);
  console.log(`${label}: ${f.unlawful} unlawful and ${f.lawful} lawful questions`);
  console.log(`  ${figuresLine(f)}`);
}

/** Each list on its own line, then all of them together. */
async function biasCheckPerList(label: string, lists: NamedBiasList[]) {
  console.log(`${label}, per list:`);
  const all: Figures = { flagged: 0, unlawful: 0, falseAlarms: 0, lawful: 0 };
  for (const list of lists) {
    const f = await biasFigures([list]);
    console.log(`  ${list.name.padEnd(16)} ${figuresLine(f)}`);
    for (const k of Object.keys(all) as (keyof Figures)[]) all[k] += f[k];
  }
  console.log(`${label}, all ${lists.length} lists: ${all.unlawful} unlawful and ${all.lawful} lawful questions`);
  console.log(`  ${figuresLine(all)}`);
}

async function identitySwaps(data: ReturnType<typeof loadDataset>) {
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
  console.log(`Name, gender and origin swaps (${data.swaps.length} transcripts, ${variants} variants): largest score change ${worst} point(s)${worstAt} (target <= 1: ${mark(worst <= TARGETS.swap)})`);
}

async function main() {
  console.log(`Engine: ${provider}${provider === 'builtin' ? '' : ` (${process.env.AI_MODEL ?? 'default model'}, AI_SAMPLES=${process.env.AI_SAMPLES ?? '1'})`}`);
  const data = loadDataset();
  const drafting = loadDrafting();
  const draftingParts = async () => {
    if (onlyPart !== 'held-out' && drafting.dev.length) await draftingCoverage('Drafting, development jobs', drafting.dev, { print: ['cdl', 'rn-med', 'warehouse'], misses: true });
    if (onlyPart !== 'held-out' && drafting.dev2.length) await draftingCoverage('Drafting, second development set (written 2026-11-29)', drafting.dev2, { print: [], misses: true });
    if (onlyPart !== 'held-out' && drafting.dev3.length) await draftingCoverage('Drafting, third development set (written 2026-11-29)', drafting.dev3, { print: [], misses: true });
    if (onlyPart !== 'tuning' && drafting.heldOut.length) await draftingCoverage('Drafting, held-out jobs (blind)', drafting.heldOut, { print: [] });
  };
  const criteria = loadCriteria();
  const criteriaParts = async () => {
    if (onlyPart !== 'held-out' && criteria.dev.length) await criteriaFigures('Criteria, development interviews', criteria.dev, { misses: verbose });
    if (onlyPart !== 'tuning' && criteria.heldOut.length) await criteriaFigures('Criteria, held-out interviews (blind)', criteria.heldOut, { misses: false });
    const flags = loadRedFlags();
    if (onlyPart !== 'held-out' && flags.length) redFlagFigures('Worth checking, development answers (written 2026-11-29)', flags, { misses: verbose });
  };
  if (option('only') === 'drafting') return draftingParts();
  if (option('only') === 'criteria') return criteriaParts();
  if (onlyPart !== 'held-out') {
    console.log('\n== Tuning part (the engine was developed against these) ==');
    const answers = [...data.answers, ...data.holdout.answers, ...data.readHeldOut.answers];
    const tuningSets = [...(await fromGroups(answers)), ...fromInterviews([...data.interviews, ...data.readHeldOut.interviews])];
    await measureAnswers('Answers', tuningSets);
    flagsOnUnlabelled(tuningSets.flat());
    await biasCheckPerList('Bias check', [{ name: 'bias-questions', ...data.bias }, { name: 'holdout', ...data.holdout.bias }, ...data.biasDev, ...data.readHeldOut.bias]);
  }
  if (onlyPart !== 'tuning') {
    const heldOut = loadHeldOut();
    // Blind: no miss of this part is ever printed, --verbose or not.
    verbose = false;
    console.log('\n== Held-out part (written by people who never saw the engine; never looked at while tuning) ==');
    console.log(`Read: ${heldOut.files.join(', ') || 'no file (none written yet)'}`);
    const sets = [...(await fromGroups(heldOut.answers)), ...fromInterviews(heldOut.interviews)];
    if (sets.length) await measureAnswers('Answers', sets);
    if (heldOut.bias.length) await biasCheck('Bias check', heldOut.bias);
  }
  console.log('');
  await criteriaParts();
  console.log('');
  await identitySwaps(data);
  // The drafting coverage and the interviewer's lines measure the built-in engine's own drafting and
  // wording (issue 31); `--only drafting` runs the first with any engine.
  if (provider !== 'builtin') return;
  await draftingParts();
  if (onlyPart !== 'held-out') await interviewerLines(data.interviews);
}

/** The graded levels in order; a requirement met reads as strong, not met or unclear as weak. */
const LEVEL = { weak: 0, adequate: 1, strong: 2, met: 2, not_met: 0, unclear: 0 } as const;
const REQUIREMENT_GRADES = new Set(['met', 'not_met', 'unclear']);
/** Words of a feedback sentence that praise, and that find fault, whatever engine wrote it. */
const PRAISE = /\b(strong|solid|clear|clearly|concrete|specific|specifics|detailed|thorough|convincing|good|well|met|confident|careful|calm|named|explained|described)\b/i;
const FAULT = /\b(weak|vague|generic|general terms|little|few|no |not |lack\w*|missing|unclear|thin|didn't|did not|without|careless|poor|unsafe|wrong|brushed|dismissive|rather than)\b/i;
const LEVEL_WORD = { high: /^(strong|solid|clear)\b/i, low: /^(weak|little|no|not)\b/i };

/**
 * Per-criterion scoring, feedback and red flags (issue 31, items 3, 4 and 6) on interviews graded
 * criterion by criterion: criteria scored apart where a candidate's grades differ; each criterion in
 * its grade's band; "not assessed" where nothing spoke to it; the requirement read as met or not;
 * feedback that agrees with its score's band and names what the candidate said; the strongest area
 * never below 40; the red flags found. `misses` prints what went wrong (development part only).
 */
async function criteriaFigures(label: string, sets: CriteriaInterview[], { misses }: { misses: boolean }) {
  const candidates = sets.reduce((n, s) => n + s.candidates.length, 0);
  console.log(`${label}: ${sets.length} jobs, ${candidates} candidates`);
  const f = { apart: 0, apartOf: 0, ordered: 0, orderedOf: 0, band: 0, bandOf: 0, notAssessed: 0, notAssessedOf: 0, falseNotAssessed: 0, assessedOf: 0, requirement: 0, requirementOf: 0, agree: 0, agreeOf: 0, named: 0, namedOf: 0, strongestLow: 0, flagsFound: 0, flagsOf: 0, falseFlags: 0, extremes: 0, scoredOf: 0, lockstep: 0, mixedOf: 0 };
  const miss = (text: string) => misses && console.log(`    miss: ${text}`);
  for (const set of sets) {
    for (const candidate of set.candidates) {
      const result = await engine.evaluate({
        questions: set.questions,
        rubric: set.rubric,
        transcript: set.questions.flatMap((q, i) => [
          { speaker: 'AI', text: q, startMs: i * 60_000 },
          { speaker: 'Candidate', text: candidate.answers[i] ?? '', startMs: i * 60_000 + 5_000 },
        ]),
      });
      const who = `${set.id} / ${candidate.label}`;
      const scored = set.rubric.map((c) => ({ name: c.name, grade: candidate.grades[c.name], result: result.criteria.find((r) => r.name === c.name) }));
      const graded = scored.filter((c) => c.grade && c.grade !== 'not_assessed' && typeof c.result?.score === 'number');
      for (let i = 0; i < graded.length; i++)
        for (let k = i + 1; k < graded.length; k++) {
          const a = graded[i]!;
          const b = graded[k]!;
          const da = LEVEL[a.grade as keyof typeof LEVEL];
          const db = LEVEL[b.grade as keyof typeof LEVEL];
          if (da === db) continue;
          const [hi, lo] = da > db ? [a, b] : [b, a];
          const gap = (hi.result!.score as number) - (lo.result!.score as number);
          if (Math.abs(da - db) === 2) {
            f.apartOf++;
            if (gap > 15) f.apart++;
            else miss(`${who}: ${hi.name} (${hi.grade}) ${hi.result!.score} vs ${lo.name} (${lo.grade}) ${lo.result!.score}`);
          } else {
            f.orderedOf++;
            if (gap > 0) f.ordered++;
          }
        }
      const levels = new Set(graded.map((c) => LEVEL[c.grade as keyof typeof LEVEL]));
      if (levels.size > 1) {
        f.mixedOf++;
        const values = graded.map((c) => c.result!.score as number);
        if (Math.max(...values) - Math.min(...values) <= 15) f.lockstep++;
      }
      for (const c of scored) {
        if (!c.grade || !c.result) continue;
        const score = c.result.score;
        if (c.grade === 'not_assessed') {
          f.notAssessedOf++;
          if (score === null) f.notAssessed++;
          else miss(`${who}: ${c.name} not assessed by the labels, scored ${score}`);
          continue;
        }
        f.assessedOf++;
        if (score === null) {
          f.falseNotAssessed++;
          miss(`${who}: ${c.name} (${c.grade}) not scored: ${c.result.feedback}`);
          continue;
        }
        f.scoredOf++;
        if (score === 0 || score === 100) f.extremes++;
        if (REQUIREMENT_GRADES.has(c.grade)) {
          f.requirementOf++;
          if (c.result.requirement === c.grade) f.requirement++;
          else miss(`${who}: ${c.name} labelled ${c.grade}, read ${c.result.requirement ?? 'nothing'} (${score})`);
        } else {
          const [lo, hi] = BANDS[c.grade as Grade];
          f.bandOf++;
          if (score >= lo && score <= hi) f.band++;
          else miss(`${who}: ${c.name} (${c.grade}) scored ${score}`);
        }
        // Feedback agrees with its band: in the strong band no clause only finds fault, in the weak band
        // no clause only praises (the candidate's quoted words aside, and the verdict that leads).
        const clauses = c.result.feedback.replace(/“[^”]*”/g, '').split(/[;,.:]| but | and /).map((x) => x.trim()).filter(Boolean).slice(1);
        const band = anchorLevelOf(score);
        const praising = clauses.filter((x) => PRAISE.test(x) && !FAULT.test(x));
        const faulting = clauses.filter((x) => FAULT.test(x) && !PRAISE.test(x));
        const lead = c.result.feedback.trim();
        const agrees = band === 'strong' ? faulting.length === 0 && !LEVEL_WORD.low.test(lead) : band === 'weak' ? praising.length === 0 && !LEVEL_WORD.high.test(lead) : true;
        f.agreeOf++;
        if (agrees) f.agree++;
        else miss(`${who}: ${c.name} ${score}, feedback "${c.result.feedback}"`);
        // Names what the candidate said: a quote, or three of the candidate's content words.
        const said = new Set(contentStems(candidate.answers.join(' ')));
        const own = contentStems(c.result.feedback.replace(/“[^”]*”/g, '')).filter((st) => said.has(st)).length;
        f.namedOf++;
        if (/“[^”]{8,}”/.test(c.result.feedback) || own >= 3) f.named++;
      }
      const best = /Strongest area: .*?\((\d+)\)/.exec(result.summary);
      if (best && Number(best[1]) < 40) {
        f.strongestLow++;
        miss(`${who}: summary "${result.summary}"`);
      }
      const found = result.worthChecking ?? [];
      for (const flag of candidate.redFlags) {
        f.flagsOf++;
        const hit = found.some((w) => w.quote.includes(flag.quote) || flag.quote.includes(w.quote));
        if (hit) f.flagsFound++;
        else miss(`${who}: red flag not found: "${flag.quote}" (${flag.kind})`);
      }
      for (const w of found) {
        if (candidate.redFlags.some((flag) => w.quote.includes(flag.quote) || flag.quote.includes(w.quote))) continue;
        f.falseFlags++;
        miss(`${who}: flagged "${w.quote}" (${w.kind}), not a labelled red flag`);
      }
    }
  }
  const share = (n: number, of: number) => `${n}/${of} = ${of ? pct(n / of) : 'n/a'}`;
  console.log(`  criteria scored apart (> 15 points, right way round) where the grades are two levels apart: ${share(f.apart, f.apartOf)}; one level apart, ordered right: ${share(f.ordered, f.orderedOf)}`);
  console.log(`  candidates with mixed grades whose criteria all sit within 15 points (lock-step): ${share(f.lockstep, f.mixedOf)}`);
  console.log(`  criteria in their grade's band: ${share(f.band, f.bandOf)}; requirement read right (met / not met / unclear): ${share(f.requirement, f.requirementOf)}`);
  console.log(`  'not assessed' where nothing spoke to the criterion: ${share(f.notAssessed, f.notAssessedOf)}; graded criteria left unscored: ${share(f.falseNotAssessed, f.assessedOf)}; scores at 0 or 100: ${share(f.extremes, f.scoredOf)}`);
  console.log(`  feedback agreeing with its score's band: ${share(f.agree, f.agreeOf)} (target 100 %: ${mark(f.agree === f.agreeOf)}); naming what the candidate said: ${share(f.named, f.namedOf)}; strongest area below 40: ${f.strongestLow}`);
  console.log(`  red flags found (Worth checking): ${share(f.flagsFound, f.flagsOf)}; flags that are not labelled red flags: ${f.falseFlags} in ${candidates} interviews`);
}

/**
 * "Worth checking" on single answers (issue 31, item 4): the red flags found (a flag whose sentence
 * overlaps the labelled quote), of the right kind, and flags raised on answers with none.
 */
function redFlagFigures(label: string, answers: RedFlagAnswer[], { misses }: { misses: boolean }) {
  let found = 0;
  let kindRight = 0;
  let flagged = 0;
  let falseAlarms = 0;
  for (const a of answers) {
    const flags = findWorthChecking([
      { speaker: 'AI', text: a.question },
      { speaker: 'Candidate', text: a.answer },
    ]);
    if (a.redFlag) {
      flagged++;
      const hit = flags.find((w) => w.quote.includes(a.redFlag!.quote) || a.redFlag!.quote.includes(w.quote) || (w.quote.length > 12 && a.redFlag!.quote.includes(w.quote.slice(0, 12))));
      if (hit) found++;
      if (hit?.kind === a.redFlag.kind) kindRight++;
      if (!hit && misses) console.log(`    miss: ${a.id} (${a.redFlag.kind}): "${a.redFlag.quote}"`);
    } else if (flags.length) {
      falseAlarms++;
      if (misses) console.log(`    false alarm: ${a.id}: "${flags[0]!.quote}" (${flags[0]!.kind})`);
    }
  }
  const clean = answers.length - flagged;
  console.log(`${label}: ${answers.length} answers, ${flagged} with a red flag`);
  console.log(`  red flags found: ${found}/${flagged} = ${pct(found / flagged)} (of the right kind ${kindRight}); false alarms on clean answers: ${falseAlarms}/${clean} = ${pct(falseAlarms / clean)}`);
}

const termIn = (text: string, term: string) => new RegExp(`(^|[^a-z0-9])${term.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text.toLowerCase());

/**
 * What the drafter asks about (issue 31, item 2), for the video interview's plan and the phone
 * screening's questions: the share of each job's labelled requirements some question covers (a
 * question containing one of the requirement's terms), eligibility requirements apart; questions with
 * another role's terms; near-duplicate pairs; stray spaces. `print` lists the
 * question sets of the jobs whose id contains one of its words (development jobs only).
 */
async function draftingCoverage(label: string, jobs: DraftingJob[], { print, misses = false }: { print: string[]; misses?: boolean }) {
  console.log(`${label}: ${jobs.length} jobs, ${jobs.reduce((n, j) => n + j.requirements.length, 0)} labelled requirements`);
  for (const kind of ['interview', 'screening'] as const) {
    let covered = 0;
    let total = 0;
    let eligibleCovered = 0;
    let eligible = 0;
    let foreign = 0;
    let questions = 0;
    let duplicates = 0;
    let malformed = 0;
    for (const job of jobs) {
      const drafted = kind === 'interview' ? (await engine.planInterview({ title: job.title, description: job.description })).questions : await engine.screeningQuestions({ jobTitle: job.title, jobDescription: job.description });
      questions += drafted.length;
      for (const r of job.requirements) {
        const hit = drafted.some((q) => r.any.some((t) => termIn(q, t)));
        if (!hit && misses && process.argv.includes('--misses')) console.log(`    missed (${kind}, ${job.id}): [${r.kind}${r.eligibility ? ', eligibility' : ''}] ${r.text}`);
        total++;
        if (hit) covered++;
        if (r.eligibility) {
          eligible++;
          if (hit) eligibleCovered++;
        }
      }
      foreign += drafted.filter((q) => job.foreign.some((t) => termIn(q, t))).length;
      malformed += drafted.filter((q) => /\s[.,;:?!]|\s{2}/.test(q)).length;
      for (let i = 0; i < drafted.length; i++)
        for (let k = i + 1; k < drafted.length; k++) {
          const a = new Set(contentStems(drafted[i]!));
          const b = contentStems(drafted[k]!);
          const shared = b.filter((st) => a.has(st)).length;
          if (shared >= 0.6 * Math.min(a.size, new Set(b).size)) duplicates++;
        }
      if (kind === 'interview' && print.some((w) => job.id.includes(w))) {
        console.log(`  ${job.title}: ${drafted.length} questions`);
        drafted.forEach((q, i) => console.log(`    ${i + 1}. ${q}`));
      }
    }
    console.log(
      `  ${kind === 'interview' ? 'video interview plan' : 'phone screening'}: requirements covered ${covered}/${total} = ${pct(covered / total)} (target >= 90 %: ${mark(covered / total >= 0.9)}); eligibility ${eligibleCovered}/${eligible} = ${pct(eligible ? eligibleCovered / eligible : 1)}; questions with another role's terms ${foreign}/${questions} (target 0: ${mark(foreign === 0)}); near-duplicate pairs ${duplicates}; stray spaces ${malformed}`,
    );
  }
}

/**
 * The interviewer's own lines, printed for reading (issue 31): each follow-up and bridge the engine
 * says in three tuning interviews (an adequate and a weak candidate each), as the room would ask for
 * them, with what the interviewer said before. Only tuning data: the held-out part stays unread.
 */
async function interviewerLines(sets: InterviewSet[]) {
  console.log('\nThe interviewer\'s lines in three tuning interviews, for reading (follow-ups after ">", bridges after "=>"):');
  const cut = (text: string, n = 90) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
  for (const set of sets.slice(0, 3)) {
    for (const grade of ['adequate', 'weak'] as const) {
      const answers = set.candidates[grade] ?? [];
      console.log(`  ${set.jobTitle}, ${grade} candidate:`);
      const said: string[] = [set.questions[0]!];
      for (let i = 0; i < set.questions.length; i++) {
        const answer = answers[i] ?? '';
        console.log(`    Q${i + 1} answer: "${cut(answer)}"`);
        const { followUp } = await engine.decideFollowUp({ question: set.questions[i]!, answer, earlier: said });
        if (followUp) {
          said.push(followUp);
          console.log(`      > ${followUp}`);
        }
        if (i + 1 < set.questions.length) {
          const bridge = await engine.rewordQuestion({ previousResponse: answer, nextQuestion: set.questions[i + 1]!, earlier: said });
          said.push(bridge);
          console.log(`      => ${cut(bridge, 140)}`);
        }
      }
    }
  }
}

void main();
