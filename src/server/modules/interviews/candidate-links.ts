import { and, desc, eq } from 'drizzle-orm';
import type { CandidateInterview, LinkAvailability } from '../../../contracts/interviews';
import type { InterviewStatus } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { companies, emails, interviews, jobs, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CandidateAccess } from '../../plugins/access';

// When a candidate's link starts an interview, and what it says when it no longer does (issue 16,
// docs/decisions/030-candidate-links.md).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's link validity in days (companies.candidateLinkDays). */
export async function candidateLinkDays(db: Db | Tx, companyId: number): Promise<number> {
  const [row] = await db.select({ days: companies.candidateLinkDays }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError('NOT_FOUND', 'Company not found');
  return row.days;
}

/** When a link created or sent at `now` stops starting the interview. */
export const linkExpiry = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * The one rule: only an interview that has not started is held to its link's expiry and its job
 * being open. One in progress goes on to the end; a submitted one only shows that it was submitted.
 * A closed job comes first: a new link would not help.
 */
export function linkAvailability(row: { status: InterviewStatus; linkExpiresAt: Date | null; jobClosedAt: Date | null }, now: Date): LinkAvailability {
  if (row.status !== 'pending') return 'open';
  if (row.jobClosedAt) return 'job_closed';
  if (row.linkExpiresAt && row.linkExpiresAt.getTime() <= now.getTime()) return 'link_expired';
  return 'open';
}

/** A date and time as an email or a refusal writes it: the candidate's time zone is not known, so UTC, said. */
export const formatLinkTime = (at: Date) => `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

/** How the line an invitation and a reminder carry above the notice begins. */
export const VALIDITY_PREFIX = 'Your interview link is valid until';
export const validityLine = (expiresAt: Date) => `${VALIDITY_PREFIX} ${formatLinkTime(expiresAt)}.`;

export interface LinkContact {
  companyName: string;
  /** The recruiter's address: of whoever last sent the invitation, else of whoever created the job; null when neither has one. */
  email: string | null;
}

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
const addressOf = (u: { email: string | null; username: string | null; removedAt: Date | null } | undefined) =>
  !u || u.removedAt ? null : u.email || (u.username && looksLikeEmail(u.username) ? u.username : null);

/** Whom a candidate asks for a new link. */
export async function linkContact(db: Db, interviewId: number): Promise<LinkContact> {
  const person = { email: users.email, username: users.username, removedAt: users.removedAt };
  const [owner] = await db
    .select({ companyName: companies.name, ...person })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(users, eq(users.id, jobs.userId))
    .where(eq(interviews.id, interviewId));
  if (!owner) throw new AppError('NOT_FOUND', 'Interview not found');
  const [sender] = await db
    .select(person)
    .from(emails)
    .innerJoin(users, eq(users.id, emails.userId))
    .where(and(eq(emails.interviewId, interviewId), eq(emails.kind, 'invitation')))
    .orderBy(desc(emails.id))
    .limit(1);
  return { companyName: owner.companyName, email: addressOf(sender) ?? addressOf(owner) };
}

/** "Contact Acme (jane@acme.com) for a new link." or, with no address known, "Contact Acme for a new link." */
const contactSentence = (c: LinkContact, what: string) => `Contact ${c.companyName}${c.email ? ` (${c.email})` : ''} ${what}.`;

/** The sentence a link that no longer starts the interview shows (the room words it the same way in the candidate's time zone). */
export function unavailableMessage(availability: Exclude<LinkAvailability, 'open'>, linkExpiresAt: Date | null, contact: LinkContact): string {
  if (availability === 'job_closed') return `This position is closed. ${contactSentence(contact, 'with any questions')}`;
  return `This interview link expired on ${formatLinkTime(linkExpiresAt!)}. ${contactSentence(contact, 'for a new link')}`;
}

/**
 * What the candidate's link shows (GET /api/interview/{id} with the token), from what the access
 * check read with the token; whom to contact is looked up only for a link that no longer starts it;
 * whether this server transcribes spoken answers (decision 056), for what the ready page offers.
 */
export async function candidateView(db: Db, candidate: CandidateAccess, now: Date, server: { answerTranscription: boolean }): Promise<CandidateInterview> {
  const state = candidate;
  const availability = linkAvailability(state, now);
  return {
    id: candidate.interviewId,
    jobId: candidate.jobId,
    candidateName: candidate.candidateName,
    status: state.status,
    availability,
    linkExpiresAt: state.status === 'pending' ? (state.linkExpiresAt?.toISOString() ?? null) : null,
    contact: availability === 'open' ? null : await linkContact(db, candidate.interviewId),
    answerTranscription: server.answerTranscription,
  };
}

/**
 * Refuses (410, LINK_NO_LONGER_VALID) what would start an interview through a link that no longer may: expired, or
 * its job closed. `row` is the interview as just read; the job's state is read here.
 */
export async function assertLinkUsable(db: Db, row: { id: number; status: InterviewStatus; linkExpiresAt: Date | null; jobId: number }, now: Date): Promise<void> {
  if (row.status !== 'pending') return;
  const [job] = await db.select({ closedAt: jobs.closedAt }).from(jobs).where(eq(jobs.id, row.jobId));
  const availability = linkAvailability({ ...row, jobClosedAt: job?.closedAt ?? null }, now);
  if (availability === 'open') return;
  const reason = availability === 'job_closed' ? 'job_closed' : 'expired';
  throw new AppError('LINK_NO_LONGER_VALID', unavailableMessage(availability, row.linkExpiresAt, await linkContact(db, row.id)), { details: { reason } });
}
