/**
 * What the uploader does after a failed attempt, as pure functions: which failures are an outage
 * (retried for as long as the page is open, the candidate told they are offline), which are odd
 * (retried a few times), which mean the server forgot the upload (start a new one, if every byte is
 * still here) and which are final (finish() rejects with the server's answer). Decision 020.
 */

/** A failed attempt, as far as the decision needs to know it (tus-client.ts reads it off tus's errors). */
export type FailureFacts =
  /** A byte to send is no longer stored in the browser. */
  | { type: 'missing-bytes' }
  /** No request could go out or come back: the upload client did not load, or a request stalled. */
  | { type: 'unreachable' }
  /** A request was sent and the network failed it (no response). */
  | { type: 'no-response' }
  /** Our own code failed (reading the store…), or tus failed before any request. */
  | { type: 'local' }
  | { type: 'response'; method: string; status: number };

export type FailureKind =
  /** Offline, DNS, connection reset, stalled request: wait and retry, forever. */
  | 'network'
  /** The server is there but cannot take it now (5xx, 408, 429, 423 locked): wait and retry, forever. */
  | 'unavailable'
  /** 409 on PATCH: our offset and the server's differ; the next attempt asks the server (HEAD). */
  | 'conflict'
  /** 404/410 on a stored upload URL: the server forgot the upload. */
  | 'gone'
  /** Bytes the server still needs were deleted here: nothing can bring them back. */
  | 'lost'
  /** Not the network, not the server's refusal: retried a few times. */
  | 'local'
  /** The server refuses the upload (400, 401, 403, 409 on creation, 413, 415…): final. */
  | 'refused';

export function classifyFailure(facts: FailureFacts): FailureKind {
  switch (facts.type) {
    case 'missing-bytes':
      return 'lost';
    case 'unreachable':
    case 'no-response':
      return 'network';
    case 'local':
      return 'local';
    case 'response':
      return classifyResponse(facts.method, facts.status);
  }
}

function classifyResponse(method: string, status: number): FailureKind {
  if (status === 0) return 'network';
  if (status >= 500 || status === 408 || status === 429 || status === 423) return 'unavailable';
  if (status === 409 && method === 'PATCH') return 'conflict';
  // On creation a 404/410 is the endpoint refusing; on a stored URL it is the upload that is gone.
  if (status === 404 || status === 410) return method === 'POST' ? 'refused' : 'gone';
  if (status >= 200 && status < 400) return 'local'; // a 2xx that broke the protocol (missing header…)
  return 'refused';
}

/** Delays between attempts after a failure; the last one repeats for as long as it takes. */
export const DEFAULT_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];

/**
 * How many failures in a row, without the server acknowledging anything in between, are tolerated
 * for errors that are not outages ('conflict', 'local', 'gone').
 */
export const MAX_ODD_FAILURES = 5;

export function retryDelay(retry: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS): number {
  return delays[Math.min(retry, delays.length - 1)] ?? 10_000;
}

export interface RetryState {
  /** Attempts retried after a wait since the server last acknowledged bytes (indexes the delays). */
  retry: number;
  /** 'conflict', 'local' and 'gone' failures since the server last acknowledged bytes. */
  oddFailures: number;
}

export const FRESH_RETRY_STATE: RetryState = { retry: 0, oddFailures: 0 };

export type NextStep =
  /** Try again after `delayMs` (0: at once); `offline` tells the candidate the connection is down. */
  | { action: 'retry'; delayMs: number; offline: boolean }
  /** Forget the upload URL and create a new upload from byte 0, at once. */
  | { action: 'new-upload' }
  /** Stop: finish() rejects with this failure. */
  | { action: 'give-up' };

export interface FailureContext {
  /** The server acknowledged more bytes during the failed attempt: the counters start over. */
  madeProgress: boolean;
  /** Every byte from 0 on is still stored here (asked only for 'gone'). */
  storedFromZero: boolean;
  delays?: readonly number[];
}

export function nextStep(kind: FailureKind, previous: RetryState, context: FailureContext): { step: NextStep; state: RetryState } {
  const { retry, oddFailures } = context.madeProgress ? FRESH_RETRY_STATE : previous;
  const giveUp = { step: { action: 'give-up' } as const, state: { retry, oddFailures } };
  const wait = (offline: boolean, odd: number) => ({
    step: { action: 'retry', delayMs: retryDelay(retry, context.delays), offline } as const,
    state: { retry: retry + 1, oddFailures: odd },
  });
  switch (kind) {
    case 'network':
    case 'unavailable':
      return wait(true, oddFailures);
    case 'gone':
      // A new upload must start at byte 0: only possible while the first chunk is still here.
      if (!context.storedFromZero || oddFailures + 1 > MAX_ODD_FAILURES) return giveUp;
      return { step: { action: 'new-upload' }, state: { retry, oddFailures: oddFailures + 1 } };
    case 'conflict':
    case 'local':
      if (oddFailures + 1 > MAX_ODD_FAILURES) return giveUp;
      return wait(false, oddFailures + 1);
    case 'lost':
    case 'refused':
      return giveUp;
  }
}
