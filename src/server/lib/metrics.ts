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

  /** Jobs waiting or running, by queue; set by the collector just before each scrape. */
  readonly queueDepth = new Gauge({
    name: 'hireloop_queue_jobs',
    help: 'Background jobs by queue and state (created, retry, active)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly jobOutcomes = new Counter({
    name: 'hireloop_queue_job_outcomes_total',
    help: 'Background jobs this instance ran, by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly evaluations = new Counter({
    name: 'hireloop_evaluations_total',
    help: 'Interview evaluations stored, by engine and whether the fallback engine scored',
    labelNames: ['engine', 'fallback'] as const,
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
    help: 'Screening calls ended, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly emails = new Counter({
    name: 'hireloop_emails_total',
    help: 'Emails handed to the SMTP server or given up on, by outcome (sent, failed, retry)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'hireloop_' });
  }
}
