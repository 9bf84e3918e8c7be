import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_KEY_SCOPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookEvent } from '../../../contracts/statuses';
import { companies, users } from './accounts';
import { interviews, jobs, phoneScreeningCandidates, phoneScreenings } from './hiring';
import { oneOf } from './one-of';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A company API key (issue 17): shown once, only its SHA-256 is stored; `prefix` (the first
 * characters) names it in lists. Accepted as `Authorization: Bearer`; revoked keys open nothing.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_KEY_SCOPES }).notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The owner who created it: what the key's requests are recorded as (jobs' creator, audit actor). */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_company_idx').on(t.companyId), oneOf('api_keys_scope_check', t.scope, API_KEY_SCOPES)],
);

/** Where a company's events are posted, signed with `secret` (Standard Webhooks: HMAC-SHA256 over id, timestamp and body). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    /** The signing secret, `whsec_` + base64; the server must read it to sign, so it is stored as is and shown to owners. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * One event for one endpoint. `eventId` is the idempotency id the receiver sees (webhook-id): the
 * same on every attempt and on a redelivery. Written in the event's own transaction.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    event: text('event', { enum: WEBHOOK_EVENTS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt's HTTP status, or null when it got no answer. */
    responseStatus: integer('response_status'),
    /** Why the last attempt failed, in words (timeout, refused address, status). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When a pending delivery is next tried (retries back off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
    oneOf('webhook_deliveries_event_check', t.event, WEBHOOK_EVENTS),
    oneOf('webhook_deliveries_status_check', t.status, WEBHOOK_DELIVERY_STATUSES),
  ],
);

/** A public application page, /apply/{slug}, for a job or a phone screening; switched on and off by a recruiter. */
export const applyPages = pgTable(
  'apply_pages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    screeningId: integer('screening_id').references(() => phoneScreenings.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apply_pages_slug_idx').on(t.slug),
    uniqueIndex('apply_pages_job_idx').on(t.jobId),
    uniqueIndex('apply_pages_screening_idx').on(t.screeningId),
    check('apply_pages_one_target_check', sql`num_nonnulls(${t.jobId}, ${t.screeningId}) = 1`),
  ],
);

/**
 * What a candidate sent with an application: the cover note and an optional CV file. Deleted with
 * the candidate's data (the row goes with the interview or screening candidate it belongs to).
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    applyPageId: integer('apply_page_id')
      .notNull()
      .references(() => applyPages.id, { onDelete: 'cascade' }),
    interviewId: integer('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    phoneCandidateId: integer('phone_candidate_id').references(() => phoneScreeningCandidates.id, { onDelete: 'cascade' }),
    coverNote: text('cover_note'),
    cvFileName: text('cv_file_name'),
    cvContentType: text('cv_content_type'),
    cv: bytea('cv'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('applications_interview_idx').on(t.interviewId),
    uniqueIndex('applications_phone_candidate_idx').on(t.phoneCandidateId),
    check('applications_one_candidate_check', sql`num_nonnulls(${t.interviewId}, ${t.phoneCandidateId}) = 1`),
  ],
);
