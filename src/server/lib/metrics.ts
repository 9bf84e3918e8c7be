import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator scrapes at GET /metrics (issue 14, decision 037), in Prometheus's text format.
 * One set per app (tests build several apps in one process), passed to whatever records into it.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Seconds from request to reply, by route pattern (never the raw URL: ids would explode the series). */
  readonly httpDuration = new Histogram({
    name: 'hireloop_http_request_duration_seconds',
    help: 'Time from request to reply, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** Jobs waiting or running, by queue; read from the queue's table just before each scrape (watchQueue). */
  readonly queueDepth = new Gauge({
    name: 'hireloop_queue_jobs',
    help: 'Background jobs waiting or running, by queue and state (created, retry, active), across all instances',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
    collect: () => this.collectQueueDepth(),
  });
  private queueDepthSource?: QueueDepthSource;

  readonly jobOutcomes = new Counter({
    name: 'hireloop_queue_job_outcomes_total',
    help: 'Background jobs this instance ran, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly evaluations = new Counter({
    name: 'hireloop_evaluations_total',
    help: 'Evaluations stored, by what was scored (interview, screening_call), engine, and whether the fallback engine stood in (yes, no)',
    labelNames: ['kind', 'engine', 'fallback'] as const,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: 'hireloop_upload_bytes_total',
    help: 'Recording bytes received, by storage (disk, s3)',
    labelNames: ['storage'] as const,
    registers: [this.registry],
  });

  readonly calls = new Counter({
    name: 'hireloop_screening_calls_total',
    help: 'Screening calls ended, by outcome (completed, busy, no_answer, voicemail, failed, canceled)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly emails = new Counter({
    name: 'hireloop_emails_total',
    help: 'Emails handed to the SMTP server or given up on, by outcome (sent, failed, retry)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Where queue depth is read at scrape time (the job queue). */
  watchQueue(source: QueueDepthSource): void {
    this.queueDepthSource = source;
  }

  readonly contentType = this.registry.contentType;

  /** The text an operator's Prometheus scrapes: this app's metrics and the process's own. */
  async scrape(): Promise<string> {
    return Registry.merge([processRegistry(), this.registry]).metrics();
  }

  private async collectQueueDepth(): Promise<void> {
    this.queueDepth.reset();
    if (!this.queueDepthSource) return;
    try {
      for (const { queue, state, count } of await this.queueDepthSource()) this.queueDepth.set({ queue, state }, count);
    } catch {
      // The database is away: no depth rather than a failed scrape (GET /readyz says what is down).
    }
  }
}

export type QueueDepthSource = () => Promise<{ queue: string; state: string; count: number }[]>;

let processMetrics: Registry | undefined;
/**
 * CPU, memory, event-loop lag and garbage collection belong to the process, not to an app: collected
 * once per process, whatever the number of apps (tests build hundreds, and each collection starts an
 * event-loop monitor and a GC observer that nothing stops).
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'hireloop_' });
  }
  return processMetrics;
}
