import type { FastifyInstance } from 'fastify';
import { DAILY_DIGEST, requestDigestRun, sendDailyDigests } from './digest.service';
import { notificationRoutes } from './notifications.routes';

/**
 * Members' notification settings and unsubscribe links, and the daily digest: each instance asks
 * hourly, the queue keeps a run per day's key, each member gets one a day (decision 031).
 */
export async function notificationsModule(app: FastifyInstance): Promise<void> {
  const { background, database, notifications, now, queue } = app.deps;
  await app.register(notificationRoutes);
  background.handle(DAILY_DIGEST, async () => {
    app.log.info({ digests: await sendDailyDigests({ db: database.db, notifications }, now()) }, 'daily digest ran');
  });
  background.every(60 * 60_000, 'queueing the daily digest', () => requestDigestRun(queue, now()));
}
