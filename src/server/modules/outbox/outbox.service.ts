import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { CANDIDATE_EMAIL_KINDS, type CompanyOutbox } from '../../../contracts/outbox';
import type { Db } from '../../db/client';
import { emails, interviews } from '../../db/schema';
import { isWaitingEmail } from '../../mail/mailer';
import type { SessionUser } from '../auth/session';
import { candidateLink } from '../interviews/interviews.service';

/** How many emails the outbox shows, newest first. */
const OUTBOX_LIMIT = 200;

/**
 * The company's candidate emails that no mail server has taken (decision 044): waiting ones, and
 * ones refused for good, with the interview's link to copy. Only the company's own, and only
 * emails to candidates: members' emails (a password reset, an invitation to join) carry access to
 * an account and are never shown to colleagues.
 */
export async function companyOutbox(deps: { db: Db; appUrl: string; hasMailServer: boolean }, user: SessionUser): Promise<CompanyOutbox> {
  const rows = await deps.db
    .select({
      email: emails,
      isWaiting: isWaitingEmail(),
      candidateName: interviews.candidateName,
      candidateToken: interviews.candidateToken,
    })
    .from(emails)
    .leftJoin(interviews, eq(interviews.id, emails.interviewId))
    .where(and(eq(emails.companyId, user.companyId), inArray(emails.kind, [...CANDIDATE_EMAIL_KINDS]), ne(emails.status, 'sent')))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(OUTBOX_LIMIT);
  return {
    hasMailServer: deps.hasMailServer,
    messages: rows.map(({ email, isWaiting, candidateName, candidateToken }) => ({
      id: email.id,
      kind: email.kind as CompanyOutbox['messages'][number]['kind'],
      toAddress: email.toAddress,
      subject: email.subject,
      body: email.body,
      status: isWaiting ? 'waiting' : 'failed',
      lastError: email.lastError,
      createdAt: email.createdAt.toISOString(),
      interviewId: email.interviewId,
      candidateName,
      candidateLink: email.interviewId !== null && candidateToken ? candidateLink(deps.appUrl, { id: email.interviewId, candidateToken }) : null,
    })),
  };
}
