import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach, scratchDatabase } from '../test/migrations';
import { migrationsFolder, type Database } from './client';

// Hand-written migrations (the data moves: 0021, 0023) must leave the database exactly as the schema
// in src/server/db/schema says, which drizzle-kit's latest snapshot records: the same tables, columns
// (nullability, defaults aside), indexes, foreign keys, checks and primary keys, by name.

interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; notNull: boolean }>;
  indexes: Record<string, unknown>;
  foreignKeys: Record<string, unknown>;
  checkConstraints: Record<string, unknown>;
  compositePrimaryKeys: Record<string, unknown>;
  uniqueConstraints: Record<string, unknown>;
}

function latestSnapshot(): Record<string, SnapshotTable> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  const file = path.join(migrationsFolder, `meta/${String(last).padStart(4, '0')}_snapshot.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, SnapshotTable> }).tables;
}

type Shape = Record<string, { columns: string[]; indexes: string[]; foreignKeys: string[]; checks: string[]; keys: string[] }>;

/** PostgreSQL keeps the first 63 bytes of an identifier (NAMEDATALEN); a longer name in the schema is stored cut. */
const stored = (names: string[]) => names.map((n) => n.slice(0, 63)).sort();

function expectedShape(): Shape {
  return Object.fromEntries(
    Object.values(latestSnapshot()).map((t) => [
      t.name,
      {
        columns: Object.values(t.columns)
          .map((c) => `${c.name}${c.notNull ? ' not null' : ''}`)
          .sort(),
        indexes: stored(Object.keys(t.indexes)),
        foreignKeys: stored(Object.keys(t.foreignKeys)),
        checks: stored(Object.keys(t.checkConstraints)),
        // A single-column primary key is declared on its column; its constraint is PostgreSQL's <table>_pkey.
        keys: stored([...Object.keys(t.compositePrimaryKeys), ...Object.keys(t.uniqueConstraints), ...(Object.keys(t.compositePrimaryKeys).length ? [] : [`${t.name}_pkey`])]),
      },
    ]),
  );
}

async function actualShape(database: Database): Promise<Shape> {
  const q = async <T extends object>(text: string) => (await database.query<T>(text)).rows;
  const tables = await q<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const columns = await q<{ t: string; c: string; nullable: string }>(`SELECT table_name AS t, column_name AS c, is_nullable AS nullable FROM information_schema.columns WHERE table_schema = 'public'`);
  const constraints = await q<{ t: string; name: string; type: string }>(
    `SELECT conrelid::regclass::text AS t, conname AS name, contype AS type FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype IN ('f', 'c', 'p', 'u')`,
  );
  // Indexes that back a primary key or unique constraint are the constraint's, not indexes of their own.
  const indexes = await q<{ t: string; name: string }>(
    `SELECT tablename AS t, indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
  );
  const of = <T extends { t: string }>(list: T[], table: string) => list.filter((r) => r.t.replace(/^"|"$/g, '') === table);
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      {
        columns: of(columns, name)
          .map((c) => `${c.c}${c.nullable === 'NO' ? ' not null' : ''}`)
          .sort(),
        indexes: of(indexes, name)
          .map((i) => i.name)
          .sort(),
        foreignKeys: of(constraints, name)
          .filter((c) => c.type === 'f')
          .map((c) => c.name)
          .sort(),
        checks: of(constraints, name)
          .filter((c) => c.type === 'c')
          .map((c) => c.name)
          .sort(),
        keys: of(constraints, name)
          .filter((c) => c.type === 'p' || c.type === 'u')
          .map((c) => c.name)
          .sort(),
      },
    ]),
  );
}

describe('the migrated database and the schema', () => {
  const cleanup = cleanupsAfterEach();

  it('has exactly the tables, columns, indexes and constraints the schema declares, by name', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    const database = await scratch.open();
    cleanup(() => database.close());
    expect(await actualShape(database)).toEqual(expectedShape());
  });
});
