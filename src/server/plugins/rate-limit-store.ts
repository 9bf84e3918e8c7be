import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { unstorableText } from './text-input';

/**
 * A key as the database can store it. Keys carry what the request sent (an apply page's slug)
 * before its input is checked, so a NUL or a lone surrogate is written as its JSON escape: the
 * same text always gives the same key, and different texts different keys.
 */
const storableKey = (key: string) => (unstorableText(key) ? JSON.stringify(key).slice(1, -1) : key);

/** How often an instance deletes counters whose window has passed (rate_limit_hits). */
export const RATE_LIMIT_CLEANUP_MS = 60_000;

type Result = { current: number; ttl: number };
type RouteLimitOptions = RateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } };
type Callback = (error: Error | null, result?: Result) => void;

/*
 * One statement counts a request: the first of a window inserts the row, later ones add to it, and
 * the first after the window's end starts a new one. ON CONFLICT makes that atomic on PostgreSQL
 * and PGlite alike, so requests to several instances at the same moment all count. The database's
 * clock is the one every instance reads. With continueExceeding ($4), a request over the limit
 * starts the window again (what @fastify/rate-limit's own stores do).
 */
const INCREMENT = `
INSERT INTO rate_limit_hits AS r (key, hits, reset_at)
VALUES ($1, 1, now() + $2 * interval '1 millisecond')
ON CONFLICT (key) DO UPDATE SET
  hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
  reset_at = CASE
    WHEN r.reset_at <= now() THEN excluded.reset_at
    WHEN $4::boolean AND r.hits + 1 > $3 THEN excluded.reset_at
    ELSE r.reset_at END
RETURNING hits, ceil(extract(epoch FROM r.reset_at - now()) * 1000)::float8 AS ttl`;

const READ = `SELECT hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl FROM rate_limit_hits WHERE key = $1 AND reset_at > now()`;

const CLEANUP = 'DELETE FROM rate_limit_hits WHERE reset_at < now()';

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (rate_limit_hits), so every
 * app instance on one database shares each limit (issue 14; docs/decisions/038-several-instances.md).
 * `onError` hears of a failed cleanup (the request that ran it goes ahead).
 */
export function databaseRateLimitStore(database: Pick<Database, 'query'>, onError: (err: unknown) => void = () => undefined): FastifyRateLimitStoreCtor {
  let lastCleanup = 0;
  /** At most once a minute per instance, in the request that finds it due (so nothing runs unawaited). */
  const cleanUpIfDue = async () => {
    if (Date.now() - lastCleanup < RATE_LIMIT_CLEANUP_MS) return;
    lastCleanup = Date.now();
    await database.query(CLEANUP).catch(onError);
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly continueExceeding: boolean;

    constructor(
      options: RateLimitOptions,
      /** Each route counts on its own, as with the built-in stores: its method and URL lead the key. */
      private readonly prefix = '',
    ) {
      if (options.exponentialBackoff) throw new Error('The database rate-limit store does not implement exponentialBackoff');
      this.continueExceeding = options.continueExceeding ?? false;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const counted = async () => {
        const { rows } = await database.query<{ hits: number; ttl: number }>(INCREMENT, [storableKey(this.prefix + key), timeWindow, max, this.continueExceeding]);
        await cleanUpIfDue();
        return { current: rows[0]!.hits, ttl: Math.max(0, Number(rows[0]!.ttl)) };
      };
      counted().then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, callback: Callback): void {
      database.query<{ hits: number; ttl: number }>(READ, [storableKey(this.prefix + key)]).then(
        ({ rows: [row] }) => callback(null, row ? { current: row.hits, ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options with its routeInfo (see its onRoute hook), not the route's options its types name.
      const merged = routeOptions as unknown as RouteLimitOptions;
      const { method, url } = merged.routeInfo ?? {};
      const route = method && url ? `${[method].flat().join(',')} ${url}|` : '';
      return new DatabaseRateLimitStore(merged, `${this.prefix}${route}`);
    }
  }
  return DatabaseRateLimitStore;
}
