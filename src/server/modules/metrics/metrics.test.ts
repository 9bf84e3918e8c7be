import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.test>', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers a caller on this machine in the Prometheus text format, with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE hireloop_http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE hireloop_process_cpu_seconds_total counter');
    const v6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(v6.statusCode).toBe(200);
  });

  it('refuses another machine without the token, and a forwarded request from loopback', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ error: 'Metrics need "Authorization: Bearer <METRICS_TOKEN>" from other machines', code: 'UNAUTHENTICATED' });
    // A reverse proxy on this machine connects from loopback: what it forwards is not local.
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'The metrics token is wrong', code: 'UNAUTHENTICATED' });
  });

  it('answers another machine with the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hireloop_http_request_duration_seconds');
  });

  it('times requests by route pattern, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/job/12345' });
    // An API path: a page path would be the built client's, when dist/client exists beside the tests.
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing/42' });
    const text = await scrape();
    expect(sample(text, 'hireloop_http_request_duration_seconds_count{method="GET",route="/api/job/:id",status="4xx"}')).toBe(1);
    expect(sample(text, 'hireloop_http_request_duration_seconds_count{method="GET",route="(unmatched)",status="4xx"}')).toBe(1);
    expect(text).not.toContain('12345');
  });

  it('counts emails sent and emails to be retried', async () => {
    const { mailer } = t.app.deps;
    await mailer.enqueue(t.database.db, { kind: 'test', to: 'someone@example.test', subject: 'Hello', body: 'Hi' });
    await mailer.deliverPending();
    expect(smtp.messages).toHaveLength(1);
    expect(sample(await scrape(), 'hireloop_emails_total{outcome="sent"}')).toBe(1);

    await smtp.close();
    await mailer.enqueue(t.database.db, { kind: 'test', to: 'someone@example.test', subject: 'Again', body: 'Hi' });
    await mailer.deliverPending();
    expect(sample(await scrape(), 'hireloop_emails_total{outcome="retry"}')).toBe(1);
  });

  it('shows queue depth while a job runs, and each job outcome', async () => {
    const { queue } = t.app.deps;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.register<{ fail: boolean }>('metrics-test', async ({ fail }) => {
      started();
      await held;
      if (fail) throw new Error('failed on purpose');
    });
    await queue.send('metrics-test', { fail: false });
    await running;
    expect(sample(await scrape(), 'hireloop_queue_jobs{queue="metrics-test",state="active"}')).toBe(1);
    release();

    await queue.send('metrics-test', { fail: true });
    const deadline = Date.now() + 60_000;
    let text = await scrape();
    while (sample(text, 'hireloop_queue_job_outcomes_total{queue="metrics-test",outcome="failed"}') === undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    expect(sample(text, 'hireloop_queue_job_outcomes_total{queue="metrics-test",outcome="completed"}')).toBe(1);
    expect(sample(text, 'hireloop_queue_job_outcomes_total{queue="metrics-test",outcome="failed"}')).toBeGreaterThanOrEqual(1);
  });

  it('is not in the API reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<{ paths: Record<string, unknown> }>().paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is for this machine only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer anything-at-all' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Metrics are served only to this machine (loopback) unless METRICS_TOKEN is set', code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
