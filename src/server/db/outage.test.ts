import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DATABASE_UNAVAILABLE } from '../plugins/errors';
import { Agent } from '../test/app';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { openDatabase, type Database } from './client';

const serverUrl = process.env.DATABASE_URL;

/** Asks until `done` holds for the answer; generous, since the machine may be busy (no timing is asserted). */
async function until(ask: () => Promise<LightMyRequestResponse>, done: (res: LightMyRequestResponse) => boolean): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await ask();
    if (done(res) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// The embedded database cannot go away; CI's second run (DATABASE_URL set) covers PostgreSQL.
describe.runIf(serverUrl)('when PostgreSQL goes away and comes back', () => {
  const name = `hireloop_test_${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let agent: Agent;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const server = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const url = new URL(serverUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hireloop-data-')),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      APP_URL: 'http://localhost:3000',
      DATABASE_URL: url.toString(),
      WEBHOOK_POLL_SECONDS: '0.5',
    });
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) };
    app = await buildApp(config, { database, queuePollSeconds: 0.5, logStream });
    await app.ready();
    agent = new Agent(app);
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await app?.close();
    await database?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers while the database is there', async () => {
    expect((await agent.register('outage')).statusCode).toBe(201);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', storage: 'up', queue: 'up' });
  });

  it('answers 503 with a sentence while it is away, and stays alive', { timeout: 180_000 }, async () => {
    await proxy.cut();
    const res = await agent.get('/api/user');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    // A rate-limited route counts in the database too.
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'outage', password: 'correct horse battery' } });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ error: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', storage: 'up', queue: 'down' });
    // Liveness: restarting this process would not bring the database back.
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', database: 'down' });

    // The webhook dispatcher keeps sweeping (every few seconds) and failing meanwhile, and nothing crashes.
    await until(
      () => app.inject({ method: 'GET', url: '/healthz' }),
      () => logLines.some((l) => l.msg.startsWith('webhook delivery sweep failed')),
    );
  });

  it('recovers by itself when the database is back', { timeout: 180_000 }, async () => {
    await proxy.restore();
    const res = await until(() => agent.get('/api/user'), (r) => r.statusCode === 200);
    expect(res.statusCode).toBe(200);
    const ready = await until(() => app.inject({ method: 'GET', url: '/readyz' }), (r) => r.statusCode === 200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', storage: 'up', queue: 'up' });
    // No request was answered 500 throughout, and the sweeps that failed were said once, not at every tick.
    expect(logLines.filter((l) => l.msg === 'request failed')).toEqual([]);
    await until(
      () => app.inject({ method: 'GET', url: '/healthz' }),
      () => logLines.some((l) => l.msg === 'webhook delivery sweep succeeded again'),
    );
    expect(logLines.filter((l) => l.msg.startsWith('webhook delivery sweep'))).toHaveLength(2);
  });
});
