import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobQueue } from './queue';

/**
 * What a module runs apart from requests (decision 061): the queue handlers it owns, the steps it
 * takes once the queue has started, and the work it asks for on a period. Modules declare them
 * while they are registered; the app starts them all when it is ready and stops the periods when it
 * closes (the queue itself is stopped by the app, after every module's own onClose).
 */
export class Background {
  private readonly handlers: { name: string; handler: JobHandler<object> }[] = [];
  private readonly startSteps: (() => Promise<unknown> | void)[] = [];
  private readonly periods: { everyMs: number; what: string; task: () => Promise<unknown> }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A queue's handler, registered when the queue starts. */
  handle<T extends object>(name: string, handler: JobHandler<T>): void {
    this.declaring();
    this.handlers.push({ name, handler: handler as JobHandler<object> });
  }

  /** A step taken once, after every handler is registered (a failure stops the start). */
  onStart(step: () => Promise<unknown> | void): void {
    this.declaring();
    this.startSteps.push(step);
  }

  /**
   * A task run at the start and then every `everyMs` on this instance; a failure is logged as
   * "<what> failed" and the next period tries again. Work that must happen once whatever the number
   * of instances is asked of the queue here, which keeps one per period (decision 038).
   */
  every(everyMs: number, what: string, task: () => Promise<unknown>): void {
    this.declaring();
    this.periods.push({ everyMs, what, task });
  }

  async start(): Promise<void> {
    this.started = true;
    await this.queue.start();
    for (const { name, handler } of this.handlers) await this.queue.register(name, handler);
    for (const step of this.startSteps) await step();
    for (const { everyMs, what, task } of this.periods) {
      const run = () => void task().catch((err: unknown) => this.log.warn({ err }, `${what} failed`));
      const timer = setInterval(run, everyMs);
      timer.unref();
      this.timers.push(timer);
      run();
    }
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  private declaring(): void {
    if (this.started) throw new Error('background work is declared while modules are registered, before the app starts');
  }
}
