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
  /** Statements pg-boss has issued and not yet seen answered; see stop(). */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Handlers running now; see stop(). */
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds?: number } = {},
  ) {
    const executeSql = (text: string, values?: unknown[]) => {
      const statement = database.executeSql(text, values);
      this.inFlight.add(statement);
      void statement.then(
        () => this.inFlight.delete(statement),
        () => this.inFlight.delete(statement),
      );
      return statement;
    };
    this.boss = new PgBoss({ db: { executeSql }, schedule: false });
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
      if (!job) return;
      const run = handler(job.data);
      this.running.add(run);
      try {
        await run;
      } finally {
        this.running.delete(run);
      }
    });
  }

  /** `once`: a key and a period in seconds; a second job with that key in the same period is not created (its id is null). */
  async send<T extends object>(name: string, data: T, once?: { key: string; seconds: number }): Promise<string | null> {
    return once ? this.boss.send(name, data, { singletonKey: once.key, singletonSeconds: once.seconds }) : this.boss.send(name, data);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    // Closing the database under pg-boss would fail what it still does as an unhandled rejection,
    // so wait until nothing is left: pg-boss marks a finished job complete without awaiting it (a
    // statement after its stop returned); it stops waiting for handlers after its timeout; and a
    // job fetched just as it stopped may start its handler afterwards. Each of these leads to the
    // next (a fetch to a handler, a handler to its completion, a statement to the next of a chain)
    // as soon as the one before settles, so the sets are checked again only after a turn of the
    // event loop has let that happen.
    do {
      await Promise.allSettled([...this.inFlight, ...this.running]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.inFlight.size > 0 || this.running.size > 0);
  }
}
