import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALTERNATIVE_KINDS, ALTERNATIVE_STATUSES, CALL_OPT_OUT_REASONS } from '../../../contracts/consent';
import { companies, users } from './accounts';
import { interviews, phoneCalls, phoneScreeningCandidates } from './hiring';
import { oneOf } from './one-of';

/**
 * The candidate's consent to the AI interview (decision 025): the version of the notice and, word
 * for word, the notice as it was shown (the job's criteria and the retention period filled in), and
 * when. One row per version agreed to; an interview is started only after one.
 */
export const interviewConsents = pgTable(
  'interview_consents',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    noticeVersion: text('notice_version').notNull(),
    noticeText: text('notice_text').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('interview_consents_interview_version_idx').on(t.interviewId, t.noticeVersion)],
);

/**
 * A candidate's request for an alternative to the AI interview (a person) or an accommodation (more
 * time, typed answers, other), with their optional message. At most one open request of each kind
 * per interview (a partial unique index); the recruiter resolves it.
 */
export const alternativeRequests = pgTable(
  'alternative_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALTERNATIVE_KINDS }).notNull(),
    /** The candidate's own words; emptied when their data is deleted. */
    message: text('message'),
    status: text('status', { enum: ALTERNATIVE_STATUSES }).notNull().default('open'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alternative_requests_one_open_idx').on(t.interviewId, t.kind).where(sql`${t.status} = 'open'`),
    index('alternative_requests_interview_idx').on(t.interviewId),
    index('alternative_requests_company_idx').on(t.companyId, t.status),
    oneOf('alternative_requests_kind_check', t.kind, ALTERNATIVE_KINDS),
    oneOf('alternative_requests_status_check', t.status, ALTERNATIVE_STATUSES),
  ],
);

/**
 * A phone screening candidate who asked not to be called again, or declined the call: no further
 * call is placed for them, whatever else changes on their row (decision 025).
 */
export const callOptOuts = pgTable(
  'call_opt_outs',
  {
    candidateId: integer('candidate_id')
      .primaryKey()
      .references(() => phoneScreeningCandidates.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: CALL_OPT_OUT_REASONS }).notNull(),
    /** The call in which they said so. */
    callId: integer('call_id').references(() => phoneCalls.id, { onDelete: 'set null' }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [oneOf('call_opt_outs_reason_check', t.reason, CALL_OPT_OUT_REASONS)],
);
