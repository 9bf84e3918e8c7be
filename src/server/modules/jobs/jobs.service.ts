import { and, eq, sql } from 'drizzle-orm';
import type { RubricCriterion } from '../../../contracts/ai';
import { cleanQuestions, cleanRubric, CRITERIA_REQUIRED, QUESTIONS_REQUIRED, type Answering, type Job, type JobListItem } from '../../../contracts/jobs';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import { isoText, jsonRows } from '../../db/json-rows';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { SESSION_CONDITION, type SessionCheck, type SessionUser } from '../auth/session';
import { preparedPerDb } from '../prepared';
import { getOwnTemplate } from '../templates/templates.service';

type JobRow = typeof jobs.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The job's answer settings as the contract names them. */
export const answeringOf = (row: Pick<JobRow, 'autoEndAnswers' | 'answerPauseMs' | 'thinkingTimeMs'>): Answering => ({
  autoEnd: row.autoEndAnswers,
  pauseMs: row.answerPauseMs,
  thinkingMs: row.thinkingTimeMs,
});

export async function toJob(row: JobRow, ai: AiEngine): Promise<Job> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    questions: row.questions,
    rubric: row.rubric ?? null,
    videoRecording: row.videoRecording,
    answering: answeringOf(row),
    createdAt: row.createdAt.toISOString(),
    lastActivity: iso(row.lastActivity),
    num_of_interviews: row.numOfInterviews,
    closedAt: iso(row.closedAt),
    biasFlags: await ai.checkQuestions(row.questions),
  };
}

// The hot reads, prepared; each with and without the check of a cached session (readAsUser).
const byCompany = (checked: boolean) => and(eq(jobs.companyId, sql.placeholder('companyId')), checked ? SESSION_CONDITION : undefined);
const ownJob = (checked: boolean) => and(eq(jobs.id, sql.placeholder('id')), byCompany(checked));

const listQueries = [false, true].map((checked) =>
  preparedPerDb((db) =>
    db
      // Only the columns the list shows (description and the jsonb questions and rubric were most of
      // the decoding), as one JSON array in the response's own shape. Open jobs first (decision 029).
      .select({
        rows: jsonRows<JobListItem>(
          {
            id: jobs.id,
            title: jobs.title,
            num_of_interviews: jobs.numOfInterviews,
            lastActivity: isoText(jobs.lastActivity),
            createdAt: isoText(jobs.createdAt),
            closedAt: isoText(jobs.closedAt),
          },
          sql`${jobs.closedAt} is not null, ${jobs.lastActivity} desc nulls last, ${jobs.createdAt} desc, ${jobs.id} desc`,
        ),
      })
      .from(jobs)
      .where(byCompany(checked))
      .prepare(checked ? 'list_jobs_checked' : 'list_jobs'),
  ),
);
const ownJobQueries = [false, true].map((checked) =>
  preparedPerDb((db) =>
    db
      .select()
      .from(jobs)
      .where(ownJob(checked))
      .limit(1)
      .prepare(checked ? 'own_job_checked' : 'own_job'),
  ),
);
const ownJobIdQueries = [false, true].map((checked) =>
  preparedPerDb((db) =>
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(ownJob(checked))
      .limit(1)
      .prepare(checked ? 'own_job_id_checked' : 'own_job_id'),
  ),
);

/** `check`: a cached session to prove in the same statement (readAsUser). */
export async function listJobs(db: Db, user: SessionUser, check?: SessionCheck | null): Promise<JobListItem[]> {
  const { rows } = (await listQueries[check ? 1 : 0]!(db).execute({ companyId: user.companyId, ...check?.params }))[0]!;
  if (rows.length > 0) check?.confirm();
  return rows;
}

/** The company's job, or 404 for any other id (no enumeration across companies). */
export async function getOwnJob(db: Db, user: SessionUser, id: number, check?: SessionCheck | null): Promise<JobRow> {
  const [row] = await ownJobQueries[check ? 1 : 0]!(db).execute({ id, companyId: user.companyId, ...check?.params });
  if (!row) throw new AppError('NOT_FOUND', 'Job not found');
  check?.confirm();
  return row;
}

/** Like getOwnJob when only ownership matters: reads the id alone. */
export async function requireOwnJob(db: Db, user: SessionUser, id: number, check?: SessionCheck | null): Promise<void> {
  const [row] = await ownJobIdQueries[check ? 1 : 0]!(db).execute({ id, companyId: user.companyId, ...check?.params });
  if (!row) throw new AppError('NOT_FOUND', 'Job not found');
  check?.confirm();
}

export async function createJob(
  deps: { db: Db; ai: AiEngine },
  user: SessionUser,
  input: { title: string; description: string; skills?: string; questions?: string[]; rubric?: RubricCriterion[]; videoRecording?: boolean; templateId?: number },
): Promise<JobRow> {
  // Questions and rubric the recruiter sent are kept, else the template's; whatever is missing the AI drafts.
  const template = input.templateId === undefined ? null : await getOwnTemplate(deps.db, user.companyId, input.templateId);
  const given = {
    questions: cleanQuestions(input.questions ?? template?.questions ?? []),
    rubric: cleanRubric(input.rubric ?? template?.rubric ?? []),
  };
  const plan = given.questions.length && given.rubric.length ? null : await deps.ai.planInterview({ title: input.title, description: input.description, skills: input.skills });
  const [row] = await deps.db
    .insert(jobs)
    .values({
      companyId: user.companyId,
      userId: user.id,
      title: input.title,
      description: input.description,
      questions: given.questions.length ? given.questions : plan!.questions,
      rubric: given.rubric.length ? given.rubric : plan!.rubric,
      videoRecording: input.videoRecording ?? template?.videoRecording ?? true,
      lastActivity: new Date(),
    })
    .returning();
  return row!;
}

export async function updateQuestions(db: Db, user: SessionUser, id: number, questions: string[]): Promise<JobRow> {
  await requireOwnJob(db, user, id);
  const cleaned = cleanQuestions(questions);
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', QUESTIONS_REQUIRED);
  const [row] = await db.update(jobs).set({ questions: cleaned, lastActivity: new Date() }).where(eq(jobs.id, id)).returning();
  return row!;
}

export async function updateAnswering(db: Db, user: SessionUser, id: number, answering: Answering): Promise<JobRow> {
  await requireOwnJob(db, user, id);
  const [row] = await db
    .update(jobs)
    .set({ autoEndAnswers: answering.autoEnd, answerPauseMs: answering.pauseMs, thinkingTimeMs: answering.thinkingMs, lastActivity: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}

export async function updateRubric(db: Db, user: SessionUser, id: number, rubric: RubricCriterion[]): Promise<JobRow> {
  await requireOwnJob(db, user, id);
  const cleaned = cleanRubric(rubric);
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', CRITERIA_REQUIRED);
  const [row] = await db.update(jobs).set({ rubric: cleaned, lastActivity: new Date() }).where(eq(jobs.id, id)).returning();
  return row!;
}
