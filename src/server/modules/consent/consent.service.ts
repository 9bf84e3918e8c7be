import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  AlternativeRequest,
  AlternativeRequestItem,
  CandidateNoticeView,
  ConsentRecord,
  InterviewConsentView,
} from '../../../contracts/consent';
import { ALTERNATIVE_KIND_LABELS } from '../../../contracts/consent';
import { isInterviewOpen } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { alternativeRequests, companies, interviewConsents, interviews, jobs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { INTERVIEW_SUBMITTED, type CandidateAccess } from '../../plugins/access';
import type { SessionUser } from '../auth/session';
import type { Notifications } from '../notifications/notifier';
import { candidateNotice, noticeText, NOTICE_VERSION } from './notice';
import { recordAudit } from '../../lib/audit';

/**
 * Notice, consent and the alternative process for video interviews (issue 15, decision 025): the
 * notice filled in for an interview, the candidate's consent stored with its version and words,
 * the start refused without it, and the candidate's requests for an alternative, which notify the
 * company's recruiters and wait in their inbox until resolved.
 */

export const CONSENT_REQUIRED = 'Please read the notice about this AI interview and agree to it before starting';
export const NOTICE_CHANGED = 'The notice has changed since this page was opened. Please read it again before agreeing.';

type AlternativeRow = typeof alternativeRequests.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toRequest = (row: AlternativeRow): AlternativeRequest => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  resolvedAt: iso(row.resolvedAt),
});

/** The interview with what its notice is made of: the job, its criteria, the company and its retention period. */
async function interviewContext(db: Db, interviewId: number) {
  const [row] = await db
    .select({
      interview: { id: interviews.id, status: interviews.status, videoRecording: interviews.videoRecording, candidateName: interviews.candidateName, email: interviews.email },
      job: { id: jobs.id, title: jobs.title, rubric: jobs.rubric, userId: jobs.userId },
      company: { id: companies.id, name: companies.name, retentionDays: companies.retentionDays },
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  return row;
}
type InterviewContext = NonNullable<Awaited<ReturnType<typeof interviewContext>>>;

const noticeOf = (ctx: InterviewContext) =>
  candidateNotice({
    companyName: ctx.company.name,
    jobTitle: ctx.job.title,
    criteria: (ctx.job.rubric ?? []).map((c) => c.name.trim()).filter(Boolean),
    retentionDays: ctx.company.retentionDays,
    video: ctx.interview.videoRecording,
  });

/** The candidate's own link, for this interview (a recruiter's preview cannot act for the candidate). */
function ownLink(candidate: CandidateAccess | null, interviewId: number, what: string): CandidateAccess {
  if (!candidate) throw new AppError('UNAUTHENTICATED', `Only the candidate can ${what}, from their interview link`);
  if (candidate.interviewId !== interviewId) throw new AppError('NOT_FOUND', 'Interview not found');
  return candidate;
}

/** Who may read the notice: the candidate's link, or a signed-in user of the company (previewing the link). */
async function readableContext(db: Db, viewer: { candidate: CandidateAccess | null; user: SessionUser | null }, interviewId: number): Promise<InterviewContext> {
  if (viewer.candidate && viewer.candidate.interviewId !== interviewId) throw new AppError('NOT_FOUND', 'Interview not found');
  const ctx = await interviewContext(db, interviewId);
  if (!ctx) throw new AppError('NOT_FOUND', 'Interview not found');
  if (!viewer.candidate && viewer.user?.companyId !== ctx.company.id) throw new AppError('NOT_FOUND', 'Interview not found');
  return ctx;
}

async function latestConsent(db: Db, interviewId: number) {
  const [row] = await db.select().from(interviewConsents).where(eq(interviewConsents.interviewId, interviewId)).orderBy(desc(interviewConsents.givenAt), desc(interviewConsents.id)).limit(1);
  return row;
}

const consentOf = (row: typeof interviewConsents.$inferSelect): ConsentRecord => ({ noticeVersion: row.noticeVersion, givenAt: row.givenAt.toISOString() });

/** GET /api/interview/{id}/notice: the notice for this interview, the consent given and the candidate's requests. */
export async function noticeView(db: Db, viewer: { candidate: CandidateAccess | null; user: SessionUser | null }, interviewId: number): Promise<CandidateNoticeView> {
  const ctx = await readableContext(db, viewer, interviewId);
  const [consent, requests] = await Promise.all([
    latestConsent(db, interviewId),
    db.select().from(alternativeRequests).where(eq(alternativeRequests.interviewId, interviewId)).orderBy(asc(alternativeRequests.requestedAt), asc(alternativeRequests.id)),
  ]);
  return { notice: noticeOf(ctx), consent: consent ? consentOf(consent) : null, alternativeRequests: requests.map(toRequest) };
}

/**
 * POST /api/interview/{id}/consent: the candidate agrees to the notice they read. Stored with its
 * version, its words as shown now and the time; agreeing again to the same version answers the
 * consent already stored. A version other than the current one is refused: the candidate read words
 * that are no longer the notice.
 */
export async function giveConsent(db: Db, candidate: CandidateAccess | null, interviewId: number, noticeVersion: string, now = new Date()): Promise<{ created: boolean; consent: ConsentRecord }> {
  ownLink(candidate, interviewId, 'agree to the notice');
  const ctx = await interviewContext(db, interviewId);
  if (!ctx) throw new AppError('NOT_FOUND', 'Interview not found');
  if (!isInterviewOpen(ctx.interview.status)) throw new AppError('INTERVIEW_SUBMITTED', INTERVIEW_SUBMITTED);
  if (noticeVersion !== NOTICE_VERSION) throw new AppError('NOTICE_CHANGED', NOTICE_CHANGED);
  const notice = noticeOf(ctx);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(interviewConsents)
      .values({ interviewId, noticeVersion: notice.version, noticeText: noticeText(notice), givenAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) await recordAudit(tx, { action: 'consent_given', companyId: ctx.company.id, subject: `interview:${interviewId}`, details: { noticeVersion: row.noticeVersion } });
    return row;
  });
  if (created) return { created: true, consent: consentOf(created) };
  const [existing] = await db
    .select()
    .from(interviewConsents)
    .where(and(eq(interviewConsents.interviewId, interviewId), eq(interviewConsents.noticeVersion, noticeVersion)));
  return { created: false, consent: consentOf(existing!) };
}

/**
 * The start's condition: a consent on record. An interview already started before consent was
 * recorded (before decision 025) continues; nothing else starts or records without one.
 */
export async function assertConsented(db: Db, interview: { id: number; startedAt: Date | null }): Promise<void> {
  if (interview.startedAt) return;
  const [found] = await db.select({ id: interviewConsents.id }).from(interviewConsents).where(eq(interviewConsents.interviewId, interview.id)).limit(1);
  if (!found) throw new AppError('CONSENT_REQUIRED', CONSENT_REQUIRED);
}

/**
 * POST /api/interview/{id}/alternative-requests: the candidate asks for a person instead of the AI,
 * or for an accommodation. Stored, and the company's members who want candidate requests are
 * emailed through the outbox in the same transaction (decision 031). A second open request of the
 * same kind is refused (409): the first is still waiting. The candidate may still take the AI
 * interview.
 */
export async function requestAlternative(
  deps: { db: Db; notifications: Notifications },
  candidate: CandidateAccess | null,
  interviewId: number,
  input: { kind: AlternativeRow['kind']; message: string | null },
  now = new Date(),
): Promise<AlternativeRequest> {
  ownLink(candidate, interviewId, 'ask for an alternative');
  const ctx = await interviewContext(deps.db, interviewId);
  if (!ctx) throw new AppError('NOT_FOUND', 'Interview not found');
  if (!isInterviewOpen(ctx.interview.status)) throw new AppError('INTERVIEW_SUBMITTED', INTERVIEW_SUBMITTED);
  const created = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alternativeRequests)
      .values({ companyId: ctx.company.id, interviewId, kind: input.kind, message: input.message, requestedAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await recordAudit(tx, { action: 'alternative_requested', companyId: ctx.company.id, subject: `interview:${interviewId}`, details: { requestId: row.id, kind: row.kind } });
      await deps.notifications.notify(tx, { kind: 'candidate_request', alternativeRequestId: row.id });
    }
    return row;
  });
  if (!created) {
    throw new AppError('ALTERNATIVE_REQUESTED', `You have already asked for this (${ALTERNATIVE_KIND_LABELS[input.kind].toLowerCase()}); the recruiters have been told and will get back to you`);
  }
  await deps.notifications.deliver();
  return toRequest(created);
}

/** The recruiter's view of requests: with their interview, job and who resolved them. */
async function requestItems(db: Db, where: SQL | undefined): Promise<AlternativeRequestItem[]> {
  const rows = await db
    .select({ request: alternativeRequests, candidateName: interviews.candidateName, jobId: jobs.id, jobTitle: jobs.title, resolvedBy: users.username })
    .from(alternativeRequests)
    .innerJoin(interviews, eq(interviews.id, alternativeRequests.interviewId))
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .leftJoin(users, eq(users.id, alternativeRequests.resolvedBy))
    .where(where)
    .orderBy(sql`case ${alternativeRequests.status} when 'open' then 0 else 1 end`, desc(alternativeRequests.requestedAt), desc(alternativeRequests.id));
  return rows.map(({ request, candidateName, jobId, jobTitle, resolvedBy }) => ({
    ...toRequest(request),
    interviewId: request.interviewId,
    jobId,
    jobTitle,
    candidateName,
    resolvedBy,
  }));
}

/** GET /api/interview/{id}/consent-record: the consent as stored (with its words) and the alternative requests. */
export async function interviewConsentRecord(db: Db, user: SessionUser, interviewId: number): Promise<InterviewConsentView> {
  const ctx = await interviewContext(db, interviewId);
  if (!ctx || ctx.company.id !== user.companyId) throw new AppError('NOT_FOUND', 'Interview not found');
  const [consent, requests] = await Promise.all([latestConsent(db, interviewId), requestItems(db, eq(alternativeRequests.interviewId, interviewId))]);
  return { consent: consent ? { ...consentOf(consent), noticeText: consent.noticeText } : null, alternativeRequests: requests };
}

/** GET /api/alternative-requests: the company's inbox, open requests first, newest first. */
export function listAlternativeRequests(db: Db, companyId: number): Promise<AlternativeRequestItem[]> {
  return requestItems(db, eq(alternativeRequests.companyId, companyId));
}

/** POST /api/alternative-requests/{id}/resolve: the recruiter has dealt with it. Resolving again changes nothing. */
export async function resolveAlternative(db: Db, user: SessionUser, requestId: number, now = new Date()): Promise<AlternativeRequestItem> {
  const mine = and(eq(alternativeRequests.id, requestId), eq(alternativeRequests.companyId, user.companyId));
  await db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(alternativeRequests)
      .set({ status: 'resolved', resolvedAt: now, resolvedBy: user.id })
      .where(and(mine, eq(alternativeRequests.status, 'open')))
      .returning();
    if (resolved) {
      await recordAudit(tx, {
        action: 'alternative_resolved',
        actorUserId: user.id,
        companyId: user.companyId,
        subject: `interview:${resolved.interviewId}`,
        details: { requestId: resolved.id, kind: resolved.kind },
      });
    }
  });
  const [item] = await requestItems(db, mine);
  if (!item) throw new AppError('NOT_FOUND', 'Request not found');
  return item;
}

/** Whether an interview has a request the recruiter has not resolved yet (the interview list's badge). */
export const hasOpenAlternative = (interviewId: AnyColumn) =>
  sql<boolean>`exists (select 1 from ${alternativeRequests} where ${alternativeRequests.interviewId} = ${interviewId} and ${alternativeRequests.status} = 'open')`;
