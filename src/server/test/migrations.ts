import { afterEach } from 'vitest';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';

// For the tests of migrations (src/server/db/migrations.test.ts, src/server/db/filled-fixture.test.ts):
// a database stopped at an earlier migration, then opened again with all of them.

/** The project's migrations up to and including `lastTag`, in a folder of their own. */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag);
  if (upTo < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, upTo + 1);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

/** A database that can be closed and opened again: a data directory, or a scratch database on DATABASE_URL. */
export async function scratchDatabase() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-migrate-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { open: (folder?: string) => openDatabase({ dataDir, migrationsFolder: folder }), drop: async () => {} };
  const name = `hireloop_migrate_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: (folder?: string) => openDatabase({ databaseUrl: url.toString(), dataDir, migrationsFolder: folder }),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * What a test must undo (a scratch database, an open connection, an app), undone after each test
 * of the describe block, last first: `const cleanup = cleanupsAfterEach(); … cleanup(scratch.drop)`.
 */
export function cleanupsAfterEach(): (undo: () => unknown) => void {
  const undos: (() => unknown)[] = [];
  afterEach(async () => {
    for (const undo of undos.splice(0).reverse()) await undo();
  });
  return (undo) => {
    undos.push(undo);
  };
}
