import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * Text the database cannot store, refused in one place for every route (issue 28): PostgreSQL's
 * text and JSON columns refuse the NUL character, and a lone UTF-16 surrogate (half of an emoji, as
 * a careless client cuts one) is refused by JSON columns and silently turned into "?" by text ones.
 * Either would answer 500 from deep inside a query, so it is answered 400 here, naming the field,
 * before any route reads its input. Keys are checked as well as values (records keep their keys).
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text cannot be stored, or null when it can. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000), which cannot be stored: remove it and try again';
  if (LONE_SURROGATE.test(text)) return 'contains a broken character (half of a UTF-16 surrogate pair), which cannot be stored: remove it and try again';
  return null;
}

/** The first string in `value` (a request's params, query or body) that cannot be stored, with where it is. */
export function findUnstorableText(value: unknown, where: string): string | null {
  if (typeof value === 'string') {
    const why = unstorableText(value);
    return why && `${where}: ${why}`;
  }
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const field = Array.isArray(value) ? `${where}.${key}` : where === 'body' || where === 'params' || where === 'querystring' ? key : `${where}.${key}`;
    const why = unstorableText(key);
    if (why) return `${field}: the name ${why}`;
    const found = findUnstorableText(item, field);
    if (found) return found;
  }
  return null;
}

/** Refuses a field of a form read part by part (multipart), as the hook refuses JSON fields. */
export function assertStorableText(text: string, field: string): void {
  const why = unstorableText(text);
  if (why) throw new AppError('VALIDATION_FAILED', `${field}: ${why}`);
}

export const textInputPlugin = fp(async (app: FastifyInstance) => {
  // After the access hook (registered before this plugin): who may call is answered first.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found = findUnstorableText(request.params, 'params') ?? findUnstorableText(request.query, 'querystring') ?? findUnstorableText(request.body, 'body');
    if (found) throw new AppError('VALIDATION_FAILED', found);
  });
});
