import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { auditLog, users } from '../db/schema';
import { register } from '../modules/auth/auth.service';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const runAdmin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    // The CLI opens the database this test prepared: the embedded one, or PostgreSQL in CI's second pass.
    env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: 'y'.repeat(32), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });

// The CLI is exercised on the embedded database; the review service it calls is tested on both.
it.skipIf(Boolean(process.env.DATABASE_URL))('approves an account from the command line, recording it in the audit log', async () => {
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'y'.repeat(32) });
  let database = await openDatabase({ dataDir: config.dataDir });
  const clock = { now: new Date(), ...config.sessions };
  await register(database.db, { username: 'first', password: 'long password', companyName: 'Ops' }, {}, clock);
  await register(database.db, { username: 'Waiting.User', password: 'long password', companyName: 'Acme' }, {}, clock);
  await database.close();

  const bad = runAdmin('approve');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('npm run admin -- approve <username>');

  const missing = runAdmin('approve', 'nobody');
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('Account not found');

  const ok = runAdmin('approve', 'waiting.user');
  expect(ok.stderr).toBe('');
  expect(ok.status).toBe(0);
  expect(ok.stdout).toContain('Waiting.User (Acme) is now approved.');

  database = await openDatabase({ dataDir: config.dataDir });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.username, 'Waiting.User'));
    expect(row).toMatchObject({ isApproved: true, reviewStatus: 'approved', reviewedBy: null, reviewedVia: 'command_line' });
    // The operator was approved as the first account, not from the command line.
    const [first] = await database.db.select().from(users).where(eq(users.username, 'first'));
    expect(first).toMatchObject({ reviewStatus: 'approved', reviewedBy: null, reviewedVia: 'first_account' });
    expect(row?.reviewedAt).toBeInstanceOf(Date);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'account_approved'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ via: 'cli' });
  } finally {
    await database.close();
  }
}, 90_000);
