import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertMayScrape } from './metrics.service';

/** A request no route matched: one label for all of them, so a scan of made-up paths adds no series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * GET /metrics in Prometheus's text format, and the request latency every other route records
 * (decision 037). Outside /api: not for API keys, not in the OpenAPI document, not rate-limited.
 */
export const metricsRoutes = fp(async (app: FastifyInstance) => {
  const { metrics, config } = app.deps;

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    const { headers } = request;
    assertMayScrape(
      { socketAddress: request.socket.remoteAddress, authorization: headers.authorization, isForwarded: Boolean(headers.forwarded ?? headers['x-forwarded-for']) },
      config.metricsToken,
    );
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(await metrics.scrape());
  });
});
