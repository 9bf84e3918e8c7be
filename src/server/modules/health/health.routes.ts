import type { FastifyInstance } from 'fastify';
import { isDatabaseUp } from '../../db/client';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const up = await isDatabaseUp(app.deps.database);
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });
}
