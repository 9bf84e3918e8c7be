import { describe, expect, it } from 'vitest';
import {
  classifyFailure,
  DEFAULT_RETRY_DELAYS,
  FRESH_RETRY_STATE,
  MAX_ODD_FAILURES,
  nextStep,
  retryDelay,
  type FailureContext,
  type FailureKind,
  type NextStep,
  type RetryState,
} from './retry-policy';

const response = (method: string, status: number) => classifyFailure({ type: 'response', method, status });
const quiet: FailureContext = { madeProgress: false, storedFromZero: false };

/** The steps the uploader takes after `count` failures of one kind in a row. */
function steps(kind: FailureKind, count: number, context: FailureContext = quiet): NextStep[] {
  let state: RetryState = FRESH_RETRY_STATE;
  const out: NextStep[] = [];
  for (let i = 0; i < count; i++) {
    const decided = nextStep(kind, state, context);
    out.push(decided.step);
    state = decided.state;
  }
  return out;
}

describe('which failures are retried', () => {
  it('an outage is retried: no network, no response, a stalled request, status 0', () => {
    expect(classifyFailure({ type: 'no-response' })).toBe('network');
    expect(classifyFailure({ type: 'unreachable' })).toBe('network');
    expect(response('PATCH', 0)).toBe('network');
  });

  it('5xx, 408, 429 and 423 (locked by the previous request) mean the server cannot take it now', () => {
    for (const status of [500, 502, 503, 504, 408, 429, 423]) expect(response('PATCH', status), String(status)).toBe('unavailable');
    expect(response('POST', 503)).toBe('unavailable');
    expect(response('HEAD', 500)).toBe('unavailable');
  });

  it('409 on PATCH is an offset conflict (asked again with HEAD); 409 on creation is a refusal', () => {
    expect(response('PATCH', 409)).toBe('conflict');
    expect(response('POST', 409)).toBe('refused');
  });

  it('404/410 on a stored upload URL means the upload is gone; on creation it is a refusal', () => {
    for (const method of ['HEAD', 'PATCH']) {
      expect(response(method, 404)).toBe('gone');
      expect(response(method, 410)).toBe('gone');
    }
    expect(response('POST', 404)).toBe('refused');
    expect(response('POST', 410)).toBe('refused');
  });

  it('the server refusing the upload is final: 400, 401, 403, 413 (too large), 415 (not WebM)', () => {
    for (const status of [400, 401, 403, 413, 415, 422]) {
      expect(response('PATCH', status), String(status)).toBe('refused');
      expect(response('POST', status), String(status)).toBe('refused');
    }
  });

  it('a 2xx that broke the protocol, our own code failing, and bytes no longer stored', () => {
    expect(response('HEAD', 200)).toBe('local');
    expect(response('PATCH', 204)).toBe('local');
    expect(classifyFailure({ type: 'local' })).toBe('local');
    expect(classifyFailure({ type: 'missing-bytes' })).toBe('lost');
  });
});

describe('what happens next', () => {
  it('an outage is retried for as long as it lasts, backing off 0, 1, 3, 5, then every 10 s, and the candidate is told', () => {
    const taken = steps('network', 40);
    expect(taken.every((step) => step.action === 'retry' && step.offline)).toBe(true);
    expect(taken.slice(0, 7).map((step) => (step.action === 'retry' ? step.delayMs : null))).toEqual([0, 1_000, 3_000, 5_000, 10_000, 10_000, 10_000]);
    expect(steps('unavailable', 40).every((step) => step.action === 'retry' && step.offline)).toBe(true);
  });

  it('bytes acknowledged during the failed attempt start the back-off over', () => {
    let state: RetryState = { retry: 6, oddFailures: 4 };
    const decided = nextStep('network', state, { ...quiet, madeProgress: true });
    expect(decided.step).toEqual({ action: 'retry', delayMs: 0, offline: true });
    state = decided.state;
    expect(state).toEqual({ retry: 1, oddFailures: 0 });
  });

  it(`odd failures (offset conflict, our own error) are retried ${MAX_ODD_FAILURES} times in a row, without the offline notice`, () => {
    for (const kind of ['conflict', 'local'] as const) {
      const taken = steps(kind, MAX_ODD_FAILURES + 1);
      expect(taken.slice(0, MAX_ODD_FAILURES).every((step) => step.action === 'retry' && !step.offline)).toBe(true);
      expect(taken[MAX_ODD_FAILURES]).toEqual({ action: 'give-up' });
    }
  });

  it('progress between odd failures keeps the upload going', () => {
    let state: RetryState = FRESH_RETRY_STATE;
    for (let i = 0; i < 3 * MAX_ODD_FAILURES; i++) {
      const decided = nextStep('conflict', state, { ...quiet, madeProgress: i % 2 === 0 });
      expect(decided.step.action).toBe('retry');
      state = decided.state;
    }
  });

  it('an upload the server forgot is started again from byte 0, only while byte 0 is still stored here', () => {
    expect(nextStep('gone', FRESH_RETRY_STATE, { ...quiet, storedFromZero: true }).step).toEqual({ action: 'new-upload' });
    expect(nextStep('gone', FRESH_RETRY_STATE, { ...quiet, storedFromZero: false }).step).toEqual({ action: 'give-up' });
    const taken = steps('gone', MAX_ODD_FAILURES + 1, { ...quiet, storedFromZero: true });
    expect(taken.slice(0, MAX_ODD_FAILURES).every((step) => step.action === 'new-upload')).toBe(true);
    expect(taken[MAX_ODD_FAILURES]).toEqual({ action: 'give-up' });
  });

  it('a refusal and lost bytes end the upload at once', () => {
    expect(steps('refused', 1)).toEqual([{ action: 'give-up' }]);
    expect(steps('lost', 1)).toEqual([{ action: 'give-up' }]);
    expect(nextStep('refused', FRESH_RETRY_STATE, { madeProgress: true, storedFromZero: true }).step).toEqual({ action: 'give-up' });
  });

  it('the delays can be set; the last one repeats', () => {
    expect(DEFAULT_RETRY_DELAYS).toEqual([0, 1_000, 3_000, 5_000, 10_000]);
    expect([0, 1, 2, 9].map((retry) => retryDelay(retry, [5, 50]))).toEqual([5, 50, 50, 50]);
    expect(retryDelay(0, [])).toBe(10_000);
    const custom = steps('network', 3, { ...quiet, delays: [20, 40] });
    expect(custom.map((step) => (step.action === 'retry' ? step.delayMs : null))).toEqual([20, 40, 40]);
  });
});
