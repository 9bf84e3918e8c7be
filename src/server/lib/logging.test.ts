import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { makeInterview, makeJob } from '../test/factories';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('replaces the value of token parameters and keeps the rest of the URL', () => {
    expect(redactUrl('/interview/4?token=abc123')).toBe('/interview/4?token=[redacted]');
    expect(redactUrl('/api/interview/4/job?lang=en&token=abc&x=1')).toBe('/api/interview/4/job?lang=en&token=[redacted]&x=1');
    expect(redactUrl('/phone-call/9?TOKEN=abc#top')).toBe('/phone-call/9?TOKEN=[redacted]#top');
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/api/job?tokens=1&page=2')).toBe('/api/job?tokens=1&page=2');
    expect(redactUrl('/api/job')).toBe('/api/job');
  });
});

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('never contain a candidate token, from a link or a header', async () => {
    const { job } = await makeJob(t.database.db);
    const interview = await makeInterview(t.database.db, job.id);
    const token = interview.candidateToken;
    const byLink = await t.app.inject({ method: 'GET', url: `/api/interview/${interview.id}?token=${token}` });
    expect(byLink.statusCode).toBe(200);
    const byHeader = await t.app.inject({ method: 'GET', url: `/api/job/${job.id}`, headers: { 'x-candidate-token': token } });
    expect(byHeader.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/interview/${interview.id}?token=${token}` });
    await t.app.inject({ method: 'GET', url: `/phone-call/12?token=${token}` });
    await t.app.inject({ method: 'GET', url: `/api/interview/${interview.id}?token=wrong-${token}` });

    const log = lines.join('');
    expect(log).toContain(`"url":"/api/interview/${interview.id}?token=[redacted]"`);
    expect(log).toContain(`"url":"/phone-call/12?token=[redacted]"`);
    expect(log).not.toContain(token);
  });
});
