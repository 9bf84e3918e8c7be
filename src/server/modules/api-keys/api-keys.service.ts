import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKey, type CreateApiKeyInput, type CreatedApiKey } from '../../../contracts/api-keys';
import type { Db } from '../../db/client';
import { apiKeys, companies, users } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { SESSION_USER_COLUMNS, type SessionUser } from '../auth/session';
import { preparedPerDb } from '../prepared';

/**
 * Company API keys (issue 17, point 2; docs/decisions/033-api-keys-and-openapi.md): made, listed and
 * revoked by owners; a request with `Authorization: Bearer <key>` acts as the key's company with the
 * key's scope (plugins/access.ts asks findApiKeyUser on each such request: no cache to outlive a revocation).
 */

/** How many of the key's characters lists show: the fixed start and four random ones. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 4;
/** A key's use is written at most this often, so a busy integration costs no write per request. */
export const API_KEY_TOUCH_MS = 60_000;

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

type KeyColumns = Pick<typeof apiKeys.$inferSelect, 'id' | 'name' | 'scope' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'revokedAt'>;

const toApiKey = (row: KeyColumns, createdBy: string): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  prefix: row.prefix,
  createdBy,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A new key for the owner's company: 32 random bytes, shown in this answer only; the database keeps its SHA-256. */
export async function createApiKey(options: { db: Db; user: SessionUser; input: CreateApiKeyInput; now: Date }): Promise<CreatedApiKey> {
  const { db, user, input, now } = options;
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({ companyId: user.companyId, name: input.name, scope: input.scope, prefix: key.slice(0, SHOWN_CHARACTERS), keyHash: hashApiKey(key), createdBy: user.id, createdAt: now })
      .returning();
    await recordAudit(tx, { action: 'api_key_created', ...auditActor(user), details: { apiKeyId: created!.id, scope: input.scope } });
    return created;
  });
  return { ...toApiKey(row!, user.username), key };
}

/** The company's keys, newest first, revoked ones too (the list says when each was revoked). */
export async function listApiKeys(options: { db: Db; user: SessionUser }): Promise<ApiKey[]> {
  const { db, user } = options;
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scope: apiKeys.scope,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      creator: users.username,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, user.companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ creator, ...row }) => toApiKey(row, creator));
}

/** Revokes a key of the owner's company: its next request, on any instance, is refused. Revoking twice is no error. */
export async function revokeApiKey(options: { db: Db; user: SessionUser; keyId: number; now: Date }): Promise<void> {
  const { db, user, keyId, now } = options;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, user.companyId)))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND', 'API key not found');
    if (found.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, found.id));
    await recordAudit(tx, { action: 'api_key_revoked', ...auditActor(user), details: { apiKeyId: found.id } });
  });
}

const keyQuery = preparedPerDb((db) =>
  db
    .select({ ...SESSION_USER_COLUMNS, keyId: apiKeys.id, keyName: apiKeys.name, scope: apiKeys.scope, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    // The creator must still be an active member of the key's company: a removed owner's keys stop with them.
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.companyId, apiKeys.companyId), isNull(users.removedAt)))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare('find_api_key'),
);

const touchQuery = preparedPerDb((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(apiKeys.id, sql.placeholder('keyId')), or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} <= ${sql.placeholder('since')}`)))
    .prepare('touch_api_key'),
);

/**
 * Whom a request with this key acts as, read from the database now: the key's creator in the key's
 * company, as a viewer (read) or a recruiter (write), never as an owner nor the install's operator.
 * Null for an unknown or revoked key, or one whose creator was removed or rejected.
 */
export async function findApiKeyUser(db: Db, key: string, now: Date): Promise<SessionUser | null> {
  const [row] = await keyQuery(db).execute({ keyHash: hashApiKey(key) });
  if (!row || row.reviewStatus === 'rejected') return null;
  const { keyId, keyName, scope, lastUsedAt, ...user } = row;
  if (!lastUsedAt || now.getTime() - new Date(lastUsedAt).getTime() >= API_KEY_TOUCH_MS) {
    await touchQuery(db).execute({ keyId, now: now.toISOString(), since: new Date(now.getTime() - API_KEY_TOUCH_MS).toISOString() });
  }
  return { ...user, role: 'member', companyRole: scope === 'write' ? 'recruiter' : 'viewer', apiKey: { id: keyId, name: keyName, scope } };
}
