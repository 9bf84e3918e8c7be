import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '../test/app';

// A built client as Vite lays it out: index.html, hashed files under assets/, and a public file.
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Hireloop</title><div id="root"></div>');
writeFileSync(path.join(clientDir, 'assets', 'index-B4x9Qe2L.js'), 'console.log("app")');
writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
let recruiter: Agent;
beforeAll(async () => {
  t = await createTestApp({ CLIENT_DIR: clientDir });
  recruiter = new Agent(t.app);
  await recruiter.register('cache-recruiter', 'Cache Co');
});
afterAll(() => t.close());

describe('Cache-Control', () => {
  it('is no-store on every /api answer: data, errors, refusals and writes', async () => {
    const job = await recruiter.post('/api/job', { title: 'Line Cook', description: 'Cook on the line.' });
    expect(job.statusCode).toBe(201);
    const answers = [
      job,
      await recruiter.get('/api/job'),
      await recruiter.get(`/api/job/${job.json<{ id: number }>().id}/interview`),
      await recruiter.get('/api/no-such-thing'),
      await new Agent(t.app).get('/api/job'),
      await recruiter.request('PATCH', '/api/job/999999/rubric', { rubric: [] }),
      await recruiter.post('/api/job', { title: '' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([201, 200, 200, 404, 401, 404, 400]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('caches hashed assets for a year as immutable, and makes index.html and other files revalidate', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-B4x9Qe2L.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const url of ['/', '/jobs/4', '/interview/7?token=abc']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
