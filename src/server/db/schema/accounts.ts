import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNT_REVIEW_CHANNELS, CANDIDATE_LINK_DAY_BOUNDS, COMPANY_ROLES, RETENTION_DAY_BOUNDS, REVIEW_STATUSES, USER_ROLES } from '../../../contracts/statuses';
import { oneOf } from './one-of';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How long candidates' recordings, transcripts and evaluations are kept after the interview or call ends. */
    retentionDays: integer('retention_days').notNull().default(RETENTION_DAY_BOUNDS.default),
    /** How many days a candidate's interview link stays valid after it is sent. */
    candidateLinkDays: integer('candidate_link_days').notNull().default(CANDIDATE_LINK_DAY_BOUNDS.default),
  },
  (t) => [
    check('companies_retention_days_check', sql`${t.retentionDays} between ${sql.raw(String(RETENTION_DAY_BOUNDS.min))} and ${sql.raw(String(RETENTION_DAY_BOUNDS.max))}`),
    check(
      'companies_candidate_link_days_check',
      sql`${t.candidateLinkDays} between ${sql.raw(String(CANDIDATE_LINK_DAY_BOUNDS.min))} and ${sql.raw(String(CANDIDATE_LINK_DAY_BOUNDS.max))}`,
    ),
  ],
);

/** review: pending until an operator approves or rejects; isApproved mirrors 'approved'. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The install's operator or not; the member's role in the company is companyRole. */
    role: text('role', { enum: USER_ROLES }).notNull().default('member'),
    companyRole: text('company_role', { enum: COMPANY_ROLES }).notNull().default('owner'),
    /** Where password reset links and notifications go; a username that is an email address serves when empty. */
    email: text('email'),
    /** Removed from the company by an owner: signs in no more; the row stays for the records it authored. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    isApproved: boolean('is_approved').notNull().default(false),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    /** How the latest review was made (null until reviewed); the command line and the first account have no reviewer. */
    reviewedVia: text('reviewed_via', { enum: ACCOUNT_REVIEW_CHANNELS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by a trigger (drizzle/0007) in the transaction that changes what a session may do:
     * password, role, company role, removal, email, approval, review, username or company. A request answered from an
     * instance's session cache checks it in the database (docs/decisions/015-api-speed.md).
     */
    sessionVersion: integer('session_version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_company_idx').on(t.companyId),
    oneOf('users_role_check', t.role, USER_ROLES),
    oneOf('users_company_role_check', t.companyRole, COMPANY_ROLES),
    oneOf('users_review_status_check', t.reviewStatus, REVIEW_STATUSES),
    oneOf('users_reviewed_via_check', t.reviewedVia, ACCOUNT_REVIEW_CHANNELS),
  ],
);

/** Server-side sessions; only a SHA-256 of the cookie's id is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** How the account page names a session (the hash stays private). */
    publicId: serial('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session (its creation plus the configured lifetime). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen (written at most once a minute); the idle timeout counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Append-only record of security events (sign-ins, failures, approvals, …). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    companyId: integer('company_id'),
    /** The username a sign-in was attempted for (lower case), so failures can be throttled. */
    subject: text('subject'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_action_subject_idx').on(t.action, t.subject, t.at),
    index('audit_action_ip_idx').on(t.action, t.ip, t.at),
    // The company's log, newest first, and one subject's entries (docs/decisions/024-audit-trail.md).
    index('audit_company_at_idx').on(t.companyId, t.at.desc(), t.id.desc()),
    index('audit_company_subject_idx').on(t.companyId, t.subject, t.at.desc(), t.id.desc()),
  ],
);
