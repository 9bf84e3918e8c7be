/**
 * Record ids without zod (the schemas are in ids.ts): the entry chunk and the candidate's ready page
 * read ids from the address bar with these, and must not download zod for it (decision 016).
 */

/** The largest value of an `integer` column: every table's id is a PostgreSQL `integer`. */
export const MAX_RECORD_ID = 2_147_483_647;

/** An id in the browser's address bar, or null when it cannot name a record (the page then says not found). */
export function recordIdFrom(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_RECORD_ID ? id : null;
}
