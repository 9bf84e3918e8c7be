import type { FastifyInstance } from 'fastify';
import { createAddressGuard } from './address-guard';
import { WebhookDispatcher } from './delivery';
import { webhookRoutes } from './webhooks.routes';

/** A company's webhook endpoints, and the dispatcher that delivers their events (decision 034). */
export async function webhooksModule(app: FastifyInstance): Promise<void> {
  const { background, config, database, now } = app.deps;
  const dispatcher = new WebhookDispatcher({ database, config: config.webhooks, guard: createAddressGuard(config.webhooks), now, log: app.log });
  // Before the app's own onClose stops the queue and closes the database (a plugin's onClose runs first).
  app.addHook('onClose', async () => dispatcher.stop());
  background.onStart(() => dispatcher.start());
  await app.register(webhookRoutes, { dispatcher });
}
