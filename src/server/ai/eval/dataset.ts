import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { rubricCriterion, transcriptEntry } from '../../../contracts/ai';

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
const grade = z.enum(['strong', 'adequate', 'weak']);
export type Grade = z.infer<typeof grade>;

const answerGroups = z.array(
  z.object({
    id: z.string(),
    industry: z.string(),
    jobTitle: z.string(),
    question: z.string(),
    answers: z.record(grade, z.string()),
  }),
);
const jobs = z.array(z.object({ id: z.string(), industry: z.string(), title: z.string(), description: z.string(), skills: z.string() }));
const swaps = z.array(
  z.object({
    id: z.string(),
    industry: z.string(),
    jobTitle: z.string(),
    questions: z.array(z.string()),
    rubric: z.array(rubricCriterion),
    variants: z.array(z.object({ label: z.string(), transcript: z.array(transcriptEntry) })),
  }),
);
const biasQuestions = z.object({
  lawful: z.array(z.string()),
  unlawful: z.array(z.object({ question: z.string(), category: z.string() })),
});

/** A job with its rubric and questions, as both kinds of whole interviews have it. */
const interviewJob = z.object({
  id: z.string(),
  industry: z.string(),
  jobTitle: z.string(),
  description: z.string(),
  rubric: z.array(rubricCriterion).min(1),
  questions: z.array(z.string()).min(1),
});

/** A job with three candidates who answer every question at one level. */
const interviewSets = z.array(
  interviewJob.extend({
    candidates: z.record(grade, z.array(z.string())),
  }),
);

/**
 * Job descriptions labelled with what a good question set must ask about (issue 31, item 2): each
 * requirement the description states, with the terms a question covering it would contain, and terms
 * of other roles a question for this job must never contain.
 */
const draftingJobs = z.array(
  z.object({
    id: z.string(),
    industry: z.string(),
    title: z.string(),
    description: z.string(),
    requirements: z
      .array(
        z.object({
          text: z.string(),
          kind: z.enum(['licence', 'certification', 'tool', 'shift', 'physical', 'duty', 'experience']),
          eligibility: z.boolean(),
          any: z.array(z.string().min(1)).min(1),
        }),
      )
      .min(1),
    foreign: z.array(z.string()),
  }),
);
export type DraftingJob = z.infer<typeof draftingJobs>[number];

/**
 * Whole interviews graded per criterion (issue 31, items 3, 4 and 6): each candidate's own grade on
 * each criterion (strong, adequate, weak or not assessed; met, not met or unclear for the job's
 * requirement), and the red flags a recruiter must check, each with its answer and exact words.
 */
const CRITERION_GRADES = ['strong', 'adequate', 'weak', 'not_assessed', 'met', 'not_met', 'unclear'] as const;
const criteriaInterviews = z.array(
  interviewJob.extend({
    questionCriteria: z.array(z.array(z.string())),
    candidates: z.array(
      z.object({
        label: z.string(),
        answers: z.array(z.string()),
        grades: z.record(z.string(), z.enum(CRITERION_GRADES)),
        redFlags: z.array(z.object({ answer: z.number().int().nonnegative(), quote: z.string().min(1), kind: z.string() })),
      }),
    ),
  }),
);
export type CriteriaInterview = z.infer<typeof criteriaInterviews>[number];

const load = <T>(file: string, schema: z.ZodType<T>): T => schema.parse(JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')));

export type AnswerGroup = z.infer<typeof answerGroups>[number];
export type InterviewSet = z.infer<typeof interviewSets>[number];
export type BiasQuestions = z.infer<typeof biasQuestions>;

/** The bias check's development lists, in the order they were written. */
const BIAS_DEV = ['bias-dev', 'bias-dev-2', 'bias-dev-3', 'bias-dev-4', 'bias-dev-5', 'held-out-3', 'bias-dev-6', 'bias-dev-7', 'bias-dev-8', 'bias-dev-9', 'bias-dev-10'] as const;

/**
 * Development lists added since the engine's last landed pass (`builtin-eval-4`): `eval:ai` measures
 * them with the rest, and the regression test of the tuned lists (bias.test.ts) leaves them out until
 * a landed pass has worked on them (decision 014, "A fifth pass, measured blind and not landed").
 */
export const NOT_YET_TUNED: ReadonlySet<string> = new Set(['bias-dev-10']);

/** The labelled sets, written and graded by people, that measure the engine (`npm run eval:ai`). */
export const loadDataset = () => ({
  answers: load('answers.json', answerGroups),
  jobs: load('jobs.json', jobs),
  swaps: load('swaps.json', swaps),
  bias: load('bias-questions.json', biasQuestions),
  /** Written separately; measured blind once, then used to find general weaknesses. */
  holdout: {
    answers: load('holdout/answers.json', answerGroups),
    bias: load('holdout/bias-questions.json', biasQuestions),
  },
  /**
   * Written as held-out sets by people who never saw the engine, measured blind, then read while
   * tuning over several sessions: development data since 2026-11-24 (decision 014, "Parts").
   * held-out-5 was measured blind twice (before and after the sixth session's changes) and joined
   * the development data in the seventh session.
   */
  readHeldOut: {
    answers: [...load('holdout-2/answers.json', answerGroups), ...load('held-out-5/answers.json', answerGroups)],
    interviews: [...load('held-out/interviews.json', interviewSets), ...load('held-out-5/interviews.json', interviewSets)],
    bias: [
      { name: 'holdout-2', ...load('holdout-2/bias-questions.json', biasQuestions) },
      { name: 'held-out', ...load('held-out/bias-questions.json', biasQuestions) },
      { name: 'held-out-4', ...load('held-out-4/bias-questions.json', biasQuestions) },
      { name: 'held-out-5', ...load('held-out-5/bias-questions.json', biasQuestions) },
    ],
  },
  /** Whole interviews (issue 11): a job's rubric and questions answered strongly, adequately and weakly. */
  interviews: load('interviews.json', interviewSets),
  /**
   * Unlawful questions in many phrasings and lawful neighbours, written to develop the bias check's
   * concepts: each list was first measured untouched, then used (decision 014). `held-out-3` was
   * written as a blind list and measured blind once on 2026-11-24 (recall 84.8 %, false alarms
   * 5.0 %); its misses were then read, so it is development data from then on.
   */
  biasDev: BIAS_DEV.map((dir) => ({ name: dir, ...load(`${dir}/bias-questions.json`, biasQuestions) })),
});

/** The folders whose files are measured blind (`loadHeldOut`, `loadDrafting`, `loadCriteria`): no test or engine code reads them. */
export const BLIND_DIRS: readonly string[] = ['held-out-3', 'held-out-6', 'held-out-7', 'drafting-held-out', 'criteria-held-out'];

/** The blind sets, in the order they were written; a file not written yet is left out (see `loadHeldOut`). */
const HELD_OUT_INTERVIEWS = ['held-out-3/interviews.json', 'held-out-6/interviews.json', 'held-out-7/interviews.json'] as const;
const HELD_OUT_ANSWERS = ['held-out-6/answers.json', 'held-out-7/answers.json'] as const;
const HELD_OUT_BIAS = ['held-out-6/bias-questions.json', 'held-out-7/bias-questions.json'] as const;

/** Loads each file that exists; the eval names what it read, so a missing file is not silent. */
const loadExisting = <T>(files: readonly string[], schema: z.ZodType<T[]>) => {
  const present = files.filter((file) => existsSync(path.join(dataDir, file)));
  return { files: present, items: present.flatMap((file) => load(file, schema)) };
};

/**
 * The held-out part of `npm run eval:ai`: written by people who never saw the engine, its scorer's
 * fit or the other sets, and never looked at while tuning it (docs/decisions/014-score-scale-and-anchors.md,
 * "Parts"). Only the eval script reads it (no test, nothing under ai/builtin), and it prints no
 * misses for this part, so its figures stay blind. Nothing here depends on what the files say.
 * - held-out-3: ten whole interviews in trades not covered elsewhere, written 2026-11-24.
 * - held-out-6: whole interviews, single questions and a bias list in the formats of held-out-5,
 *   written 2026-11-24 (seventh session) by writers who read neither the engine nor any other set.
 * - held-out-7: the same formats, written in the eighth session the same way (24 single questions,
 *   8 whole interviews, 150 unlawful and 150 lawful questions; every answer 61-90 words).
 * Each file is read once it exists.
 */
/**
 * The drafting sets: `dev` is read while working on the drafter; `dev2` too, written later (2026-11-29,
 * 25 other jobs in other posting styles, by a writer who read neither the engine nor the blind set);
 * `dev3` likewise (2026-11-29, 20 more jobs in 19 industries, measured first and then worked on);
 * `heldOut` is measured blind (no text of it is ever printed).
 */
export const loadDrafting = () => ({
  dev: existsSync(path.join(dataDir, 'drafting-dev/jobs.json')) ? load('drafting-dev/jobs.json', draftingJobs) : [],
  dev2: existsSync(path.join(dataDir, 'drafting-dev-2/jobs.json')) ? load('drafting-dev-2/jobs.json', draftingJobs) : [],
  dev3: existsSync(path.join(dataDir, 'drafting-dev-3/jobs.json')) ? load('drafting-dev-3/jobs.json', draftingJobs) : [],
  heldOut: existsSync(path.join(dataDir, 'drafting-held-out/jobs.json')) ? load('drafting-held-out/jobs.json', draftingJobs) : [],
});

const redFlagAnswers = z.array(
  z.object({
    id: z.string(),
    job: z.string(),
    question: z.string(),
    answer: z.string(),
    redFlag: z.object({ kind: z.enum(['rule_breaking', 'unsafe', 'licence', 'hostility']), quote: z.string() }).nullable(),
  }),
);
export type RedFlagAnswer = z.infer<typeof redFlagAnswers>[number];

/**
 * Single answers for "Worth checking" (issue 31, item 4), written 2026-11-29 by a helper who read
 * neither the detector nor any other set: 90 with a red flag in varied spoken wording, 70 without
 * (many using the same words the right way). Measured first, then worked on: development data.
 */
export const loadRedFlags = (): RedFlagAnswer[] => (existsSync(path.join(dataDir, 'red-flags-dev/red-flags.json')) ? load('red-flags-dev/red-flags.json', redFlagAnswers) : []);

/** The per-criterion sets: `dev` is read while working on the scorer; `heldOut` is measured blind (nothing of it is printed but figures). */
export const loadCriteria = () => ({
  dev: existsSync(path.join(dataDir, 'criteria-dev/interviews.json')) ? load('criteria-dev/interviews.json', criteriaInterviews) : [],
  heldOut: existsSync(path.join(dataDir, 'criteria-held-out/interviews.json')) ? load('criteria-held-out/interviews.json', criteriaInterviews) : [],
});

export const loadHeldOut = () => {
  const answers = loadExisting(HELD_OUT_ANSWERS, answerGroups);
  const interviews = loadExisting(HELD_OUT_INTERVIEWS, interviewSets);
  const bias = HELD_OUT_BIAS.filter((file) => existsSync(path.join(dataDir, file))).map((file) => ({ file, ...load(file, biasQuestions) }));
  return {
    files: [...interviews.files, ...answers.files, ...bias.map((b) => b.file)],
    answers: answers.items,
    interviews: interviews.items,
    bias,
  };
};
