import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../contracts/jobs';
import type { PhoneScreening } from '../../contracts/phone-screenings';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { Agent } from '../test/app';
import { cleanupsAfterEach, migrationsUpTo, scratchDatabase } from '../test/migrations';
import type { Database } from './client';

// The database today's code fills (scripts/fill-database.ts, issue 33 item 1), loaded into a database
// migrated up to 0022_call_zone, opened again with every migration and served by the app. The
// one-model migration (issue 33) will be tested here: every row below has to arrive.

const FIXTURE = path.join(import.meta.dirname, 'fixtures/filled-at-0022.sql');
const PASSWORD = 'correct horse battery';

/** Rows per table the fixture holds (its header lists the same). */
const ROWS: Record<string, number> = {
  companies: 2,
  users: 2,
  jobs: 3,
  interviews: 12,
  feedback: 1,
  interview_reviews: 3,
  recording_uploads: 2,
  interview_consents: 6,
  alternative_requests: 2,
  self_identifications: 2,
  phone_screenings: 2,
  phone_screening_candidates: 11,
  phone_calls: 3,
  call_opt_outs: 2,
  data_requests: 3,
  apply_pages: 2,
  applications: 2,
  emails: 15,
  webhook_endpoints: 1,
  webhook_deliveries: 9,
  job_templates: 1,
  notification_settings: 1,
  audit_log: 31,
  api_keys: 1,
  member_invitations: 0,
  password_resets: 0,
  demo_requests: 0,
  staged_uploads: 0,
  staged_upload_chunks: 0,
};

/** Tables that point at a candidate of either channel, and how many rows point at each. */
const BOTH_CHANNELS: Record<string, { interview: number; phone: number }> = {
  data_requests: { interview: 2, phone: 1 },
  applications: { interview: 1, phone: 1 },
  emails: { interview: 12, phone: 2 },
};

async function count(database: Database, table: string, where = 'true'): Promise<number> {
  const { rows } = await database.query<{ n: number | string }>(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`);
  return Number(rows[0]!.n);
}

async function expectFixtureRows(database: Database) {
  const { rows } = await database.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  // Every table of the schema is accounted for: loaded, or left out on purpose.
  expect(rows.map((r) => r.name).sort()).toEqual([...Object.keys(ROWS), 'rate_limit_hits', 'sessions'].sort());
  const counts = Object.fromEntries(await Promise.all(Object.keys(ROWS).map(async (table) => [table, await count(database, table)] as const)));
  expect(counts).toEqual(ROWS);
  for (const [table, expected] of Object.entries(BOTH_CHANNELS)) {
    expect({ table, interview: await count(database, table, 'interview_id IS NOT NULL'), phone: await count(database, table, 'phone_candidate_id IS NOT NULL') }).toEqual({ table, ...expected });
  }
  expect({ job: await count(database, 'apply_pages', 'job_id IS NOT NULL'), screening: await count(database, 'apply_pages', 'screening_id IS NOT NULL') }).toEqual({ job: 1, screening: 1 });
  const statuses = async (table: string) =>
    Object.fromEntries(
      (await database.query<{ status: string; n: number | string }>(`SELECT status, count(*) AS n FROM "${table}" GROUP BY status`)).rows.map((r) => [r.status, Number(r.n)]),
    );
  expect(await statuses('interviews')).toEqual({ pending: 8, in_progress: 1, completed: 3 });
  expect(await statuses('phone_screening_candidates')).toEqual({ pending: 8, completed: 1, declined: 2 });
  const sources = async (table: string) => (await database.query<{ source: string }>(`SELECT DISTINCT source FROM "${table}" ORDER BY source`)).rows.map((r) => r.source);
  expect(await sources('interviews')).toEqual(['api', 'apply', 'import', 'recruiter']);
  expect(await sources('phone_screening_candidates')).toEqual(['api', 'apply', 'import', 'recruiter']);
  // Deleted data, legal holds, and the recruiter form's candidate without an email or a call link.
  expect(await count(database, 'interviews', 'data_deleted_at IS NOT NULL')).toBe(1);
  expect(await count(database, 'phone_screening_candidates', 'data_deleted_at IS NOT NULL')).toBe(1);
  expect(await count(database, 'interviews', 'legal_hold')).toBe(1);
  expect(await count(database, 'phone_screening_candidates', 'legal_hold')).toBe(1);
  expect(await count(database, 'phone_screening_candidates', 'email IS NULL AND candidate_token IS NULL AND data_deleted_at IS NULL')).toBeGreaterThan(0);
  expect(await count(database, 'jobs', 'closed_at IS NOT NULL')).toBe(1);
  expect(await count(database, 'interview_reviews', "kind = 'decision'")).toBe(2);
}

describe('the database filled by the code at 0022', () => {
  const cleanup = cleanupsAfterEach();

  it('loads into a database migrated up to 0022_call_zone, keeps every row through the migrations, and is served by the app', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    let database: Database = await scratch.open(migrationsUpTo('0022_call_zone'));
    await database.executeSql(readFileSync(FIXTURE, 'utf8'));
    await expectFixtureRows(database);
    await database.close();

    database = await scratch.open();
    cleanup(() => database.close());
    await expectFixtureRows(database);

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-fixture-'));
    cleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('hex'), APP_URL: 'http://localhost:3000' });
    const app = await buildApp(config, { database, queuePollSeconds: 0.5 });
    cleanup(() => app.close());
    await app.ready();

    const served = [
      { username: 'owner@northwind.example', jobs: ['Customer Support Specialist', 'Night Dispatcher'], screenings: ['CDL Class A Driver'] },
      { username: 'owner@harbor.example', jobs: ['Store Associate'], screenings: ['Night Stocker'] },
    ];
    for (const recruiter of served) {
      const agent = new Agent(app);
      expect((await agent.post('/api/login', { username: recruiter.username, password: PASSWORD })).statusCode).toBe(200);
      const jobs = await agent.get('/api/job');
      expect(jobs.statusCode).toBe(200);
      expect(jobs.json<Job[]>().map((j) => j.title).sort()).toEqual(recruiter.jobs);
      const screenings = await agent.get('/api/phone-screening');
      expect(screenings.statusCode).toBe(200);
      expect(screenings.json<PhoneScreening[]>().map((s) => s.jobTitle).sort()).toEqual(recruiter.screenings);
    }
    // The sequences continue after the loaded rows: a new job gets a fresh id.
    const agent = new Agent(app);
    await agent.post('/api/login', { username: 'owner@northwind.example', password: PASSWORD });
    const created = await agent.post('/api/job', { title: 'Yard Marshal', description: 'Moves trailers in the yard.', questions: ['Why the yard?'] });
    expect(created.statusCode).toBe(201);
    expect(created.json<Job>().id).toBe(ROWS.jobs! + 1);
  });
});
