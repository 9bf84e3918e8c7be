/**
 * tus-js-client, loaded when first needed, and what its errors mean to the retry policy. The
 * library (about 58 KiB with its dependencies) is loaded by the first upload attempt, not with the
 * candidate's ready page (decision 016); every tus error is raised after that, so the checks below
 * can rely on it.
 */
import type * as tus from 'tus-js-client';
import { ApiError } from '@/client/lib/api';
import { MissingBytesError } from './chunk-store-types';
import type { FailureFacts } from './retry-policy';

let tusLib: typeof tus | null = null;

export const loadTus = async (): Promise<typeof tus> => (tusLib ??= await import('tus-js-client'));

const isDetailedError = (error: unknown): error is tus.DetailedError => tusLib !== null && error instanceof tusLib.DetailedError;

/** The uploader was stopped (page left, hook unmounted): not a failure of the upload. */
export class UploadStoppedError extends Error {
  constructor() {
    super('Upload stopped');
    this.name = 'UploadStoppedError';
  }
}

/** A request showed no progress for stallTimeoutMs: treated like a network error. */
export class StalledRequestError extends Error {
  constructor() {
    super('tus: request stalled');
    this.name = 'StalledRequestError';
  }
}

/** tus-js-client's chunk could not be loaded (the connection dropped): treated like a network error. */
export class TusLoadError extends Error {
  constructor(cause: unknown) {
    super('tus: could not load the upload client', { cause });
    this.name = 'TusLoadError';
  }
}

/** What an attempt's error says, for classifyFailure. */
export function describeFailure(error: unknown): FailureFacts {
  if (error instanceof MissingBytesError) return { type: 'missing-bytes' };
  if (error instanceof StalledRequestError || error instanceof TusLoadError) return { type: 'unreachable' };
  if (!isDetailedError(error) || !error.originalRequest) return { type: 'local' };
  const cause = error.causingError;
  if (cause instanceof MissingBytesError) return { type: 'missing-bytes' };
  const res = error.originalResponse;
  if (!res) {
    // XMLHttpRequest reports a network failure with a ProgressEvent; anything else is our own
    // code failing (reading IndexedDB, …).
    return cause && !(cause instanceof Event) ? { type: 'local' } : { type: 'no-response' };
  }
  return { type: 'response', method: error.originalRequest.getMethod(), status: res.getStatus() };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
};

/** The error finish() rejects with: an ApiError for a server refusal, else an Error. */
export function toFinalError(error: unknown): Error {
  const res = isDetailedError(error) ? error.originalResponse : null;
  if (res) {
    const status = res.getStatus();
    const xhr = res.getUnderlyingObject() as { statusText?: unknown } | null;
    const statusText = typeof xhr?.statusText === 'string' && xhr.statusText ? xhr.statusText : (STATUS_TEXT[status] ?? '');
    return new ApiError(status, res.getBody(), statusText);
  }
  if (isDetailedError(error) && error.causingError) return error.causingError;
  return error instanceof Error ? error : new Error(String(error));
}
