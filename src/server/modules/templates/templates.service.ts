import { and, asc, eq, sql } from 'drizzle-orm';
import { templateNameTaken, type JobTemplate, type TemplateListItem } from '../../../contracts/templates';
import type { Db, Tx } from '../../db/client';
import { jobs, jobTemplates } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';

type TemplateRow = typeof jobTemplates.$inferSelect;

const TEMPLATE_NOT_FOUND = 'Template not found';

const ownTemplate = (companyId: number, id: number) => and(eq(jobTemplates.id, id), eq(jobTemplates.companyId, companyId));

function toTemplate(row: TemplateRow): JobTemplate {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    questions: row.questions,
    rubric: row.rubric ?? null,
    videoRecording: row.videoRecording,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's templates by name, without their descriptions, questions and rubrics. */
export async function listTemplates(db: Db, user: SessionUser): Promise<TemplateListItem[]> {
  const rows = await db
    .select({
      id: jobTemplates.id,
      name: jobTemplates.name,
      title: jobTemplates.title,
      questionCount: sql<number>`jsonb_array_length(${jobTemplates.questions})`.mapWith(Number),
      createdAt: jobTemplates.createdAt,
    })
    .from(jobTemplates)
    .where(eq(jobTemplates.companyId, user.companyId))
    .orderBy(asc(sql`lower(${jobTemplates.name})`), asc(jobTemplates.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The company's template, or 404 for any other id (no enumeration across companies). */
export async function getOwnTemplate(db: Db | Tx, companyId: number, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(jobTemplates).where(ownTemplate(companyId, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return row;
}

export async function getTemplate(db: Db, user: SessionUser, id: number): Promise<JobTemplate> {
  return toTemplate(await getOwnTemplate(db, user.companyId, id));
}

/**
 * Saves a copy of the job's title, description, questions, rubric and video setting under `name`.
 * Later edits of the job do not change the template. A name the company already uses (in any case)
 * answers 409; the unique index decides, so two saves at once cannot both win.
 */
export async function saveTemplate(db: Db, user: SessionUser, input: { jobId: number; name: string }): Promise<TemplateListItem> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, input.jobId), eq(jobs.companyId, user.companyId)))
      .limit(1);
    if (!job) throw new AppError('NOT_FOUND', 'Job not found');
    const [row] = await tx
      .insert(jobTemplates)
      .values({
        companyId: user.companyId,
        name: input.name,
        title: job.title,
        description: job.description,
        questions: job.questions,
        rubric: job.rubric,
        videoRecording: job.videoRecording,
        createdBy: user.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('NAME_TAKEN', templateNameTaken(input.name));
    await recordAudit(tx, { action: 'template_saved', ...auditActor(user), subject: `job:${job.id}`, details: { templateId: row.id } });
    return { id: row.id, name: row.name, title: row.title, questionCount: row.questions.length, createdAt: row.createdAt.toISOString() };
  });
}

/** Deletes the company's template; jobs started from it keep what they copied. */
export async function deleteTemplate(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(jobTemplates).where(ownTemplate(user.companyId, id)).returning({ id: jobTemplates.id });
    if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    await recordAudit(tx, { action: 'template_deleted', ...auditActor(user), details: { templateId: row.id } });
  });
}
