import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Metrics } from '../lib/metrics';

export type JobHandler<T> = (data: T) => Promise<unknown>;

/** Runs `step` again (twice at most) when it fails with one of these PostgreSQL error codes: a lost race with another instance. */
async function onceRaced(codes: string[], step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (err) {
      if (attempt >= 3 || !codes.includes((err as { code?: string }).code ?? '')) throw err;
    }
  }
}

const ERROR_LOG_INTERVAL_MS = 60_000;

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
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds?: number; metrics?: Metrics } = {},
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
    // While the database is away every worker's poll fails (several a second): one line a minute says so.
    let lastLogged = 0;
    let suppressed = 0;
    this.boss.on('error', (err) => {
      if (Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) {
        suppressed += 1;
        return;
      }
      this.log.error({ err, suppressed }, 'queue error');
      lastLogged = Date.now();
      suppressed = 0;
    });
    options.metrics?.watchQueue(() => this.depth());
  }

  /** Jobs waiting or running, by queue and state, read from pg-boss's table (every instance's). */
  async depth(): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = await this.database.query<{ queue: string; state: string; count: number }>(
      "SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state",
    );
    return rows;
  }

  /** Readiness: started, and pg-boss's schema answers. Rejects with what is wrong. */
  async ready(): Promise<void> {
    if (!this.started) throw new Error('the job queue has not started');
    await this.database.query('SELECT version FROM pgboss.version');
  }

  async start(): Promise<void> {
    if (this.started) return;
    // Instances starting together on a fresh database both install pg-boss: its schema, created by
    // both at once, fails one with a unique violation pg-boss does not expect (decision 038). Made
    // here first, where the loser just tries again; pg-boss's own install is then serialised.
    await onceRaced(['23505'], () => this.database.executeSql('CREATE SCHEMA IF NOT EXISTS pgboss'));
    await this.boss.start();
    this.started = true;
  }

  async register<T extends object>(name: string, handler: JobHandler<T>): Promise<void> {
    // Instances starting together on a fresh database create the same queue at once, and pg-boss's
    // create_queue (a row, then a partition attached to the job table) can deadlock: PostgreSQL
    // aborts one, which on its next try finds the queue made (decision 038).
    await onceRaced(['40P01'], () => this.boss.createQueue(name, { name, retryLimit: 5, retryDelay: 5, retryBackoff: true }));
    // pg-boss waits its polling interval after every fetch, even one that found a job: with one job
    // per fetch, a backlog drained at one job per interval (300 evaluations took 10 minutes in
    // bench:load). After a job the worker is told to fetch again at once; an empty fetch still waits.
    // (A holder, not a const: the first job may run before work() has returned the id.)
    const worker: { id?: string } = {};
    worker.id = await this.boss.work<T>(name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      const run = handler(job.data);
      this.running.add(run);
      try {
        await run;
        this.options.metrics?.jobOutcomes.inc({ queue: name, outcome: 'completed' });
      } catch (err) {
        // pg-boss retries it (retryLimit) and records the error on the job.
        this.options.metrics?.jobOutcomes.inc({ queue: name, outcome: 'failed' });
        throw err;
      } finally {
        this.running.delete(run);
        if (worker.id && this.started) this.boss.notifyWorker(worker.id);
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
