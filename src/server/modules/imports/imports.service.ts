import { eq, sql } from 'drizzle-orm';
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT, JOB_CLOSED_MESSAGE } from '../../../contracts/interviews';
import type { ImportPreview, ImportResult } from '../../../contracts/imports';
import type { Db, Tx } from '../../db/client';
import { interviews, jobs, phoneScreeningCandidates, phoneScreenings } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { RoomService } from '../../rooms/rooms';
import type { SessionUser } from '../auth/session';
import { candidateLinkDays } from '../interviews/candidate-links';
import { countNewInterviews, newInterviewValues, openRoom } from '../interviews/interviews.service';
import { sendInvitations } from '../interviews/invitations.service';
import { getOwnJob } from '../jobs/jobs.service';
import { getOwnScreening, newCandidateValues } from '../phone-screenings/phone-screenings.service';
import { readImportTable } from './csv-table';
import { checkJobRows, checkScreeningRows, phoneKey } from './import-rows';

/**
 * CSV import of candidates (docs/decisions/032-csv-import.md). The preview and the import read and
 * check the file with the same functions; the import does it again inside its transaction, with
 * the job (or screening) row locked, so it never trusts a preview: a row with an error refuses the
 * whole file and nothing is created; otherwise every new candidate is created together, with one
 * audit entry. Interviews are made with the same values, tally and rooms as one typed by hand, and
 * their invitations go through the same service, with its limits.
 */

export interface ImportDeps {
  db: Db;
  rooms: RoomService;
  mailer: Mailer;
  appUrl: string;
}

/** The sentence of an import refused for its rows. */
export const refusalMessage = (preview: ImportPreview) =>
  `${preview.invalid} row${preview.invalid === 1 ? ' has' : 's have'} errors, so nothing was imported. Correct ${preview.invalid === 1 ? 'it' : 'them'} (or remove ${preview.invalid === 1 ? 'it' : 'them'} from the file) and import again`;

/**
 * An import refused for its rows (400, IMPORT_ROWS_INVALID): the preview, every row with its
 * errors, is the refusal's details. Thrown inside the transaction, it rolls everything back.
 */
const rowsRefused = (preview: ImportPreview) => new AppError('IMPORT_ROWS_INVALID', refusalMessage(preview), { details: preview });

async function jobEmails(db: Db | Tx, jobId: number): Promise<Set<string>> {
  const rows = await db.select({ email: sql<string>`lower(${interviews.email})` }).from(interviews).where(eq(interviews.jobId, jobId));
  return new Set(rows.map((r) => r.email));
}

async function screeningPhones(db: Db | Tx, screeningId: number): Promise<Set<string>> {
  const rows = await db
    .select({ countryCode: phoneScreeningCandidates.countryCode, phoneNumber: phoneScreeningCandidates.phoneNumber })
    .from(phoneScreeningCandidates)
    .where(eq(phoneScreeningCandidates.screeningId, screeningId));
  return new Set(rows.map((r) => phoneKey(r.countryCode, r.phoneNumber)));
}

/** The company's open job, or 404 / 409 (a closed job takes no candidates). */
async function openJob(db: Db, user: SessionUser, jobId: number) {
  const job = await getOwnJob(db, user, jobId);
  if (job.closedAt) throw new AppError('JOB_CLOSED', JOB_CLOSED_MESSAGE);
  return job;
}

export async function previewJobImport(db: Db, user: SessionUser, jobId: number, csv: string): Promise<ImportPreview> {
  await openJob(db, user, jobId);
  const table = readImportTable(csv, 'job');
  return checkJobRows(table, await jobEmails(db, jobId)).preview;
}

/** At most this many rooms are asked for at once (LiveKit is another server). */
const ROOMS_AT_ONCE = 4;

export async function importJobCandidates(deps: ImportDeps, user: SessionUser, jobId: number, input: { csv: string; sendInvitations: boolean }, now: Date): Promise<ImportResult> {
  const { db } = deps;
  const job = await openJob(db, user, jobId);
  const table = readImportTable(input.csv, 'job');
  const days = await candidateLinkDays(db, user.companyId);
  let created: (typeof interviews.$inferSelect)[] = [];
  const outcome = await db.transaction(async (tx) => {
    // Locked until the end: a second import of the same file waits, then skips these candidates; closing the job waits too.
    const [locked] = await tx.select({ closedAt: jobs.closedAt }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'Job not found');
    if (locked.closedAt) throw new AppError('JOB_CLOSED', JOB_CLOSED_MESSAGE);
    const checked = checkJobRows(table, await jobEmails(tx, jobId));
    if (checked.preview.invalid > 0) throw rowsRefused(checked.preview);
    if (checked.accepted.length > 0) {
      created = await tx.insert(interviews).values(checked.accepted.map((a) => newInterviewValues(job, a.input, now, days, 'import'))).returning();
      await countNewInterviews(tx, jobId, created.length);
    }
    await recordAudit(tx, { action: 'candidates_imported', ...auditActor(user), subject: `job:${jobId}`, details: { rows: created.length, skipped: checked.preview.skipped } });
    return { created: created.length, skipped: checked.preview.skipped, invited: 0, invitationsFailed: 0, invitationNote: null };
  });

  for (let i = 0; i < created.length; i += ROOMS_AT_ONCE) {
    await Promise.all(created.slice(i, i + ROOMS_AT_ONCE).map((row) => openRoom(deps, row)));
  }
  if (!input.sendInvitations || created.length === 0) return outcome;
  const candidates = created.map((row) => ({ name: row.candidateName, email: row.email, jobId, interviewId: row.id }));
  try {
    const sent = await sendInvitations(deps, user, { subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY, candidates }, now);
    return { ...outcome, invited: sent.sent + sent.outbox, invitationsFailed: sent.failed };
  } catch (err) {
    // The candidates are created either way: say why no invitation went (over the hourly limit, awaiting approval).
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    return { ...outcome, invitationNote: `${err.message.replace(/\.$/, '')}. The candidates were imported; send their invitations later with Send Email.` };
  }
}

export async function previewScreeningImport(db: Db, user: SessionUser, screeningId: number, csv: string): Promise<ImportPreview> {
  await getOwnScreening(db, user, screeningId);
  const table = readImportTable(csv, 'screening');
  return checkScreeningRows(table, await screeningPhones(db, screeningId)).preview;
}

/** A screening's candidates; their first calls are due at the times the file gives (moved into calling hours when placed). */
export async function importScreeningCandidates(db: Db, user: SessionUser, screeningId: number, input: { csv: string }): Promise<ImportResult> {
  await getOwnScreening(db, user, screeningId);
  const table = readImportTable(input.csv, 'screening');
  return db.transaction(async (tx) => {
    await tx.select({ id: phoneScreenings.id }).from(phoneScreenings).where(eq(phoneScreenings.id, screeningId)).for('update');
    const checked = checkScreeningRows(table, await screeningPhones(tx, screeningId));
    if (checked.preview.invalid > 0) throw rowsRefused(checked.preview);
    if (checked.accepted.length > 0) {
      await tx.insert(phoneScreeningCandidates).values(checked.accepted.map((a) => newCandidateValues(screeningId, a.input, 'import')));
    }
    const rows = checked.accepted.length;
    await recordAudit(tx, { action: 'candidates_imported', ...auditActor(user), subject: `phone_screening:${screeningId}`, details: { rows, skipped: checked.preview.skipped } });
    return { created: rows, skipped: checked.preview.skipped, invited: 0, invitationsFailed: 0, invitationNote: null };
  });
}
