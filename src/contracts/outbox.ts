import { z } from 'zod';

/**
 * A company's outbox (issue 29): the emails to its candidates that no mail server has taken yet, so
 * a recruiter can send each candidate their link by hand. Without SMTP every email waits here.
 */

/** The one line that says how to connect a mail server, wherever the product says mail is waiting. */
export const MAIL_SERVER_HINT = 'To send email, connect a mail server: set SMTP_URL (smtp://user:password@host:port) where Hireloop runs, and restart it.';

/** The emails to candidates (not to members: a password reset or a member invitation is never shown to colleagues). */
export const CANDIDATE_EMAIL_KINDS = ['invitation', 'reminder', 'application_confirmation', 'application_resent', 'deletion_held'] as const;

export const outboxMessage = z.object({
  id: z.number(),
  kind: z.enum(CANDIDATE_EMAIL_KINDS),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  /** waiting: for a mail server (or its next try); failed: the mail server refused it for good. */
  status: z.enum(['waiting', 'failed']),
  /** The mail server's last refusal, when there was one. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The interview the email is about, and its candidate link to copy; null for a phone screening's emails. */
  interviewId: z.number().nullable(),
  candidateName: z.string().nullable(),
  candidateLink: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** GET /api/outbox (owners and recruiters): the newest 200 waiting or failed candidate emails of the company. */
export const companyOutbox = z.object({
  hasMailServer: z.boolean(),
  messages: z.array(outboxMessage),
});
export type CompanyOutbox = z.infer<typeof companyOutbox>;
