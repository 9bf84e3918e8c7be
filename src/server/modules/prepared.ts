import type { Db } from '../db/client';

/**
 * A query built once per database instead of on every request: drizzle skips building the SQL,
 * and on PostgreSQL the statement is named, so each connection parses it once
 * (docs/decisions/015-api-speed.md). The name must be unique to the query.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
