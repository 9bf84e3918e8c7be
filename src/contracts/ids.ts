import { z } from 'zod';
import { MAX_RECORD_ID } from './record-ids';

export { MAX_RECORD_ID, recordIdFrom } from './record-ids';

/**
 * Ids as clients send them. Every table's id is a PostgreSQL `integer`, so a number past its range
 * names no record: it is refused with the same sentence as a word, 0 or 1.5, before any query
 * (a query with it fails inside the database). One schema for every address, query and body.
 */

const idMessage = (name: string) => `${name} must be a whole number from 1 to ${MAX_RECORD_ID}`;
/** A missing id is 'Required', as every missing field; anything else that is not a number gets the id's sentence. */
const typeError = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : message);

/** An id in an address or a query string, where it arrives as text. */
export const idParam = (name: string) => {
  const message = idMessage(name);
  return z.coerce.number({ error: typeError(message) }).int(message).positive(message).max(MAX_RECORD_ID, message);
};

/** An id in a JSON body, where it must be a number. */
export const idField = (name: string) => {
  const message = idMessage(name);
  return z.number({ error: typeError(message) }).int(message).positive(message).max(MAX_RECORD_ID, message);
};

/** The `:id` of an address. */
export const idParams = z.object({ id: idParam('id') });
