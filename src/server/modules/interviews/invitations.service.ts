import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { renderTemplate, type SendEmailsResult } from '../../../contracts/interviews';
import type { Db } from '../../db/client';
import { emails, interviews, jobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { SessionUser } from '../auth/session';
import { invitationNotice } from '../consent/notice';
import { candidateLink } from './interviews.service';

/** Invitations one user may send in an hour. */
export const INVITATIONS_PER_HOUR = 200;

interface Recipient {
  name: string;
  email: string;
  jobId: number;
  interviewId?: number;
}

/**
 * Sends the recruiter's invitation to candidates of the company's own jobs only: each recipient is
 * matched to an interview (by id, else by job and email) and everything else is refused, so the
 * endpoint can never relay mail. The link is always the server's own; emailSent is set only for
 * messages the mail server accepted.
 */
export async function sendInvitations(
  deps: { db: Db; mailer: Mailer; appUrl: string },
  user: SessionUser,
  input: { subject: string; body: string; candidates: Recipient[] },
): Promise<SendEmailsResult> {
  if (!user.isApproved) throw new AppError('NOT_APPROVED', 'Your account is awaiting approval');
  const { db } = deps;

  const jobIds = [...new Set(input.candidates.map((c) => c.jobId))];
  const rows = await db
    .select({ interview: interviews, jobTitle: jobs.title, rubric: jobs.rubric })
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

  const since = new Date(Date.now() - 60 * 60 * 1000);
  const [recent] = await db
    .select({ n: count() })
    .from(emails)
    .where(and(eq(emails.userId, user.id), eq(emails.kind, 'invitation'), gt(emails.createdAt, since)));
  if ((recent?.n ?? 0) + unique.length > INVITATIONS_PER_HOUR) {
    throw new AppError('TOO_MANY_REQUESTS', `You can send at most ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`, { 'retry-after': '3600' });
  }

  const emailIds = await db.transaction(async (tx) => {
    const ids: { emailId: number; interviewId: number; email: string }[] = [];
    for (const { interview, jobTitle, rubric } of unique) {
      const values = { candidateName: interview.candidateName, jobTitle, companyName: user.companyName, candidateLink: candidateLink(deps.appUrl, interview) };
      // Whatever the recruiter wrote, the email ends with the notice: AI conducts and scores, what it evaluates, how to ask for an alternative (decision 025).
      const notice = invitationNotice({ companyName: user.companyName, jobTitle, criteria: (rubric ?? []).map((c) => c.name.trim()).filter(Boolean) }, values.candidateLink);
      const emailId = await deps.mailer.enqueue(tx, {
        kind: 'invitation',
        to: interview.email,
        subject: renderTemplate(input.subject, values).replace(/[\r\n]+/g, ' '),
        body: `${renderTemplate(input.body, values).trimEnd()}\n\n${notice}`,
        companyId: user.companyId,
        userId: user.id,
        interviewId: interview.id,
      });
      ids.push({ emailId, interviewId: interview.id, email: interview.email });
    }
    await tx.update(jobs).set({ lastActivity: new Date() }).where(inArray(jobs.id, [...new Set(unique.map((u) => u.interview.jobId))]));
    return ids;
  });

  await deps.mailer.deliverPending();
  const statuses = await db
    .select({ id: emails.id, status: emails.status })
    .from(emails)
    .where(inArray(emails.id, emailIds.map((e) => e.emailId)));
  const results = emailIds.map((e) => {
    const status = statuses.find((s) => s.id === e.emailId)?.status;
    return { interviewId: e.interviewId, email: e.email, status: status === 'sent' ? ('sent' as const) : status === 'outbox' ? ('outbox' as const) : ('failed' as const) };
  });
  return {
    sent: results.filter((r) => r.status === 'sent').length,
    outbox: results.filter((r) => r.status === 'outbox').length,
    failed: results.filter((r) => r.status === 'failed').length,
    results,
  };
}

