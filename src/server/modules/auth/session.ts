import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  username: string;
  companyId: number;
  companyName: string;
  role: 'admin' | 'member';
  isApproved: boolean;
  reviewStatus: 'pending' | 'approved' | 'rejected';
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** A new random session id every time (never reused across logins); only its hash is stored. */
export async function createSession(db: Db, userId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashId(id),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return id;
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashId(id)));
}

export async function findSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      companyId: users.companyId,
      companyName: companies.name,
      role: users.role,
      isApproved: users.isApproved,
      reviewStatus: users.reviewStatus,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.idHash, hashId(id)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.reviewStatus === 'rejected') return null;
  return row;
}
