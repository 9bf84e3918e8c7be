import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs plain SQL with positional parameters (for adapters such as the job queue). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** For pg-boss: parameterised SQL as a query, plain (possibly multi-statement) SQL as a script. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** In-memory PGlite, optionally loaded from a dump made by `dumpDataDir` (tests). */
  memory?: boolean;
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped test database)
    // is reported on the pool; pg drops it and opens a new one on the next query. Unhandled, the
    // report would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    // Several instances may start at once: one applies the migrations, the others wait.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727211)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727211)').catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }),
      executeSql: async (text: string, values?: unknown[]) => ({ rows: (await pool.query(text, values)).rows as unknown[] }),
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (options.memory) {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
    executeSql: async (text: string, values?: unknown[]) =>
      values?.length ? { rows: (await client.query(text, values)).rows } : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
    close: () => client.close(),
  };
}

export async function isDatabaseUp(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
