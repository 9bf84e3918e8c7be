import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, sessions, users } from '../../db/schema';
import { preparedPerDb } from '../prepared';

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

/** A session's user as the database had it, with the user's `session_version` at that moment. */
export interface FoundSession {
  user: SessionUser;
  version: number;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** A new random session id every time (never reused across logins); only its hash is stored. */
export async function createSession(db: Db | Tx, userId: number, meta: { ip?: string; userAgent?: string }): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return id;
}

export async function destroySession(db: Db | Tx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      companyId: users.companyId,
      companyName: companies.name,
      role: users.role,
      isApproved: users.isApproved,
      reviewStatus: users.reviewStatus,
      version: users.sessionVersion,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_session'),
);

/** The session's user, read from the database now; null for an unknown, expired or rejected session. */
export async function findSession(db: Db, idHash: string): Promise<FoundSession | null> {
  const [row] = await sessionQuery(db).execute({ idHash, now: new Date().toISOString() });
  if (!row || row.reviewStatus === 'rejected') return null;
  const { version, ...user } = row;
  return { user, version };
}

export async function findSessionUser(db: Db, id: string): Promise<SessionUser | null> {
  return (await findSession(db, hashSessionId(id)))?.user ?? null;
}

/**
 * Each instance keeps the users of the sessions it has seen, so that a read can check the session
 * inside its own statement instead of looking the user up first. Never trusted alone: see
 * SessionCheck. Bounded; past the limit the oldest entry goes.
 */
export class SessionCache {
  private readonly entries = new Map<string, FoundSession>();
  constructor(private readonly limit = 10_000) {}

  get(idHash: string): FoundSession | undefined {
    return this.entries.get(idHash);
  }

  set(idHash: string, found: FoundSession | null): void {
    this.entries.delete(idHash);
    if (!found) return;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(idHash, found);
  }

  delete(idHash: string): void {
    this.entries.delete(idHash);
  }
}

/**
 * True in a statement only while the session row exists, has not expired, and its user is still at
 * the given `session_version` (a trigger moves the version on, in the same transaction, whenever
 * the password, role, approval, review, username or company changes). Its placeholders are
 * SessionCheck.params.
 */
export const SESSION_CONDITION = sql`exists (select 1 from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId} where ${sessions.idHash} = ${sql.placeholder('sessionIdHash')} and ${sessions.expiresAt} > ${sql.placeholder('sessionNow')} and ${users.id} = ${sql.placeholder('sessionUserId')} and ${users.sessionVersion} = ${sql.placeholder('sessionVersion')})`;

/**
 * A cached session that is still to be proven in the database: SESSION_CONDITION (prepared
 * statements, with `params`) or `condition` goes into the WHERE of the read the request makes
 * anyway. The read calls confirm() when that statement returned a row: the row itself proves the
 * condition held in the statement that produced the answer.
 */
export class SessionCheck {
  confirmed = false;
  constructor(
    readonly idHash: string,
    readonly userId: number,
    readonly version: number,
  ) {}

  get params(): { sessionIdHash: string; sessionNow: string; sessionUserId: number; sessionVersion: number } {
    return { sessionIdHash: this.idHash, sessionNow: new Date().toISOString(), sessionUserId: this.userId, sessionVersion: this.version };
  }

  get condition(): SQL {
    return sql`exists (select 1 from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId} where ${sessions.idHash} = ${this.idHash} and ${sessions.expiresAt} > ${new Date().toISOString()} and ${users.id} = ${this.userId} and ${users.sessionVersion} = ${this.version})`;
  }

  confirm(): void {
    this.confirmed = true;
  }
}

const confirmQuery = preparedPerDb((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('sessionUserId')), SESSION_CONDITION))
    .limit(1)
    .prepare('confirm_session'),
);

/** For a read that has no query of its own (GET /api/user): the check alone, one round trip. */
export async function confirmSession(db: Db, check: SessionCheck): Promise<void> {
  const [row] = await confirmQuery(db).execute(check.params);
  if (row) check.confirm();
}
