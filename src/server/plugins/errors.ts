import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../contracts/errors';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { AppError } from '../lib/errors';

/** The generic code of a framework error, by its status (the product's own conditions throw AppErrors with domain codes). */
const codeByStatus: Record<number, Extract<ErrorCode, 'BAD_REQUEST' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'TOO_MANY_REQUESTS'>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Plain sentences for the framework's own client errors. */
const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but says it is JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length',
  // @fastify/multipart's own errors.
  FST_PARTS_LIMIT: 'The form has more parts than this endpoint accepts',
  FST_FILES_LIMIT: 'The form has more files than this endpoint accepts',
  FST_FIELDS_LIMIT: 'The form has more fields than this endpoint accepts',
  FST_REQ_FILE_TOO_LARGE: 'The file is larger than this endpoint accepts',
  FST_PROTO_VIOLATION: 'A form field may not be called __proto__ or constructor',
  FST_MP_PREMATURE_CLOSE: 'The upload stopped before the whole form arrived. Please try again.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send this as multipart/form-data',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field marked as JSON is not valid JSON',
};

/** The status the product answers for a framework error whose own status says less (406 is about Accept, not the body). */
const statusByFastifyCode: Record<string, number> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
  FST_INVALID_JSON_FIELD_ERROR: 400,
};

/**
 * A multipart body the parser (busboy) cannot read: no boundary, the wrong one, or a body cut short.
 * Its errors are plain Errors with no status; each says "multipart" (e.g. 'Multipart: Boundary not
 * found', 'Unexpected end of multipart data', 'Part terminated early due to unexpected end of
 * multipart data'), and they only arise while a multipart request's parts are read.
 */
function isBrokenMultipart(error: FastifyError | Error, request: FastifyRequest): boolean {
  return !('statusCode' in error && error.statusCode) && request.isMultipart() && /multipart/i.test(error.message);
}
export const BROKEN_MULTIPART = 'The form could not be read: its multipart/form-data body is broken or incomplete. Please try again.';

/**
 * The framework's answers that never reach the error handler (Fastify's `frameworkErrors`): an
 * address that is not valid percent-encoding, and a path parameter longer than the router reads.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ error: 'Nothing has an address this long. Check that the whole link was copied.', code: 'NOT_FOUND' } satisfies ErrorBody);
    return;
  }
  void reply.code(400).send({ error: 'This address is not valid: it has a broken percent-encoded character.', code: 'BAD_REQUEST' } satisfies ErrorBody);
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait while the database is away (Retry-After). */
const DATABASE_RETRY_SECONDS = '5';

/** One error shape for every failure ({ error, code, details? }); 5xx answers never carry internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

    if (error instanceof AppError) {
      void reply.headers(error.headers);
      return send(error.statusCode, error.body());
    }
    if (isDatabaseUnavailable(error)) {
      // Not a fault of the request or of the code: the pool reconnects by itself when the database is back (decision 037).
      request.log.warn({ reason: rootCause(error) }, 'database unavailable');
      void reply.header('retry-after', DATABASE_RETRY_SECONDS);
      return send(503, { error: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const problems = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field}: ${v.message}` : `${where}: ${v.message}`;
      });
      // One sentence per problem: a check that fails twice (1e20 is neither whole nor in range) says it once.
      return send(400, { error: [...new Set(problems)].join('; '), code: 'VALIDATION_FAILED' });
    }
    if (isBrokenMultipart(error, request)) return send(400, { error: BROKEN_MULTIPART, code: 'BAD_REQUEST' });
    const status = statusByFastifyCode[error.code] ?? error.statusCode ?? 500;
    if (status === 429) {
      return send(429, { error: 'Too many requests. Please wait a moment and try again.', code: 'TOO_MANY_REQUESTS' });
    }
    if (status >= 400 && status < 500) {
      const message = messageByFastifyCode[error.code] ?? error.message;
      return send(status, { error: message, code: codeByStatus[status] ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(status >= 500 && status < 600 ? status : 500, {
      error: 'Something went wrong on our side. Please try again.',
      code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL',
    });
  });
});

/** The driver's own words, not drizzle's wrapper (whose message carries the query and its parameters). */
function rootCause(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
  return current instanceof Error ? current.message : String(current);
}
