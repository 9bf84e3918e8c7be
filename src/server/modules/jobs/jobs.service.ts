import { and, desc, eq, sql } from 'drizzle-orm';
import type { RubricCriterion } from '../../../contracts/ai';
import { cleanQuestions, cleanRubric, CRITERIA_REQUIRED, QUESTIONS_REQUIRED, type Job, type JobListItem } from '../../../contracts/jobs';
import type { AiEngine } from '../../ai/engine';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';

type JobRow = typeof jobs.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function toJob(row: JobRow, ai: AiEngine): Promise<Job> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    questions: row.questions,
    rubric: row.rubric ?? null,
    videoRecording: row.videoRecording,
    createdAt: row.createdAt.toISOString(),
    lastActivity: iso(row.lastActivity),
    num_of_interviews: row.numOfInterviews,
    biasFlags: await ai.checkQuestions(row.questions),
  };
}

export async function listJobs(db: Db, user: SessionUser): Promise<JobListItem[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.companyId, user.companyId))
    .orderBy(sql`${jobs.lastActivity} desc nulls last`, desc(jobs.createdAt), desc(jobs.id));
  return rows.map((r) => ({ id: r.id, title: r.title, num_of_interviews: r.numOfInterviews, lastActivity: iso(r.lastActivity), createdAt: r.createdAt.toISOString() }));
}

/** The company's job, or 404 for any other id (no enumeration across companies). */
export async function getOwnJob(db: Db, user: SessionUser, id: number): Promise<JobRow> {
  const [row] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.companyId, user.companyId))).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Job not found');
  return row;
}

export async function createJob(
  deps: { db: Db; ai: AiEngine },
  user: SessionUser,
  input: { title: string; description: string; skills?: string; questions?: string[]; rubric?: RubricCriterion[]; videoRecording?: boolean },
): Promise<JobRow> {
  // Questions and rubric the recruiter sent are kept; whatever is missing the AI drafts.
  const given = { questions: cleanQuestions(input.questions ?? []), rubric: cleanRubric(input.rubric ?? []) };
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
      videoRecording: input.videoRecording ?? true,
      lastActivity: new Date(),
    })
    .returning();
  return row!;
}

export async function updateQuestions(db: Db, user: SessionUser, id: number, questions: string[]): Promise<JobRow> {
  await getOwnJob(db, user, id);
  const cleaned = cleanQuestions(questions);
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', QUESTIONS_REQUIRED);
  const [row] = await db.update(jobs).set({ questions: cleaned, lastActivity: new Date() }).where(eq(jobs.id, id)).returning();
  return row!;
}

export async function updateRubric(db: Db, user: SessionUser, id: number, rubric: RubricCriterion[]): Promise<JobRow> {
  await getOwnJob(db, user, id);
  const cleaned = cleanRubric(rubric);
  if (cleaned.length === 0) throw new AppError('VALIDATION_FAILED', CRITERIA_REQUIRED);
  const [row] = await db.update(jobs).set({ rubric: cleaned, lastActivity: new Date() }).where(eq(jobs.id, id)).returning();
  return row!;
}
