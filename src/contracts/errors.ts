import type { ApplyField } from './apply-rules';
import type { CallOptOutReason } from './consent';
import type { ImportPreview } from './imports';

/**
 * The one wire format of every failure (docs/decisions/060-domain-error-codes.md):
 * `{ error: a sentence a person can read, code, details? }`. A code names the condition; its HTTP
 * status is beside it here, once, so the server answers with it and the client can ask a code's
 * class (a conflict, a link that is gone). Generic codes are for generic conditions (a schema
 * failure, no session, a plain permission); a condition of the product has a code of its own.
 */
export const errorStatus = {
  // ---- Generic.
  /** The request does not pass its schema, or a field's own check (a common password, a CSV cell). */
  VALIDATION_FAILED: 400,
  /** A request the server cannot read (broken JSON or multipart, an empty body, a broken address). */
  BAD_REQUEST: 400,
  /** No session, an ended one, an unknown API key, or a candidate or call link whose token names nothing. */
  UNAUTHENTICATED: 401,
  /** A wrong username or password at sign-in. */
  INVALID_CREDENTIALS: 401,
  /** A plain permission: the role, the API key's scope, another candidate's upload, a cross-site request. */
  FORBIDDEN: 403,
  /** The account is awaiting approval. */
  NOT_APPROVED: 403,
  /** The account application was not approved. */
  ACCOUNT_REJECTED: 403,
  /** Nothing this account may see has this address. */
  NOT_FOUND: 404,
  /** A framework's own 409; the product's conflicts have the domain codes below. */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The speech-to-text provider could not transcribe a candidate's answer (the room then offers typing, decision 056). */
  TRANSCRIPTION_FAILED: 502,
  /** The database, the storage, the telephony or the speech provider is away for now. */
  SERVICE_UNAVAILABLE: 503,

  // ---- Accounts and members.
  /** A username, or a template's name, is already taken. */
  NAME_TAKEN: 409,
  /** The email invited is already a member of the company. */
  ALREADY_MEMBER: 409,
  /** A member invitation already accepted cannot be revoked. */
  INVITATION_ACCEPTED: 409,
  /** The company's last owner cannot be demoted or removed. */
  LAST_OWNER: 409,
  /** The install's operator cannot be removed from their company. */
  OPERATOR_PROTECTED: 409,
  /** An owner removed this account from its company (sign-in). */
  ACCOUNT_REMOVED: 403,
  /** The current password given to change it is wrong. */
  WRONG_CURRENT_PASSWORD: 400,
  /** The action cannot be done to oneself: rejecting one's own account, ending the session in use. */
  CANNOT_TARGET_SELF: 400,

  // ---- Links.
  /** A link that was valid once no longer works: a password reset, a member invitation or a candidate's interview link (details.reason says why). */
  LINK_NO_LONGER_VALID: 410,
  /** A signed link whose signature does not check (an unsubscribe link). */
  LINK_INVALID: 400,

  // ---- Jobs, interviews, applications.
  /** The job is closed: it takes no candidates, invitations or application page until reopened. */
  JOB_CLOSED: 409,
  /** A job with interviews cannot be deleted (close it instead). */
  JOB_HAS_INTERVIEWS: 409,
  /** The interview has been submitted: nothing more is recorded, consented to or sent for it. */
  INTERVIEW_SUBMITTED: 409,
  /** The interview has not been started, so it takes no answer yet. */
  INTERVIEW_NOT_STARTED: 409,
  /** The interview has not finished: a review needs it completed, the self-identification questions need it submitted. */
  INTERVIEW_NOT_FINISHED: 409,
  /** The recording has not finished uploading. */
  RECORDING_INCOMPLETE: 409,
  /** The public application page no longer takes applications (turned off, or its job closed). */
  APPLICATIONS_CLOSED: 410,
  /** An application refused field by field (details.fields, one message per field). */
  APPLICATION_INVALID: 400,
  /** A CSV import refused for its rows: nothing was created (details: the preview, every row with its errors). */
  IMPORT_ROWS_INVALID: 400,

  // ---- Candidates' consent and data.
  /** The candidate has not agreed to the notice. */
  CONSENT_REQUIRED: 403,
  /** The notice changed since the candidate read it: they read the new one first. */
  NOTICE_CHANGED: 409,
  /** The candidate already asked for this alternative to the AI interview. */
  ALTERNATIVE_REQUESTED: 409,
  /** The candidate already answered the self-identification questions. */
  SELF_IDENTIFICATION_ANSWERED: 409,
  /** The candidate's data was deleted: the interview can no longer be reviewed or its invitation sent. */
  CANDIDATE_DATA_DELETED: 409,
  /** The candidate is under a legal hold: their data cannot be deleted. */
  LEGAL_HOLD: 409,
  /** The company's export is already being made. */
  EXPORT_IN_PROGRESS: 409,

  // ---- Phone screenings and webhooks.
  /** The candidate's phone screening has already been completed. */
  SCREENING_COMPLETED: 409,
  /** The candidate asked not to be called again, or declined the call (details.reason). */
  CALL_OPTED_OUT: 409,
  /** An answer to an earlier turn of the call. */
  CALL_TURN_STALE: 409,
  /** Calls are placed by phone on this server, so the browser call simulator is off. */
  SIMULATOR_OFF: 409,
  /** The webhook endpoint is disabled: enable it before sending to it. */
  WEBHOOK_DISABLED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** The HTTP status a code is answered with. */
export const statusOfCode = (code: ErrorCode): number => errorStatus[code];

/** Why a link no longer works. */
export type LinkGoneReason = 'used' | 'expired' | 'revoked' | 'job_closed';

/** The typed details a code carries; a code not listed here carries none. */
export interface ErrorDetailsByCode {
  APPLICATION_INVALID: { fields: Partial<Record<ApplyField, string>> };
  IMPORT_ROWS_INVALID: ImportPreview;
  LINK_NO_LONGER_VALID: { reason: LinkGoneReason };
  CALL_OPTED_OUT: { reason: CallOptOutReason };
}
export type DetailedCode = keyof ErrorDetailsByCode;
export type ErrorDetails<C extends ErrorCode> = C extends DetailedCode ? ErrorDetailsByCode[C] : never;

/** A failure's body, by code: `details` is there exactly for the codes that have them. */
export type ErrorBody<C extends ErrorCode = ErrorCode> = {
  [K in C]: K extends DetailedCode ? { error: string; code: K; details: ErrorDetailsByCode[K] } : { error: string; code: K; details?: never };
}[C];
