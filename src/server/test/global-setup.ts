import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

/** Migrates one embedded database and dumps it; every test file starts from a copy in well under a second. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-test-'));
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
