import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The candidate room's pages: /interview/{id} and /candidate/{id}, with their query. */
const CANDIDATE_ROOM = /^\/(interview|candidate)\/\d+(\?|\/?$)/;

/**
 * Security headers on every response, and no state change from a foreign site: a request with an
 * Origin (or Sec-Fetch-Site) that is not this app's own is refused before it reaches a route.
 *
 * The headers come from helmet's middleware, built once. (@fastify/helmet built a new middleware,
 * parsing the policy again, on every request: 3 % of GET /api/job's CPU; decision 015.)
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { appUrl: string; production: boolean }) => {
  const headers = (scriptSrc: string[]) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc,
          // Radix positions popovers with inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.production,
    });
  const securityHeaders = headers(["'self'"]);
  // The candidate room compiles the voice-activity detector's WebAssembly (issue 32): its pages, and
  // only they, may ('wasm-unsafe-eval' allows WebAssembly, not JavaScript eval).
  const roomHeaders = headers(["'self'", "'wasm-unsafe-eval'"]);
  app.addHook('onRequest', (request, reply, done) => {
    const forRoom = CANDIDATE_ROOM.test(request.url);
    (forRoom ? roomHeaders : securityHeaders)(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });

  const appOrigin = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    // An API key's request (decision 033) carries no cookie: a browser never adds the key on its own,
    // so it cannot be forged from another site. One that also sends cookies is checked as usual.
    if (request.headers.cookie === undefined && /^Bearer /i.test(request.headers.authorization ?? '')) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigins = new Set([appOrigin, `${request.protocol}://${request.host}`]);
    if ((origin && origin !== 'null' && !ownOrigins.has(origin)) || origin === 'null' || fetchSite === 'cross-site') {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed');
    }
  });
});
