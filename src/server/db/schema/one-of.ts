import { sql, type SQL } from 'drizzle-orm';
import { check, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A check constraint holding a text column to a closed set from src/contracts/statuses.ts, so a
 * value the code does not know can never be stored (a null passes: nullability is the column's).
 */
export function oneOf(name: string, column: PgColumn, values: readonly string[]) {
  const list: SQL = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '));
  return check(name, sql`${column} in (${list})`);
}
