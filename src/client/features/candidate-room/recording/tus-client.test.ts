import type * as tus from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api';
import { MissingBytesError } from './chunk-store-types';
import { describeFailure, loadTus, StalledRequestError, toFinalError, TusLoadError } from './tus-client';

let lib: typeof tus;
beforeAll(async () => {
  lib = await loadTus();
});

const request = (method: string) => ({ getMethod: () => method }) as unknown as tus.HttpRequest;
const response = (status: number, body = '', statusText = '') =>
  ({ getStatus: () => status, getBody: () => body, getUnderlyingObject: () => ({ statusText }) }) as unknown as tus.HttpResponse;

/** An error as tus-js-client raises it (its DetailedError, with the request, response and cause it saw). */
function tusError(parts: { req?: tus.HttpRequest; res?: tus.HttpResponse; cause?: Error }): tus.DetailedError {
  return Object.assign(new lib.DetailedError('tus: failed'), {
    originalRequest: parts.req ?? null,
    originalResponse: parts.res ?? null,
    causingError: parts.cause ?? null,
  });
}

describe("what tus-js-client's errors say", () => {
  it('a response: its method and status', () => {
    expect(describeFailure(tusError({ req: request('PATCH'), res: response(503) }))).toEqual({ type: 'response', method: 'PATCH', status: 503 });
  });

  it('no response: the network (XMLHttpRequest fails with a ProgressEvent), unless our own code failed', () => {
    expect(describeFailure(tusError({ req: request('PATCH'), cause: new Event('error') as unknown as Error }))).toEqual({ type: 'no-response' });
    expect(describeFailure(tusError({ req: request('HEAD') }))).toEqual({ type: 'no-response' });
    expect(describeFailure(tusError({ req: request('PATCH'), cause: new Error('IndexedDB read failed') }))).toEqual({ type: 'local' });
  });

  it('bytes no longer stored, whether raised by us or carried by tus', () => {
    expect(describeFailure(new MissingBytesError(0, 10, 4))).toEqual({ type: 'missing-bytes' });
    expect(describeFailure(tusError({ req: request('PATCH'), cause: new MissingBytesError(0, 10, 4) }))).toEqual({ type: 'missing-bytes' });
  });

  it('a stalled request or an upload client that did not load count as unreachable; anything else is ours', () => {
    expect(describeFailure(new StalledRequestError())).toEqual({ type: 'unreachable' });
    expect(describeFailure(new TusLoadError(new TypeError('Failed to fetch dynamically imported module')))).toEqual({ type: 'unreachable' });
    expect(describeFailure(tusError({}))).toEqual({ type: 'local' });
    expect(describeFailure(new Error('Upload finished without a URL'))).toEqual({ type: 'local' });
  });
});

describe('the error finish() rejects with', () => {
  it("the server's refusal as an ApiError, with its body, and a status text when the response had none", () => {
    const body = JSON.stringify({ error: 'The recording is larger than this server accepts', code: 'PAYLOAD_TOO_LARGE' });
    const error = toFinalError(tusError({ req: request('PATCH'), res: response(413, body) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, body, message: `413: ${body}` });
    expect(toFinalError(tusError({ req: request('POST'), res: response(415) })).message).toBe('415: Unsupported Media Type');
    expect(toFinalError(tusError({ req: request('POST'), res: response(403, '', 'Verboten') })).message).toBe('403: Verboten');
  });

  it('else the cause, or the error itself', () => {
    const cause = new MissingBytesError(0, 10, 4);
    expect(toFinalError(tusError({ req: request('PATCH'), cause }))).toBe(cause);
    const plain = new Error('x');
    expect(toFinalError(plain)).toBe(plain);
    expect(toFinalError('odd')).toEqual(new Error('odd'));
  });
});
