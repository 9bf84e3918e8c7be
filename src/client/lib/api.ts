import { errorCodes, type ErrorCode } from '@/contracts/errors';

/**
 * Checks an unknown value and returns it typed, or throws: a contract's zod schema, or a small
 * hand-written guard. Typed structurally so that this module (in the app's entry) never loads zod.
 */
export interface Parser<T> {
  parse(value: unknown): T;
}

function errorBodyOf(body: string): { error?: string; code?: ErrorCode } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== 'object') return {};
    const { error, code } = parsed as Record<string, unknown>;
    return {
      ...(typeof error === 'string' ? { error } : {}),
      ...(errorCodes.includes(code as ErrorCode) ? { code: code as ErrorCode } : {}),
    };
  } catch {
    return {}; // not JSON: neither a sentence nor a code
  }
}

/** A failed call. The message follows the spec: "<status>: <body text or status text>". */
export class ApiError extends Error {
  /** The server's code for the failure (its one error format, `{ error, code }`); undefined when the body has none. */
  readonly code: ErrorCode | undefined;
  /** The `error` field of a JSON error body, when there is one. What a person is shown: lib/error-messages.ts. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    const { error, code } = errorBodyOf(body);
    this.code = code;
    this.serverMessage = error;
  }
}

/** A successful answer whose body is not what the contract says (not JSON, or another shape). */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly url: string,
    options: { cause: unknown },
  ) {
    super(`The answer from ${url} is not in the expected form`, options);
    this.name = 'UnexpectedResponseError';
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text, res.statusText);
  }
}

/** Every call includes credentials; JSON bodies are sent with a JSON content type. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * The JSON body of a successful answer, checked with the endpoint's contract (the schema the server
 * declares as the route's response), so a shape change fails here and not in the middle of a render.
 */
export async function readJson<T>(res: Response, schema: Parser<T>): Promise<T> {
  const text = await res.text();
  try {
    return schema.parse(JSON.parse(text));
  } catch (cause) {
    throw new UnexpectedResponseError(pathOf(res.url), { cause });
  }
}

/** GET a URL (with credentials) and read its answer with its contract. */
export async function getJson<T>(url: string, schema: Parser<T>): Promise<T> {
  return readJson(await apiRequest('GET', url), schema);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url || 'the server';
  }
}
