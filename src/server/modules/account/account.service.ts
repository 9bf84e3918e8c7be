import { hash, verify } from '@node-rs/argon2';
import { and, count, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import { CURRENT_PASSWORD_INCORRECT, type AccountSession, type AccountView, type PasswordChangeInput, type SessionsEnded } from '../../../contracts/account';
import type { Db, Tx } from '../../db/client';
import { auditLog, companies, sessions, users } from '../../db/schema';
import { auditActor, recordAudit, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { COMMON_PASSWORD, isCommonPassword } from '../../lib/passwords';
import { MAX_FAILURES_PER_ACCOUNT, THROTTLE_WINDOW_MS } from '../auth/auth.service';
import type { SessionCache, SessionClock, SessionUser } from '../auth/session';
import { closeOpenResetLinks } from './password-reset.service';
import { describeUserAgent } from './user-agent';

/**
 * The member's own account (issue 16.2, decision 028): details and email, the password change,
 * and their live sessions. Every function acts on the signed-in user only; `currentIdHash` is the
 * hash of the request's own session, which a change never ends.
 */

export interface AccountDeps {
  db: Db;
  now: () => Date;
  /** This instance forgets the sessions it ends at once (others find the rows gone). */
  sessionCache: SessionCache;
}

export interface Actor {
  user: SessionUser;
  currentIdHash: string;
  address: Pseudonym | null;
}

export async function getAccount(db: Db, userId: number): Promise<AccountView> {
  const [row] = await db
    .select({ username: users.username, email: users.email, companyName: companies.name, companyRole: users.companyRole })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'You need to sign in first');
  return row;
}

/**
 * Sets (or clears, with null) where the account's mail goes. Reset links already sent to the old
 * address stop working: whoever reads that mailbox should not keep a way in.
 */
export async function updateAccountEmail(deps: AccountDeps, actor: Actor, email: string | null): Promise<AccountView> {
  const { user } = actor;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, user.id)).for('update');
    if ((before?.email ?? null) === email) return;
    await tx.update(users).set({ email }).where(eq(users.id, user.id));
    await closeOpenResetLinks(tx, user.id, deps.now());
    await recordAudit(tx, {
      action: 'account_email_changed',
      actorUserId: user.id,
      companyId: user.companyId,
      subject: `user:${user.id}`,
      ip: actor.address,
      details: { cleared: email === null },
    });
  });
  return getAccount(deps.db, user.id);
}

/**
 * A wrong current password counts as a failed sign-in of the account (decision 002's throttle):
 * five in 15 minutes and both sign-in and this form answer 429 until the window has passed.
 * Audit times are the database's, so the window is counted on the real clock, as sign-in does.
 */
async function assertNotThrottled(db: Db, userId: number): Promise<void> {
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const [failures] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login_failed'), eq(auditLog.subject, `user:${userId}`), gt(auditLog.at, since)));
  if ((failures?.n ?? 0) >= MAX_FAILURES_PER_ACCOUNT) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong passwords. Try again in 15 minutes.', { headers: { 'retry-after': String(THROTTLE_WINDOW_MS / 1000) } });
  }
}

/** Deletes the user's sessions that match `which` except the request's own; returns how many ended. */
async function endSessions(deps: AccountDeps, db: Db | Tx, actor: Actor, which?: SQL): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, actor.user.id), ne(sessions.idHash, actor.currentIdHash), which))
    .returning({ idHash: sessions.idHash });
  for (const { idHash } of ended) deps.sessionCache.delete(idHash);
  return ended.length;
}

/** Checks the current password, sets the new one and ends every other session of the user. */
export async function changePassword(deps: AccountDeps, actor: Actor, input: PasswordChangeInput): Promise<SessionsEnded> {
  const { user } = actor;
  await assertNotThrottled(deps.db, user.id);
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  const ok = row ? await verify(row.passwordHash, input.currentPassword).catch(() => false) : false;
  if (!ok) {
    await recordAudit(deps.db, {
      action: 'login_failed',
      actorUserId: user.id,
      companyId: user.companyId,
      subject: `user:${user.id}`,
      ip: actor.address,
      details: { reason: 'wrong_password', via: 'password_change' },
    });
    throw new AppError('WRONG_CURRENT_PASSWORD', CURRENT_PASSWORD_INCORRECT);
  }
  if (isCommonPassword(input.newPassword)) throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD);
  const passwordHash = await hash(input.newPassword);
  const ended = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await closeOpenResetLinks(tx, user.id, deps.now());
    const n = await endSessions(deps, tx, actor);
    await recordAudit(tx, { action: 'password_changed', ...auditActor(user), subject: `user:${user.id}`, ip: actor.address, details: { sessionsEnded: n } });
    return n;
  });
  return { ended };
}

/** The user's sessions that still work (not past their end, not idle too long), the latest first. */
export async function listSessions(deps: AccountDeps & { sessions: Omit<SessionClock, 'now' | 'maxMs'> }, actor: Actor): Promise<AccountSession[]> {
  const now = deps.now();
  const rows = await deps.db
    .select({ idHash: sessions.idHash, publicId: sessions.publicId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.user.id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - deps.sessions.idleMs))))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.publicId));
  return rows.map((r) => ({
    publicId: r.publicId,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    device: describeUserAgent(r.userAgent),
    ip: r.ip,
    current: r.idHash === actor.currentIdHash,
  }));
}

async function recordEnded(deps: AccountDeps, actor: Actor, ended: number, scope: 'others' | 'one'): Promise<void> {
  const { user } = actor;
  await recordAudit(deps.db, { action: 'sessions_ended', ...auditActor(user), subject: `user:${user.id}`, ip: actor.address, details: { ended, scope } });
}

/** "Sign out everywhere else". */
export async function endOtherSessions(deps: AccountDeps, actor: Actor): Promise<SessionsEnded> {
  const ended = await endSessions(deps, deps.db, actor);
  if (ended > 0) await recordEnded(deps, actor, ended, 'others');
  return { ended };
}

/** Ends one of the user's own sessions; another user's (or an unknown number) is not found. */
export async function endOneSession(deps: AccountDeps, actor: Actor, publicId: number): Promise<SessionsEnded> {
  const ended = await endSessions(deps, deps.db, actor, eq(sessions.publicId, publicId));
  if (ended === 0) {
    const [own] = await deps.db
      .select({ idHash: sessions.idHash })
      .from(sessions)
      .where(and(eq(sessions.userId, actor.user.id), eq(sessions.publicId, publicId)));
    if (own) throw new AppError('CANNOT_TARGET_SELF', 'This is the session you are using now: sign out with Logout instead');
    throw new AppError('NOT_FOUND', 'Session not found');
  }
  await recordEnded(deps, actor, ended, 'one');
  return { ended };
}
