import type { FastifyBaseLogger } from 'fastify';

/**
 * For work repeated on a timer (sweeps, polls): the first failure of a run of failures is logged,
 * the rest are counted and reported when the work succeeds again. While the database is away every
 * tick fails the same way, and one line says so (decision 037).
 */
export class FailureStreak {
  private failures = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  failed(err: unknown): void {
    if (this.failures++ === 0) this.log.warn({ err }, `${this.what} failed; further failures are not logged until it succeeds`);
  }

  succeeded(): void {
    if (this.failures > 0) this.log.info({ failures: this.failures }, `${this.what} succeeded again`);
    this.failures = 0;
  }
}
