import { and, asc, eq, gt, isNull, lte, or, lt } from 'drizzle-orm';
import { ALTERNATIVE_KIND_LABELS } from '../../../contracts/consent';
import type { Db } from '../../db/client';
import { alternativeRequests, companies, dataRequests, interviews, jobs, notificationSettings, phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import type { JobQueue } from '../../queue/queue';
import { oneLine, reportUrl, screeningResultUrl } from './events';
import type { Notifications } from './notifier';
import { activeMember, recipientsOf } from './recipients';

export const DAILY_DIGEST = 'notification-digest';
const DAY_MS = 24 * 60 * 60_000;
/** At most this many lines per section; the rest are counted, and the app lists them. */
const SECTION_MAX = 20;

/** The UTC day of an instant, as the digest's date column holds it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** A member who has not had the digest of `today` yet. */
const notYet = (today: string) => or(isNull(notificationSettings.digestSentOn), lt(notificationSettings.digestSentOn, today));

/**
 * Asks the queue for today's digest run. Every instance asks hourly; the queue keeps one job per
 * key (the day) and 12 hours (pg-boss's longest period), so at most two a day, and digestSentOn
 * keeps each member to one digest a day whatever the number of runs.
 */
export const requestDigestRun = (queue: JobQueue, now: Date) => queue.send(DAILY_DIGEST, {}, { key: `${DAILY_DIGEST}:${dayOf(now)}`, seconds: 12 * 60 * 60 });

function section(title: string, lines: string[], more: string): string[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, SECTION_MAX).map((l) => `- ${l}`);
  const rest = lines.length - shown.length;
  return [`${title} (${lines.length}):`, ...shown, ...(rest > 0 ? [`- and ${rest} more: ${more}`] : []), ''];
}

/** What happened in the company in the 24 hours to `now`, and the candidates' requests still open; null when there is nothing. */
async function companySummary(db: Db, appUrl: string, companyId: number, now: Date): Promise<string[] | null> {
  const since = new Date(now.getTime() - DAY_MS);
  const [done, screened, alternatives, deletions, phoneDeletions] = await Promise.all([
    db
      .select({ id: interviews.id, title: jobs.title })
      .from(interviews)
      .innerJoin(jobs, eq(jobs.id, interviews.jobId))
      .where(and(eq(jobs.companyId, companyId), eq(interviews.status, 'completed'), isNull(interviews.dataDeletedAt), gt(interviews.completedAt, since), lte(interviews.completedAt, now)))
      .orderBy(asc(interviews.completedAt), asc(interviews.id)),
    db
      .select({ id: phoneScreeningCandidates.id, screeningId: phoneScreenings.id, title: phoneScreenings.jobTitle })
      .from(phoneScreeningCandidates)
      .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
      .where(
        and(
          eq(phoneScreenings.companyId, companyId),
          eq(phoneScreeningCandidates.status, 'completed'),
          isNull(phoneScreeningCandidates.dataDeletedAt),
          gt(phoneScreeningCandidates.completedAt, since),
          lte(phoneScreeningCandidates.completedAt, now),
        ),
      )
      .orderBy(asc(phoneScreeningCandidates.completedAt), asc(phoneScreeningCandidates.id)),
    db
      .select({ interviewId: interviews.id, title: jobs.title, kind: alternativeRequests.kind })
      .from(alternativeRequests)
      .innerJoin(interviews, eq(interviews.id, alternativeRequests.interviewId))
      .innerJoin(jobs, eq(jobs.id, interviews.jobId))
      .where(and(eq(alternativeRequests.companyId, companyId), eq(alternativeRequests.status, 'open')))
      .orderBy(asc(alternativeRequests.requestedAt), asc(alternativeRequests.id)),
    db
      .select({ interviewId: interviews.id, title: jobs.title, dueAt: dataRequests.dueAt })
      .from(dataRequests)
      .innerJoin(interviews, eq(interviews.id, dataRequests.interviewId))
      .innerJoin(jobs, eq(jobs.id, interviews.jobId))
      .where(and(eq(dataRequests.companyId, companyId), eq(dataRequests.status, 'open')))
      .orderBy(asc(dataRequests.dueAt), asc(dataRequests.id)),
    db
      .select({ candidateId: phoneScreeningCandidates.id, screeningId: phoneScreenings.id, title: phoneScreenings.jobTitle, dueAt: dataRequests.dueAt })
      .from(dataRequests)
      .innerJoin(phoneScreeningCandidates, eq(phoneScreeningCandidates.id, dataRequests.phoneCandidateId))
      .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
      .where(and(eq(dataRequests.companyId, companyId), eq(dataRequests.status, 'open')))
      .orderBy(asc(dataRequests.dueAt), asc(dataRequests.id)),
  ]);
  // No candidate's name: a digest is about many candidates, so deleting one candidate's data could
  // not find it; the links lead to the reports, which name them (decision 031).
  const requests = [
    ...alternatives.map((r) => `${ALTERNATIVE_KIND_LABELS[r.kind]}, asked by a candidate for ${r.title}: ${reportUrl(appUrl, r.interviewId)}`),
    ...deletions.map((r) => `Deletion of their data by ${dayOf(r.dueAt)}, asked by a candidate for ${r.title}: ${reportUrl(appUrl, r.interviewId)}`),
    ...phoneDeletions.map(
      (r) => `Deletion of their data by ${dayOf(r.dueAt)}, asked by a candidate in the phone screening for ${r.title ?? 'a job'}: ${screeningResultUrl(appUrl, r.screeningId, r.candidateId)}`,
    ),
  ];
  if (done.length + screened.length + requests.length === 0) return null;
  return [
    `Here is what happened in the last 24 hours:`,
    '',
    ...section('Interviews completed', done.map((r) => `${r.title}: ${reportUrl(appUrl, r.id)}`), `${appUrl}/dashboard`),
    ...section('Phone screenings completed', screened.map((r) => `${r.title ?? 'Phone screening'}: ${screeningResultUrl(appUrl, r.screeningId, r.id)}`), `${appUrl}/dashboard`),
    ...section('Candidate requests still open', requests, `${appUrl}/dashboard`),
  ].slice(0, -1);
}

/**
 * The daily digest: each member with it on who has not had today's gets one email about their
 * company's last 24 hours, once (the email's dedupe key and digestSentOn are written together).
 * A company with nothing to report sends nothing. Returns how many digests were written.
 */
export async function sendDailyDigests(deps: { db: Db; notifications: Notifications }, now: Date): Promise<number> {
  const { db, notifications } = deps;
  const today = dayOf(now);
  const due = await db
    .selectDistinct({ companyId: companies.id, name: companies.name })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(notificationSettings.dailyDigest, true), notYet(today), activeMember))
    .orderBy(asc(companies.id));
  let written = 0;
  for (const company of due) {
    const body = await companySummary(db, notifications.appUrl, company.companyId, now);
    if (!body) continue;
    for (const member of await recipientsOf(db, company.companyId, 'daily_digest', notYet(today))) {
      written += await db.transaction(async (tx) => {
        await tx.update(notificationSettings).set({ digestSentOn: today }).where(eq(notificationSettings.userId, member.userId));
        const mail = { kind: 'daily_digest', emailKind: 'daily_digest', key: `daily_digest:${today}`, companyId: company.companyId, interviewId: null } as const;
        return notifications.write(tx, { ...mail, subject: oneLine(`Your daily digest for ${company.name}: ${today}`), body }, [member]);
      });
    }
  }
  if (written > 0) await notifications.deliver();
  return written;
}
