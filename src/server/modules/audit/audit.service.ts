import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUDIT_ACTION_LABELS, type AuditAction, type AuditActors, type AuditEntryView, type AuditLogFilters, type AuditLogPage } from '../../../contracts/audit';
import { COMPANY_ROLE_LABELS } from '../../../contracts/members';
import { ALTERNATIVE_KIND_LABELS, type AlternativeKind } from '../../../contracts/consent';
import type { CompanyRole, DeletionReason, ReviewDecision } from '../../../contracts/statuses';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { ADDRESS_PREFIX, auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { csvCell } from '../../lib/csv';

/**
 * The audit trail a company reads (issue 15.6, docs/decisions/024-audit-trail.md): its own
 * entries only, newest first, a page at a time; names are resolved now, from ids, because the log
 * stores no personal data.
 */

/** Where the next page starts: the last entry's time (as PostgreSQL prints it, to the microsecond) and id. */
interface Cursor {
  at: string;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
const BAD_CURSOR = 'The cursor is not valid: start again from the first page';

function decodeCursor(raw: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (typeof at === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(at) && Number.isSafeInteger(id) && (id as number) > 0) {
        return { at, id: id as number };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_FAILED', BAD_CURSOR);
}

function conditions(companyId: number, f: AuditLogFilters, cursor: Cursor | null): SQL {
  const c: (SQL | undefined)[] = [
    eq(auditLog.companyId, companyId),
    f.action ? inArray(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, new Date(f.from)) : undefined,
    f.to ? lt(auditLog.at, new Date(f.to)) : undefined,
    f.subject ? eq(auditLog.subject, f.subject) : undefined,
    f.actor === 'system' ? isNull(auditLog.actorUserId) : f.actor ? eq(auditLog.actorUserId, f.actor) : undefined,
    // Timestamps compared as stored (microseconds): a JavaScript Date would round them to milliseconds.
    cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
  ];
  return and(...c)!;
}

const DECISIONS: Record<ReviewDecision, string> = { advance: 'Advance', hold: 'Hold', reject: 'Reject' };
const REASONS: Record<DeletionReason, string> = {
  candidate_request: 'the candidate asked for deletion',
  withdrawn: 'the candidate withdrew',
  entered_in_error: 'entered in error',
  other: 'other reason',
  retention: 'the retention period ended',
};
const SIGN_IN_FAILURES: Record<string, string> = { wrong_password: 'Wrong password', unknown_user: 'Unknown username', rejected: 'The account was not approved', removed: 'Removed from the company' };
const FILTER_NAMES: Record<string, string> = { action: 'action', from: 'from', to: 'to', subject: 'subject', actor: 'who' };

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const roleLabel = (v: unknown) => COMPANY_ROLE_LABELS[v as CompanyRole] ?? str(v);

/** The details in a sentence, from ids, numbers and codes. */
const plural = (n: unknown, noun: string) => (typeof n === 'number' ? `${n} ${noun}${n === 1 ? '' : 's'}` : `Every ${noun}`);

export function summaryOf(action: string, d: Record<string, unknown>): string {
  switch (action) {
    case 'score_changed':
      return `${str(d.criterion)}: from ${str(d.from)} to ${str(d.to)}`;
    case 'decision_recorded':
      return DECISIONS[d.decision as ReviewDecision] ?? str(d.decision);
    case 'candidate_data_deleted':
      return d.reason ? `Reason: ${REASONS[d.reason as DeletionReason] ?? str(d.reason)}` : '';
    case 'retention_changed':
    case 'candidate_link_days_changed':
      return `From ${str(d.from)} to ${str(d.to)} days`;
    case 'candidate_invitation_resent':
      return `Link valid for ${str(d.days)} days from the resend`;
    case 'member_invited':
      return `Invitation #${str(d.invitationId)}, as ${roleLabel(d.companyRole)}`;
    case 'invitation_revoked':
      return d.replacedBy ? `Invitation #${str(d.invitationId)}, replaced by #${str(d.replacedBy)}` : `Invitation #${str(d.invitationId)}`;
    case 'member_joined':
      return `As ${roleLabel(d.companyRole)}, from invitation #${str(d.invitationId)}`;
    case 'member_role_changed':
      return `From ${roleLabel(d.from)} to ${roleLabel(d.to)}`;
    case 'member_removed':
      return `Was ${roleLabel(d.companyRole)}`;
    case 'consent_given':
      return `To notice version ${str(d.noticeVersion)}`;
    case 'alternative_requested':
    case 'alternative_resolved':
      return ALTERNATIVE_KIND_LABELS[d.kind as AlternativeKind] ?? '';
    case 'password_changed':
      return `${plural(d.sessionsEnded, 'other session')} ended`;
    case 'sessions_ended':
      return `${plural(d.ended, 'session')} ended${d.scope === 'others' ? ': everywhere else' : ''}`;
    case 'password_reset':
      return 'From an emailed link; every session ended';
    case 'password_reset_requested':
      return 'A link was emailed';
    case 'template_saved':
    case 'template_deleted':
      return `Template #${str(d.templateId)}`;
    case 'login_failed':
      return SIGN_IN_FAILURES[str(d.reason)] ?? '';
    case 'login_throttled':
      return 'Too many failed attempts: sign-in paused for 15 minutes';
    case 'account_registered':
      return d.operator ? "The install's first account: its operator" : '';
    case 'account_approved':
    case 'account_rejected':
      return d.via === 'cli' ? 'From the command line' : d.via === 'admin' ? 'From the admin page' : '';
    case 'candidate_data_exported':
      return 'Everything stored about the candidate (ZIP)';
    case 'interviews_exported':
      return `${str(d.rows)} interview${d.rows === 1 ? '' : 's'} (CSV)`;
    case 'candidates_imported':
      return `${plural(d.rows, 'candidate')} added${typeof d.skipped === 'number' && d.skipped > 0 ? `, ${str(d.skipped)} already there left out` : ''}`;
    case 'audit_log_exported': {
      const used = Object.keys(FILTER_NAMES).filter((k) => d[k] !== undefined && d[k] !== null);
      return used.length ? `Filtered by ${used.map((k) => FILTER_NAMES[k]).join(', ')} (CSV)` : 'All entries (CSV)';
    }
    default:
      return '';
  }
}

/** Who did it, as the company may read it: its own users by their name as it is now. */
function actorName(row: { action: string; actorUserId: number | null; actorName: string | null; actorCompanyId: number | null }, companyId: number): string {
  if (row.actorUserId !== null) {
    if (row.actorName === null) return `Deleted user #${row.actorUserId}`;
    // Only the install's operator acts on another company's entries (approving its account).
    return row.actorCompanyId === companyId ? row.actorName : 'Hireloop operator';
  }
  switch (row.action) {
    case 'deletion_requested':
    case 'consent_given':
    case 'alternative_requested':
      return 'Candidate';
    case 'account_approved':
    case 'account_rejected':
      return 'Hireloop operator';
    case 'login_failed':
    case 'login_throttled':
      return 'Unidentified';
    default:
      return 'Hireloop (automatic)';
  }
}

const SUBJECT_WORDS: Record<string, string> = { interview: 'Interview', phone_candidate: 'Phone screening candidate', phone_screening: 'Phone screening', job: 'Job', user: 'User' };

function subjectLabel(subject: string | null, names: Map<number, string>): string | null {
  if (!subject) return null;
  const [kind, id] = subject.split(':') as [string, string | undefined];
  if (kind === 'user' && names.has(Number(id))) return names.get(Number(id))!;
  const word = SUBJECT_WORDS[kind];
  // Rows written before decision 024 name sign-ins by the typed username: shown as stored.
  return word && id && /^\d+$/.test(id) ? `${word} #${id}` : subject;
}

const actorUser = alias(users, 'actor');

async function readPage(db: Db, companyId: number, filters: AuditLogFilters, cursor: Cursor | null, limit: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      atText: sql<string>`${auditLog.at}::text`,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorName: actorUser.username,
      actorCompanyId: actorUser.companyId,
      subject: auditLog.subject,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .where(conditions(companyId, filters, cursor))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ at: last.atText, id: last.id }) : null;

  // Users named as subjects (sign-ins, approvals): their names as they are now, within the company.
  const subjectIds = [...new Set(page.flatMap((r) => (r.subject?.match(/^user:(\d+)$/) ? [Number(r.subject.slice(5))] : [])))];
  const named = subjectIds.length
    ? await db.select({ id: users.id, username: users.username }).from(users).where(and(inArray(users.id, subjectIds), eq(users.companyId, companyId)))
    : [];
  const names = new Map(named.map((u) => [u.id, u.username]));

  const entries: AuditEntryView[] = page.map((r) => {
    const details = r.details ?? {};
    return {
      id: r.id,
      at: r.at.toISOString(),
      action: r.action as AuditAction,
      label: AUDIT_ACTION_LABELS[r.action as AuditAction] ?? r.action,
      actor: { userId: r.actorUserId, name: actorName(r, companyId) },
      subject: r.subject,
      subjectLabel: subjectLabel(r.subject, names),
      summary: summaryOf(r.action, details),
      details,
      // Rows before decision 024 hold the address itself: it is not shown.
      address: r.ip?.startsWith(ADDRESS_PREFIX) ? r.ip.slice(ADDRESS_PREFIX.length, ADDRESS_PREFIX.length + 8) : null,
    };
  });
  return { entries, nextCursor };
}

/** One page of the company's entries, newest first. */
export async function listAuditEntries(db: Db, user: SessionUser, query: AuditLogFilters & { limit: number; cursor?: string | undefined }): Promise<AuditLogPage> {
  return readPage(db, user.companyId, query, query.cursor ? decodeCursor(query.cursor) : null, query.limit);
}

/** The company's users, for the "Who" filter. */
export async function listAuditActors(db: Db, user: SessionUser): Promise<AuditActors> {
  return db.select({ id: users.id, username: users.username }).from(users).where(eq(users.companyId, user.companyId)).orderBy(asc(users.username));
}

export const CSV_HEADER = ['Time (UTC)', 'Action', 'Action code', 'Who', 'User ID', 'Subject', 'Subject code', 'What', 'Address', 'Details'];
const CSV_BATCH = 500;

/**
 * Every entry matching the filters as CSV, newest first, read a batch at a time so a long log never
 * sits in memory. The export is itself audited, before the first line.
 */
export async function auditCsv(db: Db, user: SessionUser, filters: AuditLogFilters): Promise<{ filename: string; lines: AsyncIterable<string> }> {
  const used = {
    ...(filters.action ? { action: filters.action.join(',') } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.subject ? { subject: filters.subject } : {}),
    ...(filters.actor !== undefined ? { actor: filters.actor } : {}),
  };
  await recordAudit(db, { action: 'audit_log_exported', ...auditActor(user), details: used });
  async function* lines(): AsyncIterable<string> {
    yield `${CSV_HEADER.map(csvCell).join(',')}\r\n`;
    let cursor: Cursor | null = null;
    for (;;) {
      const page = await readPage(db, user.companyId, filters, cursor, CSV_BATCH);
      let chunk = '';
      for (const e of page.entries) {
        const cells = [e.at, e.label, e.action, e.actor.name, e.actor.userId, e.subjectLabel, e.subject, e.summary, e.address, JSON.stringify(e.details)];
        chunk += `${cells.map(csvCell).join(',')}\r\n`;
      }
      if (chunk) yield chunk;
      if (!page.nextCursor) return;
      cursor = decodeCursor(page.nextCursor);
    }
  }
  return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, lines: lines() };
}
