import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
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

/**
 * The repository's drizzle/ folder, found upwards from this module: src/server/db/ when run from
 * source (tests, `npm run dev`), dist/server/ when run compiled (`npm start`).
 */
export const migrationsFolder = findUp('drizzle/meta/_journal.json', path.dirname(fileURLToPath(import.meta.url)));

function findUp(relative: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, relative))) return path.join(dir, relative.split('/')[0]!);
    if (path.dirname(dir) === dir) throw new Error(`${relative} not found above ${from}`);
  }
}

/**
 * Postgres settings for the embedded database, on top of PGlite's own start parameters
 * (docs/decisions/017-memory-and-start.md). The WebAssembly heap never shrinks: whatever Postgres
 * touches once stays resident for the life of the process. The data files are ordinary files, so
 * the operating system's page cache still holds what does not fit in shared_buffers.
 */
const pgliteSettings = {
  // initdb writes 128MB: touched as pages were read, it grew the heap from 128 to 189 MiB.
  shared_buffers: '16MB',
  // CREATE INDEX in a migration may use this much, and the heap would keep it: 64MB by default.
  maintenance_work_mem: '16MB',
};

const pgliteStartParams = [...PGlite.defaultStartParams, ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Where the migrations are: the project's own unless a test stops at an earlier one. */
  migrationsFolder?: string;
  /** In-memory PGlite, optionally loaded from a dump made by `dumpDataDir` (tests). */
  memory?: boolean;
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Without a connection timeout a request waits forever on a database host that stopped answering
    // (no refusal, no reset); with one it fails and is answered 503 (decision 037).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // An idle connection the server ends (a restart, an administrator, a dropped test database)
    // is reported on the pool; pg drops it and opens a new one on the next query. Unhandled, the
    // report would crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    // Several instances may start at once: one applies the migrations, the others wait.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727211)');
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: options.migrationsFolder ?? migrationsFolder });
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
    client = await PGlite.create({ loadDataDir: options.loadDataDir, startParams: pgliteStartParams });
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDataDir(dir);
    client = await PGlite.create({ dataDir: dir, startParams: pgliteStartParams });
  }
  Object.assign(client.parsers, DRIZZLE_TEXT_TYPES);
  const db = drizzlePglite(withoutQueryParsers(client), { schema });
  await migratePglite(db, { migrationsFolder: options.migrationsFolder ?? migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params, AS_DATES)).rows }),
    executeSql: async (text: string, values?: unknown[]) =>
      values?.length ? { rows: (await client.query(text, values, AS_DATES)).rows } : { rows: (await client.exec(text, AS_DATES)).at(-1)?.rows ?? [] },
    close: () => client.close(),
  };
}

const asText = (value: string) => value;
/** The types drizzle's PGlite driver asks to receive as text (timestamps, dates, intervals, and arrays of numerics and those). */
const DRIZZLE_TEXT_TYPES = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
);
/** Plain SQL (the job queue, tests) keeps PGlite's own parsers for these types (timestamps and dates as `Date`s). */
const AS_DATES = { parsers: Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.DATE].map((oid) => [oid, types.parsers[oid]!])) };

type PgliteClient = PGlite | Transaction;
/**
 * The PGlite client as drizzle sees it: the text parsers drizzle passes with every query are the
 * instance's own (DRIZZLE_TEXT_TYPES), so they are dropped before PGlite merges them into its
 * table of several hundred parsers, which it copies on every query that brings any: about 100 µs of
 * the main thread per query (docs/decisions/015-api-speed.md).
 */
function withoutQueryParsers<C extends PgliteClient>(client: C): C {
  const stripped = new WeakMap<object, object>();
  const strip = (options?: { parsers?: unknown }) => {
    if (!options?.parsers) return options;
    let plain = stripped.get(options);
    if (!plain) stripped.set(options, (plain = { ...options, parsers: undefined }));
    return plain;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return (text: string, params?: unknown[], options?: { parsers?: unknown }) => target.query(text, params, strip(options));
      if (property === 'transaction') {
        return <T,>(run: (tx: Transaction) => Promise<T>) => (target as PGlite).transaction((tx) => run(withoutQueryParsers(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Creates a new embedded database's files in a short-lived process. PGlite's initdb runs a second
 * Postgres and copies its heap; in the server's own process that left about 400 MiB of garbage
 * and a fragmented malloc heap behind (600+ MiB resident at idle after a first start).
 */
async function initPgliteDataDir(dir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, dir]);
  } catch (err) {
    throw new Error(`Could not create the embedded database in ${dir}: ${(err as { stderr?: string }).stderr || String(err)}`);
  }
}

export async function isDatabaseUp(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
