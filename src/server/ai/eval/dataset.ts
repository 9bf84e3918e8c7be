import { readFileSync } from 'node:fs';
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

const load = <T>(file: string, schema: z.ZodType<T>): T => schema.parse(JSON.parse(readFileSync(path.join(dataDir, file), 'utf8')));

export type AnswerGroup = z.infer<typeof answerGroups>[number];
export type BiasQuestions = z.infer<typeof biasQuestions>;

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
  /** Written separately after the engine was tuned, and never used to change it. */
  blind: {
    answers: load('holdout-2/answers.json', answerGroups),
    bias: load('holdout-2/bias-questions.json', biasQuestions),
  },
});
