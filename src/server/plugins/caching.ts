import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Vite writes content-hashed files under `assets/`: a new build has new names, so they never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else of the client (index.html above all) is checked with the server on each use. */
export const REVALIDATE = 'no-cache';
/** API answers are private (candidates' answers, scores, recordings): no browser or proxy keeps them. */
export const NO_STORE = 'no-store';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every /api response, errors included, carries `Cache-Control: no-store` (a route that set a
 * stricter `private, no-store` keeps it).
 */
export const cachingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request.url)) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current !== 'string' || !current.includes('no-store')) void reply.header('cache-control', NO_STORE);
    return payload;
  });
});

/** @fastify/static's setHeaders: long immutable caching for hashed assets, revalidation for the rest. */
export function clientCacheHeaders(root: string) {
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string) => {
    void reply.header('cache-control', path.resolve(filePath).startsWith(assets) ? IMMUTABLE : REVALIDATE);
  };
}
