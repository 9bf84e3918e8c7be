import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdWebhookEndpoint,
  createWebhookEndpointInput,
  updateWebhookEndpointInput,
  webhookDelivery,
  webhookDeliveryList,
  webhookEndpoint,
  webhookEndpointList,
  webhookSecret,
} from '../../../contracts/webhooks';
import { requireUser } from '../../plugins/access';
import { idParams } from '../../../contracts/ids';
import type { WebhookDispatcher } from './delivery';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  readSecret,
  redeliver,
  rollSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service';

/** A company's webhook endpoints and their delivery log: owners only (docs/decisions/034-webhooks.md). */
export async function webhookRoutes(app: FastifyInstance, options: { dispatcher: WebhookDispatcher }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { config, now } = app.deps;
  const { dispatcher } = options;
  const deps = { db, guard: dispatcher.guard, config: config.webhooks, now };
  const owner = { access: 'user', role: 'owner' } as const;

  r.get('/api/webhooks', { config: owner, schema: { response: { 200: webhookEndpointList } } }, (request) => listEndpoints(db, requireUser(request)));

  r.post('/api/webhooks', { config: owner, schema: { body: createWebhookEndpointInput, response: { 201: createdWebhookEndpoint } } }, async (request, reply) =>
    reply.code(201).send(await createEndpoint(deps, requireUser(request), request.body)),
  );

  r.patch('/api/webhooks/:id', { config: owner, schema: { params: idParams, body: updateWebhookEndpointInput, response: { 200: webhookEndpoint } } }, async (request) => {
    const endpoint = await updateEndpoint(deps, requireUser(request), request.params.id, request.body);
    // Enabled again: what waited for it goes now.
    if (request.body.enabled) dispatcher.kick();
    return endpoint;
  });

  r.delete('/api/webhooks/:id', { config: owner, schema: { params: idParams } }, async (request, reply) => {
    await deleteEndpoint(db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  r.get('/api/webhooks/:id/secret', { config: owner, schema: { params: idParams, response: { 200: webhookSecret } } }, (request) =>
    readSecret(db, requireUser(request), request.params.id),
  );

  r.post('/api/webhooks/:id/secret/roll', { config: owner, schema: { params: idParams, response: { 200: webhookSecret } } }, (request) =>
    rollSecret(db, requireUser(request), request.params.id),
  );

  r.get('/api/webhooks/:id/deliveries', { config: owner, schema: { params: idParams, response: { 200: webhookDeliveryList } } }, (request) =>
    listDeliveries(db, requireUser(request), request.params.id),
  );

  r.post('/api/webhooks/:id/test', { config: owner, schema: { params: idParams, response: { 201: webhookDelivery } } }, async (request, reply) => {
    const delivery = await sendTestEvent({ db, now, appUrl: config.appUrl }, requireUser(request), request.params.id);
    dispatcher.kick();
    return reply.code(201).send(delivery);
  });

  r.post('/api/webhooks/deliveries/:id/redeliver', { config: owner, schema: { params: idParams, response: { 201: webhookDelivery } } }, async (request, reply) => {
    const delivery = await redeliver({ db, now }, requireUser(request), request.params.id);
    dispatcher.kick();
    return reply.code(201).send(delivery);
  });
}
