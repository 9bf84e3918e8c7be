import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, getJson, readJson, throwIfResNotOk, UnexpectedResponseError, type Parser } from './api';

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

describe('ApiError', () => {
  it("keeps the spec's message and reads the code and sentence of the server's error body", () => {
    const body = JSON.stringify({ error: 'Job not found', code: 'NOT_FOUND' });
    const error = new ApiError(404, body, 'Not Found');
    expect(error.message).toBe(`404: ${body}`);
    expect(error).toMatchObject({ status: 404, body, code: 'NOT_FOUND', serverMessage: 'Job not found', name: 'ApiError' });
  });

  it('has no code for a body that is not JSON, not an object, or whose code is not one of the contract', () => {
    expect(new ApiError(502, '<html>Bad Gateway</html>', 'Bad Gateway')).toMatchObject({ message: '502: <html>Bad Gateway</html>', code: undefined, serverMessage: undefined });
    expect(new ApiError(500, '', 'Internal Server Error')).toMatchObject({ message: '500: Internal Server Error', code: undefined });
    expect(new ApiError(400, '"just a string"', '').code).toBeUndefined();
    expect(new ApiError(400, 'null', '').code).toBeUndefined();
    expect(new ApiError(400, JSON.stringify({ error: 'x', code: 'NOT_A_CODE' }), '')).toMatchObject({ code: undefined, serverMessage: 'x' });
    expect(new ApiError(400, JSON.stringify({ error: 42, code: 'BAD_REQUEST' }), '')).toMatchObject({ code: 'BAD_REQUEST', serverMessage: undefined });
  });

  it('is what throwIfResNotOk throws for a failed answer, with its body read', async () => {
    await expect(throwIfResNotOk(json({ error: 'Too many requests', code: 'TOO_MANY_REQUESTS' }, { status: 429 }))).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
    });
    await expect(throwIfResNotOk(json({ ok: true }))).resolves.toBeUndefined();
  });
});

describe('readJson', () => {
  const schema = z.object({ id: z.number(), title: z.string() });

  it("returns the body as the contract's parse gives it (unknown keys dropped)", async () => {
    await expect(readJson(json({ id: 1, title: 'Engineer', extra: true }), schema)).resolves.toEqual({ id: 1, title: 'Engineer' });
  });

  it('takes any parser, such as a hand-written guard', async () => {
    const guard: Parser<number> = {
      parse: (value) => {
        if (typeof value !== 'number') throw new TypeError('not a number');
        return value;
      },
    };
    await expect(readJson(json(7), guard)).resolves.toBe(7);
    await expect(readJson(json('7'), guard)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('fails with an UnexpectedResponseError, the cause attached, for another shape or a body that is not JSON', async () => {
    const wrongShape = await readJson(json({ id: '1', title: 'Engineer' }), schema).catch((e: unknown) => e);
    expect(wrongShape).toBeInstanceOf(UnexpectedResponseError);
    expect((wrongShape as UnexpectedResponseError).cause).toBeInstanceOf(z.ZodError);
    const notJson = await readJson(new Response('<html></html>'), schema).catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(UnexpectedResponseError);
    expect((notJson as UnexpectedResponseError).cause).toBeInstanceOf(SyntaxError);
  });
});

describe('getJson', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('GETs the URL with credentials and parses the answer', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json([{ id: 1, title: 'Engineer' }]));
    vi.stubGlobal('fetch', fetch);
    await expect(getJson('/api/job', z.array(z.object({ id: z.number(), title: z.string() })))).resolves.toEqual([{ id: 1, title: 'Engineer' }]);
    expect(fetch).toHaveBeenCalledWith('/api/job', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('throws the ApiError of a failed answer before reading anything', async () => {
    vi.stubGlobal('fetch', async () => json({ error: 'Job not found', code: 'NOT_FOUND' }, { status: 404, statusText: 'Not Found' }));
    await expect(getJson('/api/job/9', z.object({}))).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'NOT_FOUND' });
  });
});
