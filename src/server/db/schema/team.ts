import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { COMPANY_ROLES } from '../../../contracts/statuses';
import { companies, users } from './accounts';
import type { RubricCriterion } from './hiring';
import { oneOf } from './one-of';

/**
 * An owner's invitation to join the company (issue 16): a single-use link valid 7 days; only the
 * SHA-256 of its token is stored. Accepted, revoked or past expiresAt, it opens nothing.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    companyRole: text('company_role', { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_invitations_token_idx').on(t.tokenHash),
    index('member_invitations_company_idx').on(t.companyId),
    oneOf('member_invitations_company_role_check', t.companyRole, COMPANY_ROLES),
  ],
);

/** A password reset link: single use, valid one hour; only the SHA-256 of its token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_idx').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** Which emails a member gets; a member without a row gets the defaults (all but the digest). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  interviewCompleted: boolean('interview_completed').notNull().default(true),
  screeningCompleted: boolean('screening_completed').notNull().default(true),
  candidateRequest: boolean('candidate_request').notNull().default(true),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  /** The last day a digest was sent for, so each day's goes once. */
  digestSentOn: date('digest_sent_on'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's interview template: a job's questions and rubric saved under a name, to start new jobs from. */
export const jobTemplates = pgTable(
  'job_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    questions: jsonb('questions').$type<string[]>().notNull(),
    rubric: jsonb('rubric').$type<RubricCriterion[]>(),
    videoRecording: boolean('video_recording').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('job_templates_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);
