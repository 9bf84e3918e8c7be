import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of @fastify/rate-limit shared by every app instance (issue 14): one row per
 * key (route and client), counting from `resetAt` minus the window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

/**
 * A resumable (tus) upload staged in object storage (issue 14, decision 036): its declared size and
 * metadata; what has arrived is the sum of its chunks, so any instance can continue it.
 */
export const stagedUploads = pgTable('staged_uploads', {
  id: text('id').primaryKey(),
  /** Null while the client defers the length (tus creation-defer-length). */
  size: bigint('size', { mode: 'number' }),
  metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set once the chunks were joined into the finished object. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * One PATCH's bytes of a staged upload, stored as its own object. The key (upload, start) is what
 * makes two instances writing the same offset at once safe: only one row is accepted.
 */
export const stagedUploadChunks = pgTable(
  'staged_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => stagedUploads.id, { onDelete: 'cascade' }),
    start: bigint('start', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    objectKey: text('object_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.start] })],
);
