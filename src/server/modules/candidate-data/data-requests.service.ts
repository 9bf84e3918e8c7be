import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DataRequestItem, DeletionRequestReceipt } from '../../../contracts/candidate-data';
import { DELETION_REQUEST_DAYS } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { companies, dataRequests, interviews, jobs, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { CandidateAccess } from '../../plugins/access';
import type { Notifications } from '../notifications/notifier';
import { DELETED_NAME, eraseInterview, erasePhoneCandidate, type CandidateDataDeps } from './candidate-data.service';
import { sameToken } from '../../lib/tokens';

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


const CALL_LINK_ONLY = 'Only the candidate can ask for their data to be deleted, from their call link';
const CALL_LINK_INVALID = 'This call link is invalid or has expired';

/**
 * A phone screening candidate's own request, from their call link (the token is the access, as on
 * the call page; a recruiter's session is not). The candidate's row is locked first, so a deletion
 * under way finishes before (and the link then no longer works) or waits for the request and
 * completes it.
 */
export async function requestPhoneDeletion(
  db: Db,
  token: string | null,
  candidateId: number,
  now = new Date(),
  notifications?: Notifications,
): Promise<{ created: boolean; receipt: DeletionRequestReceipt }> {
  if (!token) throw new AppError('UNAUTHENTICATED', CALL_LINK_ONLY);
  const result = await db.transaction(async (tx) => {
    const [candidate] = await tx
      .select({ token: phoneScreeningCandidates.candidateToken, companyId: phoneScreenings.companyId })
      .from(phoneScreeningCandidates)
      .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
      .where(eq(phoneScreeningCandidates.id, candidateId))
      .for('update', { of: phoneScreeningCandidates });
    if (!candidate || !sameToken(token, candidate.token)) throw new AppError('UNAUTHENTICATED', CALL_LINK_INVALID);
    const [created] = await tx
      .insert(dataRequests)
      .values({ companyId: candidate.companyId, phoneCandidateId: candidateId, kind: 'deletion', requestedAt: now, dueAt: new Date(now.getTime() + DELETION_REQUEST_DAYS * DAY_MS) })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await recordAudit(tx, { action: 'deletion_requested', companyId: candidate.companyId, subject: `phone_candidate:${candidateId}` });
      await notifications?.notify(tx, { kind: 'candidate_request', dataRequestId: created.id });
      return { created: true, receipt: receipt(created) };
    }
    const [existing] = await tx.select().from(dataRequests).where(and(eq(dataRequests.phoneCandidateId, candidateId), eq(dataRequests.kind, 'deletion')));
    return { created: false, receipt: receipt(existing!) };
  });
  if (result.created) await notifications?.deliver();
  return result;
}

/** The call link's view of its candidate's request; 404 when none was made. */
export async function phoneDeletionRequestOf(db: Db, token: string | null, candidateId: number): Promise<DeletionRequestReceipt> {
  if (!token) throw new AppError('UNAUTHENTICATED', CALL_LINK_ONLY);
  const [row] = await db
    .select({ token: phoneScreeningCandidates.candidateToken, request: dataRequests })
    .from(phoneScreeningCandidates)
    .leftJoin(dataRequests, and(eq(dataRequests.phoneCandidateId, phoneScreeningCandidates.id), eq(dataRequests.kind, 'deletion')))
    .where(eq(phoneScreeningCandidates.id, candidateId));
  if (!row || !sameToken(token, row.token)) throw new AppError('UNAUTHENTICATED', CALL_LINK_INVALID);
  if (!row.request) throw new AppError('NOT_FOUND', 'No deletion has been requested for this screening call');
  return receipt(row.request);
}

/** The company's inbox, interviews' and phone candidates' requests: open and held first, soonest deadline first, then the completed ones. */
export async function listDataRequests(db: Db, companyId: number): Promise<DataRequestItem[]> {
  const rows = await db
    .select({
      request: dataRequests,
      interviewName: interviews.candidateName,
      interviewHold: interviews.legalHold,
      jobId: jobs.id,
      jobTitle: jobs.title,
      phoneName: phoneScreeningCandidates.candidateName,
      phoneHold: phoneScreeningCandidates.legalHold,
      screeningId: phoneScreenings.id,
      screeningTitle: phoneScreenings.jobTitle,
    })
    .from(dataRequests)
    .leftJoin(interviews, eq(interviews.id, dataRequests.interviewId))
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(phoneScreeningCandidates, eq(phoneScreeningCandidates.id, dataRequests.phoneCandidateId))
    .leftJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(eq(dataRequests.companyId, companyId))
    .orderBy(sql`case ${dataRequests.status} when 'completed' then 1 else 0 end`, asc(dataRequests.dueAt), asc(dataRequests.id));
  return rows.map((row) => {
    const { request } = row;
    const isPhone = request.phoneCandidateId !== null;
    return {
      id: request.id,
      kind: request.kind,
      status: request.status,
      interviewId: request.interviewId,
      jobId: row.jobId,
      phoneCandidateId: request.phoneCandidateId,
      screeningId: row.screeningId,
      jobTitle: isPhone ? row.screeningTitle : row.jobTitle,
      candidateName: (isPhone ? row.phoneName : row.interviewName) ?? DELETED_NAME,
      legalHold: (isPhone ? row.phoneHold : row.interviewHold) ?? false,
      requestedAt: request.requestedAt.toISOString(),
      dueAt: request.dueAt.toISOString(),
      completedAt: request.completedAt?.toISOString() ?? null,
    };
  });
}

export const HELD_NOTICE_SUBJECT = 'Your request to delete your interview data';

/**
 * Requests whose deadline has come: carried out, or, under a legal hold, marked held and the
 * candidate told once why (the hold is checked again every day; lifted, the deletion follows). A
 * video interview's candidate is emailed; a phone screening candidate has no address, so their call
 * link's page says it (the receipt's status is `held`).
 */
export async function carryOutDueRequests(deps: CandidateDataDeps & { mailer: Mailer }, now: Date): Promise<{ completed: number; held: number; failed: number }> {
  const isDue = and(inArray(dataRequests.status, ['open', 'held']), lte(dataRequests.dueAt, now));
  const dueInterviews = await deps.db
    .select({ request: dataRequests, interview: interviews, companyName: companies.name })
    .from(dataRequests)
    .innerJoin(interviews, eq(interviews.id, dataRequests.interviewId))
    .innerJoin(companies, eq(companies.id, dataRequests.companyId))
    .where(isDue);
  const duePhoneCandidates = await deps.db
    .select({ request: dataRequests, candidateId: phoneScreeningCandidates.id, legalHold: phoneScreeningCandidates.legalHold })
    .from(dataRequests)
    .innerJoin(phoneScreeningCandidates, eq(phoneScreeningCandidates.id, dataRequests.phoneCandidateId))
    .where(isDue);
  const result = { completed: 0, held: 0, failed: 0 };
  // One that cannot be carried out now is counted and tried again by the next run; the others go ahead.
  const carryOut = async (request: typeof dataRequests.$inferSelect, erase: (by: { userId: null; companyId: number }) => Promise<boolean>) => {
    try {
      // Nothing left to delete (deleted meanwhile): the request is done all the same.
      if (!(await erase({ userId: null, companyId: request.companyId }))) {
        await deps.db.update(dataRequests).set({ status: 'completed', completedAt: now }).where(and(eq(dataRequests.id, request.id), ne(dataRequests.status, 'completed')));
      }
      result.completed++;
    } catch {
      result.failed++;
    }
  };

  for (const { request, interview, companyName } of dueInterviews) {
    if (!interview.legalHold) {
      await carryOut(request, (by) => eraseInterview(deps, interview.id, 'candidate_request', by));
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

  for (const { request, candidateId, legalHold } of duePhoneCandidates) {
    if (!legalHold) {
      await carryOut(request, (by) => erasePhoneCandidate(deps, candidateId, 'candidate_request', by));
      continue;
    }
    result.held++;
    if (request.heldNoticeAt) continue;
    // No address to write to: from now on the call link's page says the request is held, and why.
    await deps.db.update(dataRequests).set({ status: 'held', heldNoticeAt: now }).where(eq(dataRequests.id, request.id));
  }
  if (result.held) await deps.mailer.deliverPending();
  return result;
}
