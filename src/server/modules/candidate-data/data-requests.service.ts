import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DataRequestItem, DeletionRequestReceipt } from '../../../contracts/candidate-data';
import { DELETION_REQUEST_DAYS } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { companies, dataRequests, interviews, jobs } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { CandidateAccess } from '../../plugins/access';
import type { Notifications } from '../notifications/notifier';
import { eraseInterview, type CandidateDataDeps } from './candidate-data.service';

const DAY_MS = 24 * 60 * 60_000;

const receipt = (row: typeof dataRequests.$inferSelect): DeletionRequestReceipt => ({
  requestedAt: row.requestedAt.toISOString(),
  dueAt: row.dueAt.toISOString(),
  status: row.status,
});

function ownLink(candidate: CandidateAccess | null, interviewId: number): CandidateAccess {
  if (!candidate) throw new AppError('UNAUTHENTICATED', 'Only the candidate can ask for their data to be deleted, from their interview link');
  if (candidate.interviewId !== interviewId) throw new AppError('NOT_FOUND', 'Interview not found');
  return candidate;
}

/**
 * The candidate asks, from their link, for their data to be deleted: recorded once with its
 * deadline (30 days), shown in the company's inbox, carried out by then (decision 021), and the
 * members who want candidate requests are emailed (decision 031). Asking again answers the same
 * request.
 */
export async function requestDeletion(
  db: Db,
  candidate: CandidateAccess | null,
  interviewId: number,
  now = new Date(),
  notifications?: Notifications,
): Promise<{ created: boolean; receipt: DeletionRequestReceipt }> {
  const link = ownLink(candidate, interviewId);
  const result = await db.transaction(async (tx) => {
    const [job] = await tx.select({ companyId: jobs.companyId }).from(jobs).where(eq(jobs.id, link.jobId));
    if (!job) throw new AppError('NOT_FOUND', 'Interview not found');
    const [created] = await tx
      .insert(dataRequests)
      .values({ companyId: job.companyId, interviewId, kind: 'deletion', requestedAt: now, dueAt: new Date(now.getTime() + DELETION_REQUEST_DAYS * DAY_MS) })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordAudit(tx, { action: 'deletion_requested', companyId: job.companyId, subject: `interview:${interviewId}` });
      await notifications?.notify(tx, { kind: 'candidate_request', dataRequestId: created.id });
      return { created: true, receipt: receipt(created) };
    }
    const [existing] = await tx.select().from(dataRequests).where(and(eq(dataRequests.interviewId, interviewId), eq(dataRequests.kind, 'deletion')));
    return { created: false, receipt: receipt(existing!) };
  });
  if (result.created) await notifications?.deliver();
  return result;
}

export async function deletionRequestOf(db: Db, candidate: CandidateAccess | null, interviewId: number): Promise<DeletionRequestReceipt> {
  ownLink(candidate, interviewId);
  const [row] = await db.select().from(dataRequests).where(and(eq(dataRequests.interviewId, interviewId), eq(dataRequests.kind, 'deletion')));
  if (!row) throw new AppError('NOT_FOUND', 'No deletion has been requested for this interview');
  return receipt(row);
}

/** The company's inbox: open and held requests first, soonest deadline first, then the completed ones. */
export async function listDataRequests(db: Db, companyId: number): Promise<DataRequestItem[]> {
  const rows = await db
    .select({ request: dataRequests, candidateName: interviews.candidateName, legalHold: interviews.legalHold, jobId: jobs.id, jobTitle: jobs.title })
    .from(dataRequests)
    .leftJoin(interviews, eq(interviews.id, dataRequests.interviewId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(dataRequests.companyId, companyId))
    .orderBy(sql`case ${dataRequests.status} when 'completed' then 1 else 0 end`, asc(dataRequests.dueAt));
  return rows.map(({ request, candidateName, legalHold, jobId, jobTitle }) => ({
    id: request.id,
    kind: request.kind,
    status: request.status,
    interviewId: request.interviewId,
    jobId,
    jobTitle,
    candidateName: candidateName ?? 'Deleted candidate',
    legalHold: legalHold ?? false,
    requestedAt: request.requestedAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    completedAt: request.completedAt?.toISOString() ?? null,
  }));
}

export const HELD_NOTICE_SUBJECT = 'Your request to delete your interview data';

/**
 * Requests whose deadline has come: carried out, or, under a legal hold, marked held and the
 * candidate told once why (the hold is checked again every day; lifted, the deletion follows).
 */
export async function carryOutDueRequests(deps: CandidateDataDeps & { mailer: Mailer }, now: Date): Promise<{ completed: number; held: number; failed: number }> {
  const due = await deps.db
    .select({ request: dataRequests, interview: interviews, companyName: companies.name })
    .from(dataRequests)
    .innerJoin(interviews, eq(interviews.id, dataRequests.interviewId))
    .innerJoin(companies, eq(companies.id, dataRequests.companyId))
    .where(and(inArray(dataRequests.status, ['open', 'held']), lte(dataRequests.dueAt, now)));
  const result = { completed: 0, held: 0, failed: 0 };
  for (const { request, interview, companyName } of due) {
    if (!interview.legalHold) {
      // One that cannot be carried out now is counted and tried again by the next run; the others go ahead.
      await eraseInterview(deps, interview.id, 'candidate_request', { userId: null, companyId: request.companyId }).then(
        () => result.completed++,
        () => result.failed++,
      );
      continue;
    }
    result.held++;
    if (request.heldNoticeAt) continue;
    await deps.db.transaction(async (tx) => {
      await tx.update(dataRequests).set({ status: 'held', heldNoticeAt: now }).where(eq(dataRequests.id, request.id));
      await deps.mailer.enqueue(tx, {
        kind: 'deletion_held',
        to: interview.email,
        subject: HELD_NOTICE_SUBJECT,
        body: [
          `Dear ${interview.candidateName},`,
          '',
          `You asked ${companyName} to delete the data of your interview. ${companyName} must keep it for now because of a legal hold: a legal obligation (such as a claim, an investigation or a court order) requires the records to be preserved.`,
          '',
          'Your data is not used for anything else while the hold lasts, and it will be deleted as soon as the hold ends. You do not need to ask again.',
        ].join('\n'),
        companyId: request.companyId,
        interviewId: interview.id,
      });
    });
  }
  if (result.held) await deps.mailer.deliverPending();
  return result;
}
