import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * Durable background work on PostgreSQL (pg-boss), on the embedded database through its SQL
 * adapter. Jobs survive restarts, are retried with backoff, and several app instances share them.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values as unknown[]) }, schedule: false });
    this.boss.on('error', (err) => this.log.error({ err }, 'queue error'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  async register<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    await this.boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true });
    await this.boss.work<T>(name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
      if (job) await handler(job.data);
    });
  }

  async send<T extends object>(name: string, data: T): Promise<string | null> {
    return this.boss.send(name, data);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }
}
