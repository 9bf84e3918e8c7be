import { z } from 'zod';
import { idField } from './ids';
import { rubricCriterion } from './ai';

/**
 * A company's interview templates (issue 16, docs/decisions/029-job-lifecycle-and-templates.md):
 * a job's title, description, questions, rubric and video setting saved under a name, to start new
 * jobs from (POST /api/job with `templateId`).
 */

export const TEMPLATE_NAME_MAX = 100;

export const templateName = z
  .string()
  .trim()
  .min(1, 'Template name is required')
  .max(TEMPLATE_NAME_MAX, `Template name must be at most ${TEMPLATE_NAME_MAX} characters`);

/** POST /api/templates: save this job of the company as a template. */
export const saveTemplateInput = z.object({
  jobId: idField('jobId'),
  name: templateName,
});
export type SaveTemplateInput = z.input<typeof saveTemplateInput>;

/** One row of GET /api/templates (ordered by name). */
export const templateListItem = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  questionCount: z.number(),
  createdAt: z.string(),
});
export type TemplateListItem = z.infer<typeof templateListItem>;

/** GET /api/templates/{id}: what a job started from it gets. */
export const jobTemplate = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(z.string()),
  rubric: z.array(rubricCriterion).nullable(),
  videoRecording: z.boolean(),
  createdAt: z.string(),
});
export type JobTemplate = z.infer<typeof jobTemplate>;

/** A second template of the same name in the company (names are unique regardless of case). */
export const templateNameTaken = (name: string) => `A template named "${name}" already exists. Choose another name.`;
