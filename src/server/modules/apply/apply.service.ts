import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { APPLICATIONS_CLOSED, type ApplicationView, type ApplyPageState, type ApplyResult, type PublicApplyPage } from '../../../contracts/apply';
import { JOB_CLOSED_MESSAGE } from '../../../contracts/interviews';
import { isInterviewOpen } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { applications, applyPages, companies, emails, interviewConsents, interviews, jobs, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { auditActor, recordAudit, type AuditEntry } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { RoomService } from '../../rooms/rooms';
import type { SessionUser } from '../auth/session';
import { CONSENT_REQUIRED, NOTICE_CHANGED } from '../consent/consent.service';
import { candidateNotice, noticeText } from '../consent/notice';
import { phoneKey } from '../imports/import-rows';
import { candidateLinkDays } from '../interviews/candidate-links';
import { candidateLink, countNewInterviews, getOwnInterview, newInterviewValues, openRoom } from '../interviews/interviews.service';
import { enqueueApplicantInvitation } from '../interviews/invitations.service';
import { getOwnJob } from '../jobs/jobs.service';
import { getOwnScreening, newCandidateValues } from '../phone-screenings/phone-screenings.service';
import { recordWebhookEvent } from '../webhooks/events';
import { checkApplication, HONEYPOT_FIELD, type CheckedApplication, type RawApplication } from './apply-form';
import { describeLocal, nextCallingSlot, offsetLabel } from '../phone-calls/calling-hours';
import { APPLY_MIN_SECONDS, checkFormToken, issueFormToken } from './form-token';
import { PHONE_CONSENT_LABEL, phoneScreeningNotice } from './phone-notice';

/**
 * Public apply pages (issue 17, part 1; docs/decisions/035-apply-pages.md). A recruiter switches a
 * job's or a screening's page on and off; the row stays, so its address never changes. An
 * application creates the interview (its invitation emailed, its link shown at once) or the
 * screening candidate (called at the next calling hours on their clock) in one transaction with
 * the application, the consent and the `candidate.applied` event, holding the page's row locked:
 * two applications with one email never make two candidates.
 */

export const JOB_CONSENT_LABEL = 'I have read the notice above and agree to be interviewed and evaluated by AI and to be recorded.';
export const ALREADY_APPLIED = 'You have already applied for this position. We have emailed the details to the address you gave, in case you need them again.';
const RECEIVED = 'Thank you for applying. Please check your email for the next step.';
/** A second application's email goes again at most this often per candidate. */
const RESEND_INTERVAL = sql`now() - interval '1 hour'`;

export interface ApplyDeps {
  db: Db;
  rooms: RoomService;
  mailer: Mailer;
  appUrl: string;
  /** Signs the form token. */
  secret: string;
}

type PageRow = typeof applyPages.$inferSelect;
type Target = { kind: 'job'; id: number } | { kind: 'screening'; id: number };

const applyUrl = (appUrl: string, slug: string) => `${appUrl}/apply/${slug}`;

// ---- The recruiter's switch --------------------------------------------------------------------

/** A readable address from the title, with a short random ending: `warehouse-associate-k3f9`. */
export function newSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const suffix = [...randomBytes(4)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${words || 'apply'}-${suffix}`;
}

const targetColumn = (target: Target) => (target.kind === 'job' ? applyPages.jobId : applyPages.screeningId);

async function pageOf(db: Db | Tx, target: Target): Promise<PageRow | undefined> {
  const [row] = await db.select().from(applyPages).where(eq(targetColumn(target), target.id));
  return row;
}

function stateOf(appUrl: string, row: PageRow | undefined, closedAt: Date | null): ApplyPageState {
  if (!row) return { enabled: false, slug: null, url: null, isAcceptingApplications: false, note: null };
  const isClosed = closedAt !== null;
  return {
    enabled: row.enabled,
    slug: row.slug,
    url: applyUrl(appUrl, row.slug),
    isAcceptingApplications: row.enabled && !isClosed,
    note: row.enabled && isClosed ? 'The job is closed, so the page says applications are closed. Reopen the job to take applications again.' : null,
  };
}

async function ownTarget(db: Db, user: SessionUser, target: Target): Promise<{ title: string; closedAt: Date | null }> {
  if (target.kind === 'job') {
    const job = await getOwnJob(db, user, target.id);
    return { title: job.title, closedAt: job.closedAt };
  }
  const screening = await getOwnScreening(db, user, target.id);
  return { title: screening.jobTitle ?? 'Phone screening', closedAt: null };
}

/** GET …/apply-page: the page's state (never switched on: no address yet). */
export async function getApplyPage(deps: Pick<ApplyDeps, 'db' | 'appUrl'>, user: SessionUser, target: Target): Promise<ApplyPageState> {
  const owned = await ownTarget(deps.db, user, target);
  return stateOf(deps.appUrl, await pageOf(deps.db, target), owned.closedAt);
}

/**
 * PUT …/apply-page {enabled}: switched on, the page is made on first use with a new address;
 * switched off, it stays (it then says applications are closed). A closed job's page is not
 * switched on (409), and an account awaiting approval opens none (it would send email).
 */
export async function setApplyPage(deps: Pick<ApplyDeps, 'db' | 'appUrl'>, user: SessionUser, target: Target, enabled: boolean): Promise<ApplyPageState> {
  const { db } = deps;
  const owned = await ownTarget(db, user, target);
  if (enabled && !user.isApproved) throw new AppError('NOT_APPROVED', 'Your account is awaiting approval');
  if (enabled && owned.closedAt) throw new AppError('JOB_CLOSED', `${JOB_CLOSED_MESSAGE.replace(/\.$/, '')}: reopen it before opening its application page.`);
  const existing = await pageOf(db, target);
  const audit = { action: enabled ? 'apply_page_opened' : 'apply_page_closed', ...auditActor(user), subject: target.kind === 'job' ? (`job:${target.id}` as const) : (`phone_screening:${target.id}` as const) } satisfies AuditEntry;
  if (existing) {
    if (existing.enabled === enabled) return stateOf(deps.appUrl, existing, owned.closedAt);
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx.update(applyPages).set({ enabled }).where(eq(applyPages.id, existing.id)).returning();
      await recordAudit(tx, audit);
      return row;
    });
    return stateOf(deps.appUrl, updated, owned.closedAt);
  }
  if (!enabled) return stateOf(deps.appUrl, undefined, owned.closedAt);
  // A slug another page took meanwhile (or a second switch at the same moment) is tried again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(applyPages)
      .values({ companyId: user.companyId, jobId: target.kind === 'job' ? target.id : null, screeningId: target.kind === 'screening' ? target.id : null, slug: newSlug(owned.title), enabled: true })
      .onConflictDoNothing()
      .returning();
    if (created) await recordAudit(db, audit);
    const row = created ?? (await pageOf(db, target));
    if (row) return stateOf(deps.appUrl, row, owned.closedAt);
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The application page could not be made. Please try again.');
}

// ---- The public page -----------------------------------------------------------------------------

/** The page with what it shows: its job or screening, the company and its retention period. */
async function publicPage(db: Db | Tx, slug: string) {
  const [row] = await db
    .select({
      page: applyPages,
      company: { id: companies.id, name: companies.name, retentionDays: companies.retentionDays },
      job: { id: jobs.id, title: jobs.title, description: jobs.description, rubric: jobs.rubric, videoRecording: jobs.videoRecording, closedAt: jobs.closedAt },
      screening: { id: phoneScreenings.id, jobTitle: phoneScreenings.jobTitle, jobDescription: phoneScreenings.jobDescription },
    })
    .from(applyPages)
    .innerJoin(companies, eq(companies.id, applyPages.companyId))
    .leftJoin(jobs, eq(jobs.id, applyPages.jobId))
    .leftJoin(phoneScreenings, eq(phoneScreenings.id, applyPages.screeningId))
    .where(eq(applyPages.slug, slug))
    .limit(1);
  if (!row || (!row.job && !row.screening)) throw new AppError('NOT_FOUND', 'There is no application page at this address. Please check the link you were given.');
  return row;
}
type PublicPageRow = Awaited<ReturnType<typeof publicPage>>;

const isOpen = (row: PublicPageRow) => row.page.enabled && (row.job ? row.job.closedAt === null : true);

function noticeFor(row: PublicPageRow) {
  if (row.job) {
    const criteria = (row.job.rubric ?? []).map((c) => c.name.trim()).filter(Boolean);
    return candidateNotice({ companyName: row.company.name, jobTitle: row.job.title, criteria, retentionDays: row.company.retentionDays, video: row.job.videoRecording });
  }
  return phoneScreeningNotice({ companyName: row.company.name, jobTitle: row.screening?.jobTitle ?? 'this', retentionDays: row.company.retentionDays });
}

/** GET /api/apply/{slug}: unknown → 404; switched off or its job closed → the page with the form closed. */
export async function getPublicApplyPage(deps: Pick<ApplyDeps, 'db' | 'secret'>, slug: string, now: Date): Promise<PublicApplyPage> {
  const row = await publicPage(deps.db, slug);
  const open = isOpen(row);
  return {
    slug,
    kind: row.job ? 'job' : 'screening',
    companyName: row.company.name,
    title: row.job?.title ?? row.screening?.jobTitle ?? 'Phone screening',
    description: row.job?.description ?? row.screening?.jobDescription ?? '',
    isOpen: open,
    closedMessage: open ? null : APPLICATIONS_CLOSED,
    notice: noticeFor(row),
    consentLabel: row.job ? JOB_CONSENT_LABEL : PHONE_CONSENT_LABEL,
    formToken: issueFormToken(deps.secret, slug, now),
    minSeconds: APPLY_MIN_SECONDS,
  };
}

/** The page, or 404 (unknown) / 410 (switched off, or its job closed): checked before anything else is read. */
async function openApplyPage(db: Db, slug: string): Promise<PublicPageRow> {
  const row = await publicPage(db, slug);
  if (!isOpen(row)) throw new AppError('APPLICATIONS_CLOSED', APPLICATIONS_CLOSED);
  return row;
}

/**
 * POST /api/apply/{slug}: the page must be open (404, 410); a form whose hidden field is filled in
 * (a bot) is told it was received and nothing is made; then the signed form token (too soon, or
 * not this server's: 400), the fields (400, each by its field) and the notice's version (409).
 * Then a new candidate, or the earlier one's details emailed again.
 */
export async function receiveApplication(deps: ApplyDeps, slug: string, raw: RawApplication, now: Date): Promise<ApplyResult> {
  const row = await openApplyPage(deps.db, slug);
  if ((raw.fields[HONEYPOT_FIELD] ?? '').trim() !== '') return { outcome: 'received', message: RECEIVED };
  checkFormToken(deps.secret, slug, raw.fields.formToken, now);
  const input = checkApplication(row.job ? 'job' : 'screening', raw);
  if (!input.noticeVersion) throw new AppError('CONSENT_REQUIRED', CONSENT_REQUIRED);
  if (input.noticeVersion !== noticeFor(row).version) throw new AppError('NOTICE_CHANGED', NOTICE_CHANGED);
  const outcome = row.job ? await applyToJob(deps, row, row.job, input, now) : await applyToScreening(deps, row, input, now);
  // Mail is handed to the server after the commit; the candidate does not wait for it.
  void deps.mailer.deliverPending().catch(() => undefined);
  return outcome;
}

/** Locks the page's row for the rest of the transaction, and checks it is still open (a recruiter may have just switched it off). */
async function lockOpenPage(tx: Tx, pageId: number, jobId: number | null): Promise<void> {
  const [locked] = await tx.select({ enabled: applyPages.enabled }).from(applyPages).where(eq(applyPages.id, pageId)).for('update');
  if (!locked?.enabled) throw new AppError('APPLICATIONS_CLOSED', APPLICATIONS_CLOSED);
  if (jobId !== null) {
    const [job] = await tx.select({ closedAt: jobs.closedAt }).from(jobs).where(eq(jobs.id, jobId));
    if (!job || job.closedAt) throw new AppError('APPLICATIONS_CLOSED', APPLICATIONS_CLOSED);
  }
}

const applicationValues = (pageId: number, input: CheckedApplication, now: Date) => ({
  applyPageId: pageId,
  coverNote: input.coverNote,
  cvFileName: input.cv?.fileName ?? null,
  cvContentType: input.cv?.contentType ?? null,
  cv: input.cv?.bytes ?? null,
  createdAt: now,
});

/** Whether the candidate's details went again within the hour (so the form cannot flood an inbox). */
async function resentRecently(tx: Tx, about: { interviewId: number } | { phoneCandidateId: number }): Promise<boolean> {
  const whose = 'interviewId' in about ? eq(emails.interviewId, about.interviewId) : eq(emails.phoneCandidateId, about.phoneCandidateId);
  const [found] = await tx.select({ id: emails.id }).from(emails).where(and(whose, eq(emails.kind, 'application_resent'), gt(emails.createdAt, RESEND_INTERVAL))).limit(1);
  return Boolean(found);
}

type JobOf = NonNullable<PublicPageRow['job']>;

async function applyToJob(deps: ApplyDeps, row: PublicPageRow, job: JobOf, input: CheckedApplication, now: Date): Promise<ApplyResult> {
  const email = input.email!;
  const days = await candidateLinkDays(deps.db, row.company.id);
  const notice = noticeFor(row);
  const created = await deps.db.transaction(async (tx) => {
    await lockOpenPage(tx, row.page.id, job.id);
    // The same address (any case) already a candidate of this job: nothing new; their link goes to that address again.
    const [earlier] = await tx
      .select()
      .from(interviews)
      .where(and(eq(interviews.jobId, job.id), sql`lower(${interviews.email}) = ${email.toLowerCase()}`, isNull(interviews.dataDeletedAt)))
      .limit(1);
    if (earlier) {
      if (isInterviewOpen(earlier.status) && !(await resentRecently(tx, { interviewId: earlier.id }))) {
        await deps.mailer.enqueue(tx, {
          kind: 'application_resent',
          to: earlier.email,
          subject: `Your interview for ${job.title} at ${row.company.name}`,
          body: [
            `Hello ${earlier.candidateName},`,
            `Someone (we hope you) applied again for the ${job.title} position at ${row.company.name} with this email address. You have already applied, so nothing has changed: here is your interview link again.`,
            candidateLink(deps.appUrl, earlier),
            earlier.linkExpiresAt ? `The link is valid until ${earlier.linkExpiresAt.toUTCString()}.` : '',
            'If this was not you, you can ignore this email.',
          ]
            .filter(Boolean)
            .join('\n\n'),
          companyId: row.company.id,
          interviewId: earlier.id,
        });
      }
      return null;
    }
    const [interview] = await tx.insert(interviews).values(newInterviewValues(job, { candidateName: input.candidateName, email }, now, days, 'apply')).returning();
    const iv = interview!;
    await countNewInterviews(tx, job.id, 1);
    await tx.insert(applications).values({ ...applicationValues(row.page.id, input, now), interviewId: iv.id });
    // The consent the room asks for, given here to the same notice (decision 025): stored the same way.
    await tx.insert(interviewConsents).values({ interviewId: iv.id, noticeVersion: notice.version, noticeText: noticeText(notice), givenAt: now }).onConflictDoNothing();
    await recordAudit(tx, { action: 'consent_given', companyId: row.company.id, subject: `interview:${iv.id}`, details: { noticeVersion: notice.version, via: 'apply_page' } });
    await enqueueApplicantInvitation(tx, deps, row.company, iv, job);
    await recordWebhookEvent(
      tx,
      { companyId: row.company.id, type: 'candidate.applied', data: { kind: 'job', jobId: job.id, interviewId: iv.id, name: iv.candidateName, email: iv.email, source: 'apply', appliedAt: now.toISOString() } },
      now,
    );
    return iv;
  });
  if (!created) return { outcome: 'already_applied', message: ALREADY_APPLIED };
  await openRoom(deps, created);
  return {
    outcome: 'interview',
    interviewUrl: candidateLink(deps.appUrl, created),
    message: `Thank you, ${created.candidateName}. Your AI interview is ready: you can start it now, or later from the link we have emailed to ${created.email}.`,
  };
}

async function applyToScreening(deps: ApplyDeps, row: PublicPageRow, input: CheckedApplication, now: Date): Promise<ApplyResult> {
  const screening = row.screening!;
  const title = screening.jobTitle ?? 'phone screening';
  const callAt = nextCallingSlot(now, input.timeZone);
  const localTime = describeLocal(callAt, input.timeZone);
  const notice = noticeFor(row);
  const created = await deps.db.transaction(async (tx) => {
    await lockOpenPage(tx, row.page.id, null);
    // The same email (any case) or the same phone number: one candidate, called once.
    const others = await tx.select().from(phoneScreeningCandidates).where(and(eq(phoneScreeningCandidates.screeningId, screening.id), isNull(phoneScreeningCandidates.dataDeletedAt)));
    const key = phoneKey(input.countryCode, input.phoneNumber);
    const earlier = others.find((c) => (input.email && c.email?.toLowerCase() === input.email.toLowerCase()) || phoneKey(c.countryCode, c.phoneNumber) === key);
    if (earlier) {
      if (earlier.email && !(await resentRecently(tx, { phoneCandidateId: earlier.id }))) {
        const when = earlier.nextCallAt ? `We will call you at ${describeLocal(earlier.nextCallAt, earlier.zone)}.` : 'We have your application; the recruiters will be in touch.';
        await deps.mailer.enqueue(tx, {
          kind: 'application_resent',
          to: earlier.email,
          subject: `Your application for ${title} at ${row.company.name}`,
          body: `Hello ${earlier.candidateName},\n\nSomeone (we hope you) applied again for ${title} at ${row.company.name} with this email address. You have already applied, so nothing has changed. ${when}\n\nIf this was not you, you can ignore this email.`,
          companyId: row.company.id,
          phoneCandidateId: earlier.id,
        });
      }
      return null;
    }
    const values = newCandidateValues(screening.id, { candidateName: input.candidateName, countryCode: input.countryCode, phoneNumber: input.phoneNumber, timeZone: offsetLabel(callAt, input.timeZone), zone: input.timeZone, notes: '', interviewTime: callAt }, 'apply');
    const [candidate] = await tx.insert(phoneScreeningCandidates).values({ ...values, email: input.email }).returning();
    const c = candidate!;
    await tx.insert(applications).values({ ...applicationValues(row.page.id, input, now), phoneCandidateId: c.id });
    // No consent table for calls (the call asks again by voice): the audit log keeps which notice was agreed to.
    await recordAudit(tx, { action: 'consent_given', companyId: row.company.id, subject: `phone_candidate:${c.id}`, details: { noticeVersion: notice.version, via: 'apply_page' } });
    if (c.email) {
      await deps.mailer.enqueue(tx, {
        kind: 'application_confirmation',
        to: c.email,
        subject: `Your application for ${title} at ${row.company.name}`,
        body: `Hello ${c.candidateName},\n\nThank you for applying for ${title} at ${row.company.name}. An AI assistant will call you on ${c.countryCode} ${c.phoneNumber} on ${localTime} for a short screening. If you miss the call, we try again later in working hours.\n\nOn the call the assistant says it is an AI and asks whether you agree to continue; you can say no, or ask not to be called again, at any time.`,
        companyId: row.company.id,
        phoneCandidateId: c.id,
      });
    }
    await recordWebhookEvent(
      tx,
      {
        companyId: row.company.id,
        type: 'candidate.applied',
        data: { kind: 'screening', screeningId: screening.id, candidateId: c.id, name: c.candidateName, email: c.email, source: 'apply', appliedAt: now.toISOString() },
      },
      now,
    );
    return c;
  });
  if (!created) return { outcome: 'already_applied', message: ALREADY_APPLIED };
  return {
    outcome: 'scheduled',
    callAt: callAt.toISOString(),
    timeZone: input.timeZone,
    localTime,
    message: `Thank you, ${created.candidateName}. An AI assistant will call you on ${localTime}.${created.email ? ` We have emailed the details to ${created.email}.` : ''}`,
  };
}

// ---- What the applicant sent, for the recruiters --------------------------------------------------

const applicationColumns = {
  createdAt: applications.createdAt,
  coverNote: applications.coverNote,
  cvFileName: applications.cvFileName,
  cvContentType: applications.cvContentType,
  cvBytes: sql<number | null>`octet_length(${applications.cv})`,
};

function toView(found: { createdAt: Date; coverNote: string | null; cvFileName: string | null; cvContentType: string | null; cvBytes: number | null } | undefined, cvUrl: string): ApplicationView {
  if (!found) return { application: null };
  const hasCv = found.cvBytes !== null && found.cvFileName !== null && found.cvContentType !== null;
  return {
    application: {
      appliedAt: found.createdAt.toISOString(),
      coverNote: found.coverNote,
      cv: hasCv ? { fileName: found.cvFileName!, contentType: found.cvContentType!, bytes: Number(found.cvBytes), url: cvUrl } : null,
    },
  };
}

/** The company's own screening candidate, or 404. */
async function ownPhoneCandidate(db: Db, user: SessionUser, candidateId: number): Promise<void> {
  const [found] = await db
    .select({ id: phoneScreeningCandidates.id })
    .from(phoneScreeningCandidates)
    .innerJoin(phoneScreenings, eq(phoneScreenings.id, phoneScreeningCandidates.screeningId))
    .where(and(eq(phoneScreeningCandidates.id, candidateId), eq(phoneScreenings.companyId, user.companyId)));
  if (!found) throw new AppError('NOT_FOUND', 'Candidate not found');
}

export type CandidateRef = { kind: 'interview'; id: number } | { kind: 'phone_candidate'; id: number };

const applicationOf = (ref: CandidateRef) => (ref.kind === 'interview' ? eq(applications.interviewId, ref.id) : eq(applications.phoneCandidateId, ref.id));
const cvPath = (ref: CandidateRef) => (ref.kind === 'interview' ? `/api/interview/${ref.id}/application/cv` : `/api/phone-screening/candidates/${ref.id}/application/cv`);

async function assertOwn(db: Db, user: SessionUser, ref: CandidateRef): Promise<void> {
  if (ref.kind === 'interview') await getOwnInterview(db, user, ref.id);
  else await ownPhoneCandidate(db, user, ref.id);
}

/** GET …/application: the cover note and the CV's name and size (none when the candidate did not apply on the page, or their data was deleted). */
export async function getApplication(db: Db, user: SessionUser, ref: CandidateRef): Promise<ApplicationView> {
  await assertOwn(db, user, ref);
  const [found] = await db.select(applicationColumns).from(applications).where(applicationOf(ref)).limit(1);
  return toView(found, cvPath(ref));
}

/** GET …/application/cv: the file as the candidate sent it. */
export async function getApplicationCv(db: Db, user: SessionUser, ref: CandidateRef): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  await assertOwn(db, user, ref);
  const [found] = await db.select({ fileName: applications.cvFileName, contentType: applications.cvContentType, cv: applications.cv }).from(applications).where(applicationOf(ref)).limit(1);
  if (!found?.cv || !found.fileName || !found.contentType) throw new AppError('NOT_FOUND', 'This candidate sent no CV');
  return { fileName: found.fileName, contentType: found.contentType, bytes: found.cv };
}
