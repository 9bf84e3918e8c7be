/**
 * Every closed set of values the product stores: the lists the database schema declares (and
 * enforces with check constraints, drizzle/0008), their types, and the few rules that read them.
 * The zod enums built from them are in status-enums.ts. No zod here, so the candidate's ready page
 * can use these rules without downloading it. Adding a value means adding it here and in a migration.
 */

// ---- Video interviews ------------------------------------------------------------------------

/** pending (created) → in_progress (the candidate pressed start) → evaluating (submitted) → completed (scored). */
export const INTERVIEW_STATUSES = ['pending', 'in_progress', 'evaluating', 'completed'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

/** The statuses in which the candidate may still start, answer, record and submit. */
export const OPEN_INTERVIEW_STATUSES = ['pending', 'in_progress'] as const satisfies readonly InterviewStatus[];

/**
 * The one rule for "the interview is open": until it has been submitted, the candidate's link may
 * start it, speak, save answers, upload and submit. Once submitted (evaluating, completed) never again.
 */
export function isInterviewOpen(status: InterviewStatus): boolean {
  return (OPEN_INTERVIEW_STATUSES as readonly InterviewStatus[]).includes(status);
}

// ---- Phone screenings --------------------------------------------------------------------------

/** A screening candidate: 'completed' is shown green, everything else yellow (spec). */
export const SCREENING_CANDIDATE_STATUSES = [
  'pending',
  'calling',
  'in_progress',
  'evaluating',
  'completed',
  'no_answer',
  'busy',
  'voicemail',
  'declined',
  'unreachable',
  'failed',
] as const;
export type ScreeningCandidateStatus = (typeof SCREENING_CANDIDATE_STATUSES)[number];

/** A candidate the dispatcher may call: not yet called, or an earlier attempt nobody answered. */
export const CALLABLE_CANDIDATE_STATUSES = ['pending', 'no_answer', 'busy', 'voicemail'] as const satisfies readonly ScreeningCandidateStatus[];
/** The screening has been carried out: being scored or scored. No further call. */
export const SCREENED_CANDIDATE_STATUSES = ['evaluating', 'completed'] as const satisfies readonly ScreeningCandidateStatus[];

export function isScreened(status: ScreeningCandidateStatus): boolean {
  return (SCREENED_CANDIDATE_STATUSES as readonly ScreeningCandidateStatus[]).includes(status);
}

/** One call, as the provider reports it (Twilio's statuses, with '-' as '_', and voicemail for a machine). */
export const PHONE_CALL_STATUSES = ['queued', 'initiated', 'ringing', 'in_progress', 'completed', 'busy', 'no_answer', 'failed', 'canceled', 'voicemail'] as const;
export type PhoneCallStatus = (typeof PHONE_CALL_STATUSES)[number];

/** A call that has ended: nothing the provider reports later changes it. */
export const FINISHED_CALL_STATUSES = ['completed', 'busy', 'no_answer', 'failed', 'canceled', 'voicemail'] as const satisfies readonly PhoneCallStatus[];

export const CALL_PROVIDERS = ['twilio', 'simulator'] as const;
export type CallProvider = (typeof CALL_PROVIDERS)[number];

// ---- Accounts, reviews and mail ----------------------------------------------------------------

/** The install's operator ('admin': reviews new companies at /admin) or anyone else. Not a role in a company: see COMPANY_ROLES. */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * A member's role in their company (issue 16, decision 026), from least to most: a viewer reads
 * reports; a recruiter also runs jobs, interviews, screenings and reviews; an owner also manages
 * members and the company's settings.
 */
export const COMPANY_ROLES = ['viewer', 'recruiter', 'owner'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Whether a member with `role` may do what needs at least `needed`. */
export function hasCompanyRole(role: CompanyRole, needed: CompanyRole): boolean {
  return COMPANY_ROLES.indexOf(role) >= COMPANY_ROLES.indexOf(needed);
}

/** How long an invitation to join a company stays valid. */
export const MEMBER_INVITATION_DAYS = 7;
/** How long a password reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 60;
/** How long a candidate's interview link stays valid by default, and the company setting's bounds. */
export const CANDIDATE_LINK_DAY_BOUNDS = { min: 1, max: 90, default: 14 } as const;
/** When a candidate who has not started is reminded (once). */
export const CANDIDATE_REMINDER_DAYS = 3;

/** The emails a member may choose to get (each on by default but the daily digest). */
export const NOTIFICATION_KINDS = ['interview_completed', 'screening_completed', 'candidate_request', 'daily_digest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An account's review by the operator: pending until approved or rejected. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * How an account's latest review was made: approved as the install's first account (its operator,
 * decision 002), by an admin at /admin, with `npm run admin` (no reviewer), or by joining through a
 * member's invitation (the inviter is the reviewer).
 */
export const ACCOUNT_REVIEW_CHANNELS = ['first_account', 'admin_page', 'command_line', 'invitation'] as const;
export type AccountReviewChannel = (typeof ACCOUNT_REVIEW_CHANNELS)[number];

/** A recruiter's review entry of an interview: a changed score or a decision. */
export const REVIEW_ENTRY_KINDS = ['score', 'decision'] as const;
export type ReviewEntryKind = (typeof REVIEW_ENTRY_KINDS)[number];

export const REVIEW_DECISIONS = ['advance', 'hold', 'reject'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** An email: queued → sending → sent over SMTP, or kept in the in-app outbox, or failed. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'outbox', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

// ---- Candidate data -----------------------------------------------------------------------------

/** A company's retention period: 30 days to 4 years (California keeps records four years), a year by default. */
export const RETENTION_DAY_BOUNDS = { min: 30, max: 4 * 365 + 1, default: 365 } as const;

/** Why a candidate's data was deleted (the audit entry keeps this code, never a free text). */
export const DELETION_REASONS = ['candidate_request', 'withdrawn', 'entered_in_error', 'retention', 'other'] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];
/** The reasons a recruiter may give; 'retention' is the daily job's own. */
export const RECRUITER_DELETION_REASONS = ['candidate_request', 'withdrawn', 'entered_in_error', 'other'] as const satisfies readonly DeletionReason[];

/** A candidate's request about their data: for now, deletion (an alternative process comes later). */
export const DATA_REQUEST_KINDS = ['deletion'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
/** open until carried out (completed); held when its deadline came under a legal hold (the candidate is told). */
export const DATA_REQUEST_STATUSES = ['open', 'held', 'completed'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
/** How long a company has to carry out a candidate's deletion request (Illinois' AI Video Interview Act: 30 days). */
export const DELETION_REQUEST_DAYS = 30;

// ---- Integrations (issue 17) -------------------------------------------------------------------

/** Where a candidate came from: typed by a recruiter, a CSV import, the public apply page, or the API. */
export const CANDIDATE_SOURCES = ['recruiter', 'import', 'apply', 'api'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

/** What a company API key may do: 'read' acts as a viewer, 'write' as a recruiter (never as an owner). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The events a company's webhook endpoints can subscribe to. */
export const WEBHOOK_EVENTS = ['interview.completed', 'interview.reviewed', 'screening.completed', 'candidate.applied', 'candidate.deleted'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** pending (queued or between retries) → succeeded (a 2xx) or failed (every attempt refused or unanswered). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
