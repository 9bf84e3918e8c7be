import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { copyTitle, JOB_HAS_INTERVIEWS, type UpdateJobInput } from '../../../contracts/jobs';
import type { Db } from '../../db/client';
import { interviews, jobs } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { getOwnJob } from './jobs.service';

// A job's life after creation (issue 16, docs/decisions/029-job-lifecycle-and-templates.md): its
// details edited, closed and reopened, duplicated, or deleted while nothing hangs on it.

type JobRow = typeof jobs.$inferSelect;

const JOB_NOT_FOUND = 'Job not found';
const ownJob = (user: SessionUser, id: number) => and(eq(jobs.id, id), eq(jobs.companyId, user.companyId));

/** A new title, description or both; counts as activity, like saving questions. */
export async function updateJobDetails(db: Db, user: SessionUser, id: number, input: UpdateJobInput): Promise<JobRow> {
  const [row] = await db
    .update(jobs)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      lastActivity: new Date(),
    })
    .where(ownJob(user, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  return row;
}

/**
 * Closes (`closed`) or reopens the job. Idempotent: closing a closed job keeps the time it was
 * first closed, and only a change of state is written to the audit log. Nothing else changes: its
 * interviews, reports and links stay; what a closed job refuses is decided where candidates and
 * invitations are handled.
 */
export async function setJobClosed(db: Db, user: SessionUser, id: number, closed: boolean, now: Date): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(jobs)
      .set({ closedAt: closed ? now : null })
      .where(and(ownJob(user, id), closed ? isNull(jobs.closedAt) : isNotNull(jobs.closedAt)))
      .returning();
    if (changed) {
      await recordAudit(tx, { action: closed ? 'job_closed' : 'job_reopened', ...auditActor(user), subject: `job:${id}` });
      return changed;
    }
    const [row] = await tx.select().from(jobs).where(ownJob(user, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
    return row;
  });
}

/**
 * Deletes a job that has no interviews (interviews would go with it: the foreign key cascades). The
 * job's row is locked first, so an interview being added at the same moment either is seen here
 * (409) or waits and then finds no job.
 */
export async function deleteJob(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: jobs.id }).from(jobs).where(ownJob(user, id)).limit(1).for('update');
    if (!row) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
    const [used] = await tx.select({ id: interviews.id }).from(interviews).where(eq(interviews.jobId, id)).limit(1);
    if (used) throw new AppError('JOB_HAS_INTERVIEWS', JOB_HAS_INTERVIEWS);
    await tx.delete(jobs).where(eq(jobs.id, id));
    await recordAudit(tx, { action: 'job_deleted', ...auditActor(user), subject: `job:${id}` });
  });
}

/** A new open job, 'Copy of {title}', with the same description, questions, rubric, video and answer settings; no interviews. */
export async function duplicateJob(db: Db, user: SessionUser, id: number): Promise<JobRow> {
  const source = await getOwnJob(db, user, id);
  const [row] = await db
    .insert(jobs)
    .values({
      companyId: user.companyId,
      userId: user.id,
      title: copyTitle(source.title),
      description: source.description,
      questions: source.questions,
      rubric: source.rubric,
      videoRecording: source.videoRecording,
      autoEndAnswers: source.autoEndAnswers,
      answerPauseMs: source.answerPauseMs,
      thinkingTimeMs: source.thinkingTimeMs,
      lastActivity: new Date(),
    })
    .returning();
  return row!;
}
