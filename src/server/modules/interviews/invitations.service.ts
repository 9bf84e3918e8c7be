import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  JOB_CLOSED_MESSAGE,
  renderTemplate,
  type ResendInvitationResult,
  type SendEmailsResult,
} from '../../../contracts/interviews';
import { isInterviewOpen } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { emails, interviews, jobs } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { SessionUser } from '../auth/session';
import { invitationNotice } from '../consent/notice';
import { candidateLinkDays, linkExpiry, VALIDITY_PREFIX, validityLine } from './candidate-links';
import { candidateLink } from './interviews.service';

/** Invitations one user may send in an hour (a resend counts as one). */
export const INVITATIONS_PER_HOUR = 200;

interface Recipient {
  name: string;
  email: string;
  jobId: number;
  interviewId?: number;
}

type InterviewRow = typeof interviews.$inferSelect;
interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}
type EmailStatus = SendEmailsResult['results'][number]['status'];

/** The server's part of every invitation, under the recruiter's text: until when the link works, then the notice (decision 025). */
function serverPart(job: { companyName: string; jobTitle: string; rubric: { name: string }[] | null }, link: string, expiresAt: Date): string {
  // Whatever the recruiter wrote, the email ends with the notice: AI conducts and scores, what it evaluates, how to ask for an alternative.
  const notice = invitationNotice({ companyName: job.companyName, jobTitle: job.jobTitle, criteria: (job.rubric ?? []).map((c) => c.name.trim()).filter(Boolean) }, link);
  return `${validityLine(expiresAt)}\n\n${notice}`;
}

/** Where the server's part of a stored invitation starts (the validity line, or the notice in mail sent before decision 030). */
const NOTICE_HEADING = invitationNotice({ companyName: '', jobTitle: '', criteria: [] }, '').split('\n')[0]!;
const SERVER_PART_MARKERS = [`\n\n${VALIDITY_PREFIX} `, `\n\n${NOTICE_HEADING}\n`];
function recruiterPart(body: string): string {
  const cuts = SERVER_PART_MARKERS.map((m) => body.indexOf(m)).filter((i) => i >= 0);
  return cuts.length ? body.slice(0, Math.min(...cuts)) : body.trimEnd();
}

/** Refuses a user who may not send now: awaiting approval, or over the hourly limit with `adding` more. */
async function assertMaySend(db: Db, user: SessionUser, adding: number): Promise<void> {
  if (!user.isApproved) throw new AppError('NOT_APPROVED', 'Your account is awaiting approval');
  // Counted on the database's own clock, like the emails' creation times it compares with.
  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(eq(emails.userId, user.id), eq(emails.kind, 'invitation'), gt(emails.createdAt, since)));
  if ((recent?.n ?? 0) + adding > INVITATIONS_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', `You can send at most ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`, { headers: { 'retry-after': '3600' } });
  }
}

/** Who an invitation is from: a recruiter (counted in their hourly limit), or nobody (an applicant's own, issue 17: `id` null). */
type Sender = Pick<SessionUser, 'companyId' | 'companyName'> & { id: number | null };

/** Writes one invitation in `tx` and moves the link's expiry to `expiresAt`. */
async function enqueueInvitation(
  tx: Tx,
  deps: Pick<InvitationDeps, 'mailer' | 'appUrl'>,
  user: Sender,
  interview: InterviewRow,
  message: { subject: string; recruiterText: string; jobTitle: string; rubric: { name: string }[] | null },
  expiresAt: Date,
): Promise<number> {
  const link = candidateLink(deps.appUrl, interview);
  await tx.update(interviews).set({ linkExpiresAt: expiresAt }).where(eq(interviews.id, interview.id));
  return deps.mailer.enqueue(tx, {
    kind: 'invitation',
    to: interview.email,
    subject: message.subject.replace(/[\r\n]+/g, ' '),
    body: `${message.recruiterText.trimEnd()}\n\n${serverPart({ companyName: user.companyName, jobTitle: message.jobTitle, rubric: message.rubric }, link, expiresAt)}`,
    companyId: user.companyId,
    userId: user.id,
    interviewId: interview.id,
  });
}

/** Delivers what was queued and tells, per email, whether the mail server took it. */
async function deliveredStatuses(deps: InvitationDeps, emailIds: number[]): Promise<Map<number, EmailStatus>> {
  await deps.mailer.deliverPending();
  const rows = emailIds.length ? await deps.db.select({ id: emails.id, status: emails.status }).from(emails).where(inArray(emails.id, emailIds)) : [];
  return new Map(rows.map((r) => [r.id, r.status === 'sent' ? 'sent' : r.status === 'outbox' ? 'outbox' : 'failed']));
}

/**
 * Sends the recruiter's invitation to candidates of the company's own jobs only: each recipient is
 * matched to an interview (by id, else by job and email) and everything else is refused, so the
 * endpoint can never relay mail. The link is always the server's own, and is valid from `now` for
 * the company's candidateLinkDays. A closed job's candidates are refused (409). emailSent is set
 * only for messages the mail server accepted.
 */
export async function sendInvitations(deps: InvitationDeps, user: SessionUser, input: { subject: string; body: string; candidates: Recipient[] }, now: Date): Promise<SendEmailsResult> {
  if (!user.isApproved) throw new AppError('NOT_APPROVED', 'Your account is awaiting approval');
  const { db } = deps;

  const jobIds = [...new Set(input.candidates.map((c) => c.jobId))];
  const rows = await db
    .select({ interview: interviews, jobTitle: jobs.title, rubric: jobs.rubric, closedAt: jobs.closedAt })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(inArray(interviews.jobId, jobIds), eq(jobs.companyId, user.companyId)));
  const matched = input.candidates.map((c) => {
    const row = rows.find((r) =>
      c.interviewId !== undefined ? r.interview.id === c.interviewId && r.interview.jobId === c.jobId : r.interview.jobId === c.jobId && r.interview.email.toLowerCase() === c.email.trim().toLowerCase(),
    );
    if (!row) throw new AppError('VALIDATION_FAILED', `${c.email || c.name} is not a candidate of this job, so no email was sent`);
    return row;
  });
  const unique = [...new Map(matched.map((m) => [m.interview.id, m])).values()];
  if (unique.some((u) => u.closedAt)) throw new AppError('JOB_CLOSED', JOB_CLOSED_MESSAGE);
  await assertMaySend(db, user, unique.length);

  const expiresAt = linkExpiry(now, await candidateLinkDays(db, user.companyId));
  const emailIds = await db.transaction(async (tx) => {
    const ids: { emailId: number; interviewId: number; email: string }[] = [];
    for (const { interview, jobTitle, rubric } of unique) {
      const values = { candidateName: interview.candidateName, jobTitle, companyName: user.companyName, candidateLink: candidateLink(deps.appUrl, interview) };
      const message = { subject: renderTemplate(input.subject, values), recruiterText: renderTemplate(input.body, values), jobTitle, rubric };
      const emailId = await enqueueInvitation(tx, deps, user, interview, message, expiresAt);
      ids.push({ emailId, interviewId: interview.id, email: interview.email });
    }
    await tx.update(jobs).set({ lastActivity: new Date() }).where(inArray(jobs.id, [...new Set(unique.map((u) => u.interview.jobId))]));
    return ids;
  });

  const statuses = await deliveredStatuses(deps, emailIds.map((e) => e.emailId));
  const results = emailIds.map((e) => ({ interviewId: e.interviewId, email: e.email, status: statuses.get(e.emailId) ?? ('failed' as const) }));
  return {
    sent: results.filter((r) => r.status === 'sent').length,
    outbox: results.filter((r) => r.status === 'outbox').length,
    failed: results.filter((r) => r.status === 'failed').length,
    results,
  };
}

/**
 * The invitation of an interview made from the public apply page (issue 17): the default template
 * and the same server part (validity line and notice) as a recruiter's, written in the
 * application's transaction; sent by nobody, so no recruiter's hourly limit counts it.
 */
export function enqueueApplicantInvitation(
  tx: Tx,
  deps: Pick<InvitationDeps, 'mailer' | 'appUrl'>,
  company: { id: number; name: string },
  interview: InterviewRow,
  job: { title: string; rubric: { name: string }[] | null },
): Promise<number> {
  const values = { candidateName: interview.candidateName, jobTitle: job.title, companyName: company.name, candidateLink: candidateLink(deps.appUrl, interview) };
  const message = { subject: renderTemplate(DEFAULT_EMAIL_SUBJECT, values), recruiterText: renderTemplate(DEFAULT_EMAIL_BODY, values), jobTitle: job.title, rubric: job.rubric };
  return enqueueInvitation(tx, deps, { id: null, companyId: company.id, companyName: company.name }, interview, message, interview.linkExpiresAt ?? new Date());
}

/**
 * Sends the interview's invitation again and makes its link valid from `now` for the company's
 * candidateLinkDays (decision 030): the last invitation's subject and the recruiter's text (the
 * default template when none was sent), with a fresh validity line and notice. Only while the
 * interview has not been submitted, and its job is open; counted in the hourly limit; audited.
 */
export async function resendInvitation(deps: InvitationDeps, user: SessionUser, interviewId: number, now: Date): Promise<ResendInvitationResult> {
  const { db } = deps;
  const [found] = await db
    .select({ interview: interviews, jobTitle: jobs.title, rubric: jobs.rubric, closedAt: jobs.closedAt })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(and(eq(interviews.id, interviewId), eq(jobs.companyId, user.companyId)));
  if (!found) throw new AppError('NOT_FOUND', 'Interview not found');
  const { interview, jobTitle, rubric } = found;
  if (interview.dataDeletedAt) throw new AppError('CANDIDATE_DATA_DELETED', "This candidate's data was deleted, so there is no one to send the invitation to");
  if (!isInterviewOpen(interview.status)) throw new AppError('INTERVIEW_SUBMITTED', 'This interview has already been submitted, so its invitation cannot be sent again');
  if (found.closedAt) throw new AppError('JOB_CLOSED', JOB_CLOSED_MESSAGE);
  await assertMaySend(db, user, 1);

  const [last] = await db
    .select({ subject: emails.subject, body: emails.body })
    .from(emails)
    .where(and(eq(emails.interviewId, interviewId), eq(emails.kind, 'invitation')))
    .orderBy(desc(emails.id))
    .limit(1);
  const values = { candidateName: interview.candidateName, jobTitle, companyName: user.companyName, candidateLink: candidateLink(deps.appUrl, interview) };
  const message = last
    ? { subject: last.subject, recruiterText: recruiterPart(last.body), jobTitle, rubric }
    : { subject: renderTemplate(DEFAULT_EMAIL_SUBJECT, values), recruiterText: renderTemplate(DEFAULT_EMAIL_BODY, values), jobTitle, rubric };
  const days = await candidateLinkDays(db, user.companyId);
  const expiresAt = linkExpiry(now, days);
  const emailId = await db.transaction(async (tx) => {
    const id = await enqueueInvitation(tx, deps, user, interview, message, expiresAt);
    await tx.update(jobs).set({ lastActivity: new Date() }).where(eq(jobs.id, interview.jobId));
    await recordAudit(tx, { action: 'candidate_invitation_resent', ...auditActor(user), subject: `interview:${interviewId}`, details: { days } });
    return id;
  });
  const statuses = await deliveredStatuses(deps, [emailId]);
  return { status: statuses.get(emailId) ?? 'failed', linkExpiresAt: expiresAt.toISOString() };
}
