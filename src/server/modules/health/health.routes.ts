import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '../../db/client';
import { checkReadiness } from './health.service';

/**
 * Liveness and readiness (decision 037). /healthz answers 200 while the process can answer at all:
 * an orchestrator restarts what fails it, and restarting does not bring a database back. It still
 * says whether the database answered. /readyz says whether to send this instance traffic.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const up = await isDatabaseUp(app.deps.database);
    return reply.header('cache-control', 'no-store').send({ status: 'ok', database: up ? 'up' : 'down' });
  });

  app.get('/readyz', async (request, reply) => {
    const { database, storage, queue } = app.deps;
    const readiness = await checkReadiness(
      {
        database: async () => {
          if (!(await isDatabaseUp(database))) throw new Error('the database did not answer');
        },
        storage: () => storage.ready(),
        queue: () => queue.ready(),
      },
      request.log,
    );
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
}
