import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';

export interface TestApp {
  /** A test that restarts the server puts the new app here; close() closes whichever app is here then. */
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: an in-memory PGlite copied from the migrated dump (migrated
 * afresh when not run by vitest, as scripts/fill-database.ts runs it), or, when
 * DATABASE_URL is set (CI's second run), a new database on that PostgreSQL server, dropped after.
 */
export async function createTestApp(env: Record<string, string> = {}, options: Omit<BuildOptions, 'database'> = {}): Promise<TestApp> {
  const serverUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'hireloop-data-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'http://localhost:3000',
    ...env,
  });
  let database: Database;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `hireloop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: config.dataDir });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    // Under vitest, a copy of the migrated dump (global-setup.ts); outside it (scripts/fill-database.ts), migrated on open.
    const dump = process.env.VITEST ? new Blob([readFileSync(inject('pgliteDump'))]) : undefined;
    database = await openDatabase({ dataDir: config.dataDir, memory: true, loadDataDir: dump });
  }
  const app = await buildApp(config, { queuePollSeconds: 0.5, ...options, database });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    config,
    // The app held at the end, not the one made here: a test that restarts the server replaces
    // `app`, and the replacement, left open, would run its jobs on the closed database.
    close: async () => {
      await testApp.app.close();
      await database.close();
      await dropDatabase();
    },
  };
  return testApp;
}

let addressCounter = 1;
/** A distinct client address per call, so per-address limits don't leak between unrelated requests. */
export const nextAddress = () => `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/** Keeps the session cookie like a browser would. */
export class Agent {
  cookie?: string;
  constructor(
    private readonly app: FastifyInstance,
    readonly remoteAddress = nextAddress(),
  ) {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'sid');
    if (set) this.cookie = set.value ? `sid=${set.value}` : undefined;
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers);

  async register(username: string, companyName = `${username} Inc`, password = 'correct horse battery'): Promise<LightMyRequestResponse> {
    return this.post('/api/register', { username, password, companyName });
  }
}
