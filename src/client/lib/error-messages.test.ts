import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@/contracts/errors';
import { ApiError, UnexpectedResponseError } from './api';
import {
  AWAITING_APPROVAL,
  CONNECTION_MESSAGE,
  describeError,
  errorCode,
  GENERIC_MESSAGE,
  isConflict,
  isGone,
  isNetworkError,
  isNotFound,
  isRefused,
  isSignedOut,
} from './error-messages';

/** A failed answer as the server sends it: `{ error, code }` with the code's status (contracts/errors.ts). */
const answer = (status: number, code: ErrorCode, error: string) => new ApiError(status, JSON.stringify({ error, code }), '');
/** What fetch rejects with when no answer comes. */
const offline = () => new TypeError('Failed to fetch');

describe('describeError', () => {
  it("shows the server's sentence for every code, 4xx and 5xx alike (a 5xx one is generic by construction)", () => {
    expect(describeError(answer(400, 'VALIDATION_FAILED', 'Row 3: weight must be a positive number'))).toBe('Row 3: weight must be a positive number');
    expect(describeError(answer(401, 'INVALID_CREDENTIALS', 'Invalid username or password'))).toBe('Invalid username or password');
    expect(describeError(answer(403, 'NOT_APPROVED', 'Your account is awaiting approval'))).toBe('Your account is awaiting approval');
    expect(describeError(answer(409, 'NAME_TAKEN', 'Username already exists'), 'Failed')).toBe('Username already exists');
    expect(describeError(answer(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a moment and try again.'))).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(describeError(answer(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'), 'Failed to update questions')).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(describeError(answer(503, 'SERVICE_UNAVAILABLE', 'The telephony provider could not delete the call recording'))).toBe(
      'The telephony provider could not delete the call recording',
    );
  });

  it("gives an answer without the API's error format the caller's fallback, or the generic message", () => {
    const gateway = new ApiError(502, '<html>Bad Gateway</html>', 'Bad Gateway');
    expect(describeError(gateway)).toBe(GENERIC_MESSAGE);
    expect(describeError(gateway, 'Failed to update rubric')).toBe('Failed to update rubric');
    expect(describeError(new ApiError(500, '', 'Internal Server Error'), { fallback: 'Failed to create interview' })).toBe('Failed to create interview');
    // An error sentence without a known code is not the API's format either.
    expect(describeError(new ApiError(400, JSON.stringify({ error: 'x', code: 'SOMETHING_NEW' }), ''), 'Failed')).toBe('Failed');
  });

  it("fills in a code's known sentence when the body has none, else the fallback", () => {
    expect(describeError(new ApiError(403, JSON.stringify({ code: 'NOT_APPROVED' }), ''))).toBe(AWAITING_APPROVAL);
    expect(describeError(new ApiError(404, JSON.stringify({ error: '', code: 'NOT_FOUND' }), ''), 'Not there')).toBe('Not there');
  });

  it('says to check the connection when no answer came, unless the caller has its own words for it', () => {
    expect(describeError(offline())).toBe(CONNECTION_MESSAGE);
    expect(describeError(offline(), 'Failed to create interview')).toBe(CONNECTION_MESSAGE);
    expect(describeError(offline(), { fallback: 'x', offline: 'The upload failed. Please try again.' })).toBe('The upload failed. Please try again.');
    expect(describeError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(CONNECTION_MESSAGE);
  });

  it('treats an answer of the wrong shape, or something thrown that is not an Error, as a failure with nothing to show', () => {
    const shape = new UnexpectedResponseError('/api/job', { cause: new Error('id: expected number') });
    expect(describeError(shape)).toBe(GENERIC_MESSAGE);
    expect(describeError(shape, 'Failed to create job')).toBe('Failed to create job');
    expect(describeError('odd', { offline: 'never this' })).toBe(GENERIC_MESSAGE);
    expect(describeError(undefined)).toBe(GENERIC_MESSAGE);
  });
});

describe('errorCode and the kinds of failure pages branch on', () => {
  it("reads the code of the server's answer only", () => {
    expect(errorCode(answer(404, 'NOT_FOUND', 'Job not found'))).toBe('NOT_FOUND');
    expect(errorCode(new ApiError(404, 'Not Found', 'Not Found'))).toBeUndefined();
    expect(errorCode(offline())).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
  });

  it('tells no answer from an answer', () => {
    expect(isNetworkError(offline())).toBe(true);
    expect(isNetworkError(answer(500, 'INTERNAL', 'x'))).toBe(false);
    expect(isNetworkError(new ApiError(502, '', 'Bad Gateway'))).toBe(false);
    expect(isNetworkError(new UnexpectedResponseError('/api/job', { cause: null }))).toBe(false);
    expect(isNetworkError('odd')).toBe(false);
  });

  const kinds = { isNotFound, isSignedOut, isRefused, isConflict, isGone };
  const cases: [ErrorCode, number, keyof typeof kinds | null][] = [
    ['NOT_FOUND', 404, 'isNotFound'],
    ['BAD_REQUEST', 400, 'isNotFound'],
    ['VALIDATION_FAILED', 400, 'isNotFound'],
    ['UNAUTHENTICATED', 401, 'isSignedOut'],
    ['FORBIDDEN', 403, 'isRefused'],
    ['NOT_APPROVED', 403, 'isRefused'],
    ['ACCOUNT_REJECTED', 403, 'isRefused'],
    ['CONFLICT', 409, 'isConflict'],
    // The domain codes count by their class: a name taken, a closed job, a submitted interview are conflicts.
    ['NAME_TAKEN', 409, 'isConflict'],
    ['JOB_CLOSED', 409, 'isConflict'],
    ['INTERVIEW_SUBMITTED', 409, 'isConflict'],
    ['CALL_TURN_STALE', 409, 'isConflict'],
    ['LINK_NO_LONGER_VALID', 410, 'isGone'],
    ['APPLICATIONS_CLOSED', 410, 'isGone'],
    ['ACCOUNT_REMOVED', 403, 'isRefused'],
    ['CONSENT_REQUIRED', 403, 'isRefused'],
    ['LINK_INVALID', 400, 'isNotFound'],
    ['INVALID_CREDENTIALS', 401, null],
    ['TOO_MANY_REQUESTS', 429, null],
    ['PAYLOAD_TOO_LARGE', 413, null],
    ['UNSUPPORTED_MEDIA_TYPE', 415, null],
    ['INTERNAL', 500, null],
    ['SERVICE_UNAVAILABLE', 503, null],
  ];
  it.each(cases)('%s (%i) is %s', (code, status, kind) => {
    const error = answer(status, code, 'sentence');
    for (const [name, is] of Object.entries(kinds)) expect(is(error), name).toBe(name === kind);
  });

  it('goes by the code, not the status: an answer without a code is none of them', () => {
    for (const status of [400, 401, 403, 404, 409, 410]) {
      const error = new ApiError(status, 'plain text', '');
      for (const [name, is] of Object.entries(kinds)) expect(is(error), `${name} ${status}`).toBe(false);
    }
    for (const is of Object.values(kinds)) expect(is(offline())).toBe(false);
  });
});
