import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoRequestInput } from '../../../contracts/demo-request';
import { demoRequests } from '../../db/schema';

export async function demoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/demo-request',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { body: demoRequestInput, response: { 201: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const { fullName, email, companyName, phoneNumber, message } = request.body;
      const [row] = await app.deps.database.db
        .insert(demoRequests)
        .values({ fullName, email, companyName: companyName || null, phoneNumber: phoneNumber || null, message: message || null })
        .returning({ id: demoRequests.id });
      return reply.code(201).send({ id: row!.id });
    },
  );
}
