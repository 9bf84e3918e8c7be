import type { FastifyInstance } from 'fastify';
import { candidateDataRoutes } from './candidate-data.routes';
import { requestRetentionRun, RETENTION_SWEEP, sweepRetention } from './candidate-data.service';
import { carryOutDueRequests } from './data-requests.service';

/**
 * Candidates' data: holds, deletion, export and requests, and the retention job that carries out
 * due requests and deletes what is past the company's period. It runs twice a day whatever the
 * number of instances: each asks hourly, the queue keeps one per 12 hours.
 */
export async function candidateDataModule(app: FastifyInstance): Promise<void> {
  const { background, database, mailer, now, queue, storage, telephony } = app.deps;
  await app.register(candidateDataRoutes);
  background.handle(RETENTION_SWEEP, async () => {
    const at = now();
    const requests = await carryOutDueRequests({ db: database.db, storage, telephony, mailer }, at);
    const swept = await sweepRetention({ db: database.db, storage, telephony }, at);
    app.log.info({ ...swept, requests }, 'retention job ran');
  });
  background.every(60 * 60_000, 'queueing the retention job', () => requestRetentionRun(queue));
}
