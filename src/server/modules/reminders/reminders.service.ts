import { and, eq, gt, isNull, lte, not, or, sql } from 'drizzle-orm';
import { CANDIDATE_REMINDER_DAYS } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { companies, dataRequests, emails, interviews, jobs } from '../../db/schema';
import { writeEmails, type Mailer } from '../../mail/mailer';
import type { JobQueue } from '../../queue/queue';
import { invitationNotice } from '../consent/notice';
import { hasOpenAlternative } from '../consent/consent.service';
import { validityLine } from '../interviews/candidate-links';
import { candidateLink } from '../interviews/interviews.service';

// The one automatic reminder to a candidate who has not started (issue 16, docs/decisions/030-candidate-links.md).

export const REMINDER_SWEEP = 'candidate-reminders';
/** At most one sweep per this many seconds, whatever the number of instances asking. */
export const REMINDER_PERIOD_SECONDS = 60 * 60;
/** Interviews reminded per run at most; the next run takes the rest. */
const BATCH = 500;

/** Asks the queue for a sweep; null when one was already asked for in this period. */
export const requestReminderRun = (queue: JobQueue) => queue.send(REMINDER_SWEEP, {}, { key: REMINDER_SWEEP, seconds: REMINDER_PERIOD_SECONDS });

export interface ReminderDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** When the interview's last invitation email was written (null if none ever was). */
const lastInvitationAt = sql<Date | null>`(select max(${emails.createdAt}) from ${emails} where ${emails.interviewId} = ${interviews.id} and ${emails.kind} = 'invitation')`;

/**
 * Sends one reminder to each candidate whose last invitation went CANDIDATE_REMINDER_DAYS or more
 * before `now` and who has not started: pending, link not expired, job open, no reminder yet, data
 * not deleted, and no open request for an alternative or for deletion (the candidate has told the
 * company something; an automatic nudge would ignore it). Each interview is claimed by setting
 * reminderSentAt in the transaction that writes its email, under the row's lock, so two instances
 * sweeping at once send one each; the email's dedupe key `reminder:{id}` keeps it once even so.
 */
export async function sendDueReminders(deps: ReminderDeps, now: Date): Promise<{ sent: number }> {
  const { db } = deps;
  const invitedBefore = new Date(now.getTime() - CANDIDATE_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  const open = and(eq(interviews.status, 'pending'), isNull(interviews.startedAt), isNull(interviews.reminderSentAt), isNull(interviews.dataDeletedAt));
  const due = await db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(
      and(
        open,
        isNull(jobs.closedAt),
        or(isNull(interviews.linkExpiresAt), gt(interviews.linkExpiresAt, now)),
        lte(lastInvitationAt, invitedBefore),
        not(hasOpenAlternative(interviews.id)),
        sql`not exists (select 1 from ${dataRequests} where ${dataRequests.interviewId} = ${interviews.id})`,
      ),
    )
    .orderBy(interviews.id)
    .limit(BATCH);

  let sent = 0;
  for (const { id } of due) {
    const wrote = await db.transaction(async (tx) => {
      // The claim: another instance that claimed it first leaves nothing to update here.
      const [claimed] = await tx
        .update(interviews)
        .set({ reminderSentAt: now })
        .where(and(eq(interviews.id, id), open))
        .returning();
      if (!claimed) return false;
      const [about] = await tx
        .select({ jobTitle: jobs.title, rubric: jobs.rubric, companyId: companies.id, companyName: companies.name })
        .from(jobs)
        .innerJoin(companies, eq(companies.id, jobs.companyId))
        .where(eq(jobs.id, claimed.jobId));
      const link = candidateLink(deps.appUrl, claimed);
      const notice = invitationNotice({ companyName: about!.companyName, jobTitle: about!.jobTitle, criteria: (about!.rubric ?? []).map((c) => c.name.trim()).filter(Boolean) }, link);
      const written = await writeEmails(tx, [
        {
          kind: 'reminder',
          to: claimed.email,
          subject: `Reminder: your interview for ${about!.jobTitle} at ${about!.companyName}`.replace(/[\r\n]+/g, ' '),
          body: [
            `Hi ${claimed.candidateName},`,
            '',
            `A reminder that ${about!.companyName} invited you to an interview for the ${about!.jobTitle} role, and you have not started it yet. You can take it at any time that suits you, from any device with a camera and a microphone.`,
            '',
            `Start your interview here: ${link}`,
            '',
            `${claimed.linkExpiresAt ? `${validityLine(claimed.linkExpiresAt)} ` : ''}If you have decided not to take part, you can ignore this email: this is the only reminder.`,
            '',
            notice,
          ].join('\n'),
          companyId: about!.companyId,
          interviewId: id,
          dedupeKey: `reminder:${id}`,
        },
      ]);
      return written.length > 0;
    });
    if (wrote) sent++;
  }
  if (sent > 0) await deps.mailer.deliverPending();
  return { sent };
}
