import { statusOfCode, type ErrorCode } from '@/contracts/errors';
import { ApiError, UnexpectedResponseError } from './api';

/**
 * What a person is shown when a call fails, decided here once from the server's `code` (every
 * failure comes as `{ error, code, details? }`, contracts/errors.ts). In the app's entry, so no zod here.
 *
 *   an answer with a code, 4xx or 5xx   the server's sentence: written for people, and a 5xx one
 *                                       never carries internals (INTERNAL's is a fixed generic one)
 *   NOT_APPROVED without a sentence     'Your account is awaiting approval'
 *   an answer without a code            the caller's fallback, GENERIC_MESSAGE by default
 *   (a proxy's 502 page), or a 2xx answer of another shape (UnexpectedResponseError)
 *   no answer at all                    the caller's offline text, CONNECTION_MESSAGE by default
 *
 * By code: UNAUTHENTICATED on a signed-in page refreshes the session, so a person whose session
 * ended goes to /auth (query-client.ts); on a link's page it means the link names nothing. Pages
 * with a "not found" or "not available" view ask isNotFound, isSignedOut and isRefused; isConflict
 * means "already done, or moved on elsewhere: ask again where it stands", and isGone "a link that
 * worked once no longer does". Those two ask a code's class (its status in contracts/errors.ts), so
 * every domain conflict (INTERVIEW_SUBMITTED, NAME_TAKEN, …) counts; a caller that needs one
 * condition compares the code itself.
 */

/** No answer came. */
export const CONNECTION_MESSAGE = 'Please check your connection and try again.';
/** An answer with nothing in it to show a person. */
export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
/** NOT_APPROVED's sentence, should an answer carry the code without one. */
export const AWAITING_APPROVAL = 'Your account is awaiting approval';

const SENTENCE_IF_MISSING: Partial<Record<ErrorCode, string>> = { NOT_APPROVED: AWAITING_APPROVAL };

/** The server's code for a failure; undefined without an answer, or for an answer not in the API's error format. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

const hasCode = (error: unknown, codes: readonly ErrorCode[]) => {
  const code = errorCode(error);
  return code !== undefined && codes.includes(code);
};

const hasStatus = (error: unknown, status: number) => {
  const code = errorCode(error);
  return code !== undefined && statusOfCode(code) === status;
};

/** No answer came (offline, a dropped connection, a server that cannot be reached): fetch itself failed. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof Error && !(error instanceof ApiError) && !(error instanceof UnexpectedResponseError);
}

/** A read of one thing by its address found nothing this account may see: unknown, another company's, or an id (or link) the server cannot read (any 400). */
export const isNotFound = (error: unknown) => hasCode(error, ['NOT_FOUND']) || hasStatus(error, 400);

/** No session (signed out, or it ended), or a link whose token names nothing (invalid or expired). */
export const isSignedOut = (error: unknown) => hasCode(error, ['UNAUTHENTICATED']);

/** The account may not do this: not approved yet, rejected or removed, or not allowed (any 403). */
export const isRefused = (error: unknown) => hasStatus(error, 403);

/** The thing has moved on (already submitted, an answer to an earlier turn, a name taken): any code of the 409 class. */
export const isConflict = (error: unknown) => hasStatus(error, 409);

/** A link that was valid once no longer works (used, expired, revoked), or a page that stopped taking applications: any code of the 410 class. */
export const isGone = (error: unknown) => hasStatus(error, 410);

export interface ErrorTexts {
  /** For an answer with nothing to show (no code, or an unexpected shape). Default: GENERIC_MESSAGE. */
  fallback?: string | undefined;
  /** For no answer at all. Default: CONNECTION_MESSAGE. */
  offline?: string | undefined;
}

/** The sentence a person is shown for a failed call (see the table above); a string is the fallback. */
export function describeError(error: unknown, texts: string | ErrorTexts = {}): string {
  const { fallback = GENERIC_MESSAGE, offline = CONNECTION_MESSAGE } = typeof texts === 'string' ? { fallback: texts } : texts;
  if (error instanceof ApiError) {
    if (error.code === undefined) return fallback;
    return error.serverMessage || SENTENCE_IF_MISSING[error.code] || fallback;
  }
  return isNetworkError(error) ? offline : fallback;
}
