import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials: candidate and call links carry `?token=`. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'signature', 'key', 'code']);
/** Headers that carry credentials; their values never reach the logs. */
const SECRET_HEADERS = ['cookie', 'authorization', 'x-candidate-token', 'x-twilio-signature', 'set-cookie'];
export const REDACTED = '[redacted]';

/**
 * The URL with the value of every credential query parameter replaced, so a request log never
 * holds a candidate's link: `/interview/4?token=abc` becomes `/interview/4?token=[redacted]`.
 * Parameters are matched by name, whatever their case; the rest of the URL is left as it was.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const hashAt = url.indexOf('#', at);
  const query = url.slice(at + 1, hashAt === -1 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as written
      }
      return SECRET_PARAMS.has(name.toLowerCase()) && eq !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at + 1)}${redacted}${hashAt === -1 ? '' : url.slice(hashAt)}`;
}

/** The request as it is logged: Fastify's default fields, with the URL's credentials redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The server's logger: JSON at the configured level, request URLs without credentials, and any
 * credential header redacted wherever a request's or response's headers are logged.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  const headerPaths = SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]);
  return {
    level,
    redact: { paths: headerPaths, censor: REDACTED },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
