import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES } from '../../../contracts/statuses';
import { oneOf } from './one-of';

export const demoRequests = pgTable('demo_requests', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  companyName: text('company_name'),
  phoneNumber: text('phone_number'),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every email the product sends. Written in the transaction of the event that causes it, then
 * delivered: over SMTP when configured (status 'sent'), else kept here as the in-app outbox
 * ('outbox'). Nothing is dropped.
 */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    companyId: integer('company_id'),
    /** Who caused the email (the sender of an invitation), for per-user sending limits. */
    userId: integer('user_id'),
    interviewId: integer('interview_id'),
    /** The phone screening candidate an email is about (a recruiter's notification), so deleting their data deletes it. */
    phoneCandidateId: integer('phone_candidate_id'),
    /** A member's notification: where one click unsubscribes (the List-Unsubscribe header, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    /** Set for an email that must go once (a notification, a reminder): a second with the key is not written. */
    dedupeKey: text('dedupe_key'),
    /** When a sender claimed it, so a crashed sender's claim can expire. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('emails_status_idx').on(t.status), index('emails_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('emails_dedupe_key_idx').on(t.dedupeKey),
    oneOf('emails_status_check', t.status, EMAIL_STATUSES)],
);
