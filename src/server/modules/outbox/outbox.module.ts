import type { FastifyInstance } from 'fastify';
import { outboxRoutes } from './outbox.routes';

/** How often mail that is waiting (written by an earlier run, or a failed delivery) is tried again. */
const MAIL_RETRY_MS = 60_000;

/** The company's outbox page, and the delivery of what waits in it. */
export async function outboxModule(app: FastifyInstance): Promise<void> {
  const { background, mailer } = app.deps;
  await app.register(outboxRoutes);
  background.every(MAIL_RETRY_MS, 'mail delivery', () => mailer.deliverPending());
}
