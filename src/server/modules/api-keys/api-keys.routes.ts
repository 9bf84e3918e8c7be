import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyList, createApiKeyInput, createdApiKey } from '../../../contracts/api-keys';
import { requireUser } from '../../plugins/access';
import { idParams } from '../../../contracts/ids';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/**
 * The company's API keys (docs/decisions/033-api-keys-and-openapi.md): owners only, and not open to
 * keys themselves (no `apiKey` in their config), so a key can never make or revoke keys.
 */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { now } = app.deps;
  const owner = { access: 'user', role: 'owner' } as const;

  r.get('/api/api-keys', { config: owner, schema: { response: { 200: apiKeyList } } }, (request) => listApiKeys({ db, user: requireUser(request) }));

  r.post('/api/api-keys', { config: owner, schema: { body: createApiKeyInput, response: { 201: createdApiKey } } }, async (request, reply) =>
    reply.code(201).send(await createApiKey({ db, user: requireUser(request), input: request.body, now: now() })),
  );

  r.delete('/api/api-keys/:id', { config: owner, schema: { params: idParams } }, async (request, reply) => {
    await revokeApiKey({ db, user: requireUser(request), keyId: request.params.id, now: now() });
    return reply.code(204).send();
  });
}
