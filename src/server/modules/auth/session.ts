import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ApiKeyScope, CompanyRole, ReviewStatus, UserRole } from '../../../contracts/statuses';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { companies, sessions, users } from '../../db/schema';
import { preparedPerDb } from '../prepared';

export const SESSION_COOKIE = 'sid';
/**
 * A session's last request is written at most this often, so a busy session costs no write per
 * request; the idle timeout is therefore exact to within this much.
 */
export const SESSION_TOUCH_MS = 60_000;

export interface SessionUser {
  id: number;
  username: string;
  companyId: number;
  companyName: string;
  /** The install's operator or not (the /admin area). */
  role: UserRole;
  /** The member's role in the company: what the routes' `config.role` is checked against. */
  companyRole: CompanyRole;
  /** Where reset links and notifications go (null: the username, when it is an email address). */
  email: string | null;
  isApproved: boolean;
  reviewStatus: ReviewStatus;
  /**
   * Set when a company API key made the request (issue 17): the key acts as its creator's company
   * with `companyRole` viewer (read) or recruiter (write); `id` is the owner who created the key.
   */
  apiKey?: { id: number; name: string; scope: ApiKeyScope };
}

/**
 * A session's user as the database had it, with the user's `session_version` at that moment and
 * when the session's last request was recorded (ms).
 */
export interface FoundSession {
  user: SessionUser;
  version: number;
  lastSeenMs: number;
}

/** How long sessions live (config.sessions) and the time now (app.deps.now()). */
export interface SessionClock {
  now: Date;
  idleMs: number;
  maxMs: number;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/**
 * A new random session id every time (never reused across logins); only its hash is stored. It
 * ends `clock.maxMs` after now, or earlier after `clock.idleMs` without a request.
 */
export async function createSession(db: Db | Tx, userId: number, meta: { ip?: string; userAgent?: string }, clock: SessionClock): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: hashSessionId(id),
    userId,
    createdAt: clock.now,
    lastSeenAt: clock.now,
    expiresAt: new Date(clock.now.getTime() + clock.maxMs),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return id;
}

/** The cookie that carries a new session (createSession's id): signed, HttpOnly, for the session's whole lifetime. */
export function setSessionCookie(reply: FastifyReply, sessionId: string, config: Pick<AppConfig, 'env' | 'sessions'>): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    signed: true,
    maxAge: Math.floor(config.sessions.maxMs / 1000),
  });
}

/** Ends every session of a user (password reset, removal) or every one but `keepIdHash` (password change). */
export async function endUserSessions(db: Db | Tx, userId: number, keepIdHash?: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepIdHash ? sql`${sessions.idHash} <> ${keepIdHash}` : undefined));
}

export async function destroySession(db: Db | Tx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSessionId(id)));
}

/** A SessionUser's columns, for a select from users joined to companies. */
export const SESSION_USER_COLUMNS = {
  id: users.id,
  username: users.username,
  companyId: users.companyId,
  companyName: companies.name,
  role: users.role,
  companyRole: users.companyRole,
  email: users.email,
  isApproved: users.isApproved,
  reviewStatus: users.reviewStatus,
};

const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      ...SESSION_USER_COLUMNS,
      version: users.sessionVersion,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        isNull(users.removedAt),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

const touchQuery = preparedPerDb((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}` })
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), sql`${sessions.lastSeenAt} < ${sql.placeholder('now')}`))
    .prepare('touch_session'),
);

/**
 * The session's user, read from the database now; null for an unknown, expired, idle, removed or
 * rejected session. A request more than SESSION_TOUCH_MS after the last one recorded is recorded.
 */
export async function findSession(db: Db, idHash: string, clock: Omit<SessionClock, 'maxMs'>): Promise<FoundSession | null> {
  const now = clock.now.getTime();
  const [row] = await sessionQuery(db).execute({ idHash, now: clock.now.toISOString(), idleSince: new Date(now - clock.idleMs).toISOString() });
  if (!row || row.reviewStatus === 'rejected') return null;
  const { version, lastSeenAt, ...user } = row;
  let lastSeenMs = new Date(lastSeenAt).getTime();
  if (now - lastSeenMs >= SESSION_TOUCH_MS) {
    await touchQuery(db).execute({ idHash, now: clock.now.toISOString() });
    lastSeenMs = now;
  }
  return { user, version, lastSeenMs };
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
export const SESSION_CONDITION = sql`exists (select 1 from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId} where ${sessions.idHash} = ${sql.placeholder('sessionIdHash')} and ${sessions.expiresAt} > ${sql.placeholder('sessionNow')} and ${sessions.lastSeenAt} > ${sql.placeholder('sessionIdleSince')} and ${users.id} = ${sql.placeholder('sessionUserId')} and ${users.sessionVersion} = ${sql.placeholder('sessionVersion')})`;

/**
 * A cached session that is still to be proven in the database: SESSION_CONDITION (prepared
 * statements, with `params`) or `condition` goes into the WHERE of the read the request makes
 * anyway. The read calls confirm() when that statement returned a row: the row itself proves the
 * condition held in the statement that produced the answer.
 */
export class SessionCheck {
  confirmed = false;
  private readonly now: string;
  private readonly idleSince: string;
  constructor(
    readonly idHash: string,
    readonly userId: number,
    readonly version: number,
    clock: Omit<SessionClock, 'maxMs'>,
  ) {
    this.now = clock.now.toISOString();
    this.idleSince = new Date(clock.now.getTime() - clock.idleMs).toISOString();
  }

  get params(): { sessionIdHash: string; sessionNow: string; sessionIdleSince: string; sessionUserId: number; sessionVersion: number } {
    return { sessionIdHash: this.idHash, sessionNow: this.now, sessionIdleSince: this.idleSince, sessionUserId: this.userId, sessionVersion: this.version };
  }

  get condition(): SQL {
    return sql`exists (select 1 from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId} where ${sessions.idHash} = ${this.idHash} and ${sessions.expiresAt} > ${this.now} and ${sessions.lastSeenAt} > ${this.idleSince} and ${users.id} = ${this.userId} and ${users.sessionVersion} = ${this.version})`;
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
