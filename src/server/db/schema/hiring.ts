import type { StoredEvaluation } from '../../../contracts/ai';
import type { RecordingFormat, StartProblem } from '../../../contracts/candidate-room';
import type { CallReply, ConversationState } from '../../../contracts/phone-calls';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CALL_PROVIDERS,
  CANDIDATE_SOURCES,
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  DELETION_REASONS,
  INTERVIEW_STATUSES,
  PHONE_CALL_STATUSES,
  REVIEW_DECISIONS,
  REVIEW_ENTRY_KINDS,
  SCREENING_CANDIDATE_STATUSES,
} from '../../../contracts/statuses';
import { ANSWER_PAUSE_MS, THINKING_TIME_MS } from '../../../contracts/jobs';
import { companies, users } from './accounts';
import { oneOf } from './one-of';

export interface RubricCriterion {
  name: string;
  description: string;
  weight: number;
}

/** Which transcript an interview was scored on: the server's transcription of the recording, or the browser's live one. */
export const transcriptSource = pgEnum('transcript_source', ['server', 'browser']);

/** The server's transcription of an interview's recording (docs/decisions/013-server-transcripts.md). */
export interface ServerTranscript {
  provider: 'openai' | 'openai-compatible';
  model: string;
  language?: string;
  /** Whisper's segments, on the whole recording's clock (segment files one after another). */
  segments: { startMs: number; endMs: number; text: string }[];
  /** What evaluation reads: the browser's interviewer turns with the candidate's words from the segments. */
  transcript: { speaker: string; text: string; startMs?: number; endMs?: number }[];
}

/**
 * What a candidate's row carries about its own data (issue 15): a legal hold keeps it from the
 * retention job and from deletion; once deleted, when and why (the row stays, anonymised, for statistics).
 */
const candidateDataColumns = () => ({
  legalHold: boolean('legal_hold').notNull().default(false),
  dataDeletedAt: timestamp('data_deleted_at', { withTimezone: true }),
  deletionReason: text('deletion_reason', { enum: DELETION_REASONS }),
});

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The user who created the job (the spec's userId). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    rubric: jsonb('rubric').$type<RubricCriterion[]>(),
    videoRecording: boolean('video_recording').notNull().default(true),
    /** How spoken answers end (contracts/jobs.ts `answering`; decision 055). */
    autoEndAnswers: boolean('auto_end_answers').notNull().default(true),
    answerPauseMs: integer('answer_pause_ms').notNull().default(ANSWER_PAUSE_MS.default),
    thinkingTimeMs: integer('thinking_time_ms').notNull().default(THINKING_TIME_MS.default),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    numOfInterviews: integer('num_of_interviews').notNull().default(0),
    /** Closed by a recruiter: candidate links show the position is closed; nothing is deleted. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_company_idx').on(t.companyId),
    check('jobs_answer_pause_check', sql`${t.answerPauseMs} between ${sql.raw(String(ANSWER_PAUSE_MS.min))} and ${sql.raw(String(ANSWER_PAUSE_MS.max))}`),
    check('jobs_thinking_time_check', sql`${t.thinkingTimeMs} between ${sql.raw(String(THINKING_TIME_MS.min))} and ${sql.raw(String(THINKING_TIME_MS.max))}`),
  ],
);

/** One uploaded part of an interview's recording, as stored. */
export interface RecordingSegment {
  uploadId: string;
  bytes: number;
  format?: RecordingFormat;
}

export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    candidateName: text('candidate_name').notNull(),
    email: text('email').notNull(),
    recordingUrl: text('recording_url'),
    transcript: jsonb('transcript'),
    /** The server's transcript of the recording, when server transcription succeeded. */
    serverTranscript: jsonb('server_transcript').$type<ServerTranscript>(),
    /** The transcript evaluation used; null until decided (and always null without server transcription). */
    transcriptSource: transcriptSource('transcript_source'),
    /** Why the browser's transcript was scored although server transcription is configured. */
    transcriptionError: text('transcription_error'),
    feedback: jsonb('feedback').$type<StoredEvaluation>(),
    status: text('status', { enum: INTERVIEW_STATUSES }).notNull().default('pending'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull().defaultNow(),
    roomName: text('room_name'),
    roomUrl: text('room_url'),
    /** Capability for the candidate's link: random, at least 128 bits, URL-safe. */
    candidateToken: text('candidate_token').notNull(),
    /** Capability for the AI participant of the real-time room. */
    aiToken: text('ai_token'),
    videoRecording: boolean('video_recording').notNull().default(true),
    isActive: boolean('is_active').notNull().default(false),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
    emailSent: boolean('email_sent').notNull().default(false),
    /** Where the candidate came from (issue 17). */
    source: text('source', { enum: CANDIDATE_SOURCES }).notNull().default('recruiter'),
    /** The candidate's link opens nothing after this (the company's link validity from the last invitation sent). */
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** When the one automatic reminder went, for a candidate who had not started. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The recording's segments (tus upload ids, in order), once the candidate submitted. */
    /** `format` since issue 30 (MP4 from WebKit); a segment without one is WebM. */
    recordingSegments: jsonb('recording_segments').$type<RecordingSegment[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The candidate's last start failed in their browser (issue 30); cleared when an interview starts and runs. */
    startProblem: jsonb('start_problem').$type<StartProblem>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...candidateDataColumns(),
  },
  (t) => [
    index('interviews_job_idx').on(t.jobId),
    oneOf('interviews_deletion_reason_check', t.deletionReason, DELETION_REASONS),
    uniqueIndex('interviews_candidate_token_idx').on(t.candidateToken),
    oneOf('interviews_status_check', t.status, INTERVIEW_STATUSES),
    oneOf('interviews_source_check', t.source, CANDIDATE_SOURCES),
  ],
);

/** The recruiter's own notes and rating of an interview, kept apart from the AI's feedback. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    content: text('content').notNull(),
    rating: integer('rating'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_interview_idx').on(t.interviewId)],
);

/**
 * The recruiter's review of an interview: score changes (with the AI's value and the reason) and
 * decisions. Append-only, so every change stays visible; the AI's feedback is never overwritten.
 */
export const interviewReviews = pgTable(
  'interview_reviews',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: REVIEW_ENTRY_KINDS }).notNull(),
    criterion: text('criterion'),
    fromScore: integer('from_score'),
    toScore: integer('to_score'),
    decision: text('decision', { enum: REVIEW_DECISIONS }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interview_reviews_interview_idx').on(t.interviewId, t.createdAt),
    oneOf('interview_reviews_kind_check', t.kind, REVIEW_ENTRY_KINDS),
    oneOf('interview_reviews_decision_check', t.decision, REVIEW_DECISIONS),
  ],
);

/** Recording uploads, so each upload id is tied to the one interview whose link created it. */
export const recordingUploads = pgTable(
  'recording_uploads',
  {
    id: text('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    segment: integer('segment').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recording_uploads_interview_idx').on(t.interviewId)],
);

export const phoneScreenings = pgTable(
  'phone_screenings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    jobTitle: text('job_title'),
    jobDescription: text('job_description'),
    skills: text('skills'),
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    rubric: jsonb('rubric').$type<RubricCriterion[]>(),
    agentName: text('agent_name').notNull().default('Alex'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('phone_screenings_company_idx').on(t.companyId)],
);

export const phoneScreeningCandidates = pgTable(
  'phone_screening_candidates',
  {
    id: serial('id').primaryKey(),
    screeningId: integer('screening_id')
      .notNull()
      .references(() => phoneScreenings.id, { onDelete: 'cascade' }),
    candidateName: text('candidate_name').notNull(),
    countryCode: text('country_code').notNull(),
    phoneNumber: text('phone_number').notNull(),
    interviewTime: timestamp('interview_time', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    /** The zone calls are timed in: an IANA zone (summer time included), or the option's fixed offset when it names no place (decision 059). */
    zone: text('zone').notNull(),
    status: text('status', { enum: SCREENING_CANDIDATE_STATUSES }).notNull().default('pending'),
    notes: text('notes'),
    /** Where the candidate came from (issue 17); an applicant's email, for collapsing a second application. */
    source: text('source', { enum: CANDIDATE_SOURCES }).notNull().default('recruiter'),
    email: text('email'),
    candidateToken: text('candidate_token'),
    transcript: jsonb('transcript'),
    feedback: jsonb('feedback').$type<StoredEvaluation>(),
    recordingUrl: text('recording_url'),
    /** When the next automated call is due; null when none is (done, or no telephony run yet). */
    nextCallAt: timestamp('next_call_at', { withTimezone: true }),
    /** Calls placed so far, retries included. */
    attempts: integer('attempts').notNull().default(0),
    /** Why the screening stopped or is waiting, in words a recruiter reads on the card. */
    outcome: text('outcome'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...candidateDataColumns(),
  },
  (t) => [
    oneOf('phone_candidates_deletion_reason_check', t.deletionReason, DELETION_REASONS),
    index('phone_candidates_screening_idx').on(t.screeningId),
    index('phone_candidates_next_call_idx').on(t.nextCallAt),
    uniqueIndex('phone_candidates_token_idx').on(t.candidateToken),
    oneOf('phone_candidates_status_check', t.status, SCREENING_CANDIDATE_STATUSES),
    oneOf('phone_candidates_source_check', t.source, CANDIDATE_SOURCES),
  ],
);

/** One call with a screening candidate: over the phone (Twilio) or in the browser (simulator). */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    id: serial('id').primaryKey(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => phoneScreeningCandidates.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    provider: text('provider', { enum: CALL_PROVIDERS }).notNull(),
    /** Twilio's CallSid. */
    providerSid: text('provider_sid'),
    status: text('status', { enum: PHONE_CALL_STATUSES }).notNull().default('queued'),
    /** Where the conversation is: see modules/phone-calls/conversation.ts. */
    conversation: jsonb('conversation').$type<ConversationState>().notNull(),
    /** Replies given so far; an answer names the turn it answers, so a repeated webhook is recognised. */
    turn: integer('turn').notNull().default(0),
    /** The reply to the last turn, sent again unchanged when the same answer arrives twice. */
    lastReply: jsonb('last_reply').$type<CallReply>(),
    transcript: jsonb('transcript').$type<{ speaker: string; text: string }[]>().notNull().default([]),
    recordingSid: text('recording_sid'),
    recordingUrl: text('recording_url'),
    answeredBy: text('answered_by'),
    durationSeconds: integer('duration_seconds'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_calls_candidate_idx').on(t.candidateId),
    uniqueIndex('phone_calls_provider_sid_idx').on(t.providerSid),
    // One Twilio call per attempt, whichever instance's job places it (decision 038).
    uniqueIndex('phone_calls_twilio_attempt_idx').on(t.candidateId, t.attempt).where(sql`${t.provider} = 'twilio'`),
    oneOf('phone_calls_provider_check', t.provider, CALL_PROVIDERS),
    oneOf('phone_calls_status_check', t.status, PHONE_CALL_STATUSES),
  ],
);

/** A candidate's request about their own data, with the deadline the company must meet (issue 15). */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    interviewId: integer('interview_id').references(() => interviews.id, { onDelete: 'cascade' }),
    /** A phone screening candidate's request, from their call link (one of the two ids is set). */
    phoneCandidateId: integer('phone_candidate_id').references(() => phoneScreeningCandidates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DATA_REQUEST_KINDS }).notNull(),
    status: text('status', { enum: DATA_REQUEST_STATUSES }).notNull().default('open'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the candidate was told their request waits for a legal hold to end. */
    heldNoticeAt: timestamp('held_notice_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('data_requests_interview_kind_idx').on(t.interviewId, t.kind),
    uniqueIndex('data_requests_phone_candidate_kind_idx').on(t.phoneCandidateId, t.kind),
    check('data_requests_one_candidate_check', sql`num_nonnulls(${t.interviewId}, ${t.phoneCandidateId}) = 1`),
    index('data_requests_company_idx').on(t.companyId, t.status),
    oneOf('data_requests_kind_check', t.kind, DATA_REQUEST_KINDS),
    oneOf('data_requests_status_check', t.status, DATA_REQUEST_STATUSES),
  ],
);
