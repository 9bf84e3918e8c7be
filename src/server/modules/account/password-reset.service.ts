import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, count, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { RESET_LINK_EXPIRED, RESET_LINK_UNKNOWN, RESET_LINK_USED, type PasswordResetLink } from '../../../contracts/account';
import { PASSWORD_RESET_MINUTES } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { companies, passwordResets, users } from '../../db/schema';
import { recordAudit, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { COMMON_PASSWORD, isCommonPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { createSession, endUserSessions, SESSION_USER_COLUMNS, type SessionClock, type SessionUser } from '../auth/session';

/**
 * Password reset by an emailed link (issue 16.2, decision 028): a random 256-bit token, only its
 * SHA-256 stored, valid PASSWORD_RESET_MINUTES by the app's clock, used once. The request answers
 * the same whether or not an account matched; the link, once used, signs the person in.
 */

export interface ResetDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

const RESET_MS = PASSWORD_RESET_MINUTES * 60_000;
/** Links one account may be sent in an hour: the form cannot be used to flood someone's inbox. */
export const MAX_RESET_LINKS_PER_HOUR = 3;
/** Accounts one request may reach (an address given as the email of several accounts). */
const MAX_ACCOUNTS_PER_REQUEST = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/** Where an account's reset link goes: its email, else its username when that is an address. */
export const resetAddressOf = (user: { username: string; email: string | null }) => user.email ?? (looksLikeEmail(user.username) ? user.username : null);

/** Marks every open link of the user used: after a reset, a password change or a new email address. */
export async function closeOpenResetLinks(tx: Db | Tx, userId: number, now: Date): Promise<void> {
  await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

const resetEmailBody = (username: string, link: string) =>
  `Hello,\n\nSomeone (we hope you) asked to reset the password of the Hireloop account "${username}".\n\n` +
  `Choose a new password here (the link works once, for ${PASSWORD_RESET_MINUTES} minutes):\n${link}\n\n` +
  `If you did not ask for this, ignore this email: your password stays as it is.\n\nThe Hireloop team`;

/**
 * Sends a reset link to every active account (not removed, not rejected) whose username (any case)
 * or email is the one given, and that has somewhere to send it. Returns nothing: the caller's
 * answer must not depend on it. Mail is delivered after the answer (the caller starts it), so an
 * address with an account is not answered measurably later than one without.
 */
export async function requestPasswordReset(deps: ResetDeps, usernameOrEmail: string, address: Pseudonym | null): Promise<void> {
  const wanted = usernameOrEmail.trim().toLowerCase();
  const matches = await deps.db
    .select({ id: users.id, username: users.username, email: users.email, companyId: users.companyId })
    .from(users)
    .where(and(isNull(users.removedAt), ne(users.reviewStatus, 'rejected'), or(sql`lower(${users.username}) = ${wanted}`, sql`lower(${users.email}) = ${wanted}`)))
    .orderBy(users.id)
    .limit(MAX_ACCOUNTS_PER_REQUEST);
  const now = deps.now();
  for (const user of matches) {
    const to = resetAddressOf(user);
    if (!to) continue;
    await deps.db.transaction(async (tx) => {
      // One request at a time per account, so two at once cannot both pass the hourly count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const [recent] = await tx
        .select({ n: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - 60 * 60_000))));
      if ((recent?.n ?? 0) >= MAX_RESET_LINKS_PER_HOUR) return;
      const token = randomBytes(32).toString('base64url');
      await tx.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_MS) });
      await deps.mailer.enqueue(tx, {
        kind: 'password_reset',
        to,
        companyId: user.companyId,
        subject: 'Reset your Hireloop password',
        body: resetEmailBody(user.username, `${deps.appUrl}/reset-password/${token}`),
      });
      await recordAudit(tx, { action: 'password_reset_requested', companyId: user.companyId, subject: `user:${user.id}`, ip: address });
    });
  }
}

/** The link and its account; refused with a sentence when the link is unknown, used or expired. */
async function openLink(db: Db | Tx, token: string, now: Date, lock = false) {
  const query = db
    .select({
      id: passwordResets.id,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      user: { id: users.id, username: users.username, companyId: users.companyId, removedAt: users.removedAt, reviewStatus: users.reviewStatus },
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(token)))
    .limit(1);
  const [link] = lock ? await query.for('update', { of: passwordResets }) : await query;
  // A removed or rejected account has nothing to reset: its links are as good as unknown.
  if (!link || link.user.removedAt || link.user.reviewStatus === 'rejected') throw new AppError('NOT_FOUND', RESET_LINK_UNKNOWN);
  if (link.usedAt) throw new AppError('LINK_NO_LONGER_VALID', RESET_LINK_USED, { details: { reason: 'used' } });
  if (link.expiresAt.getTime() <= now.getTime()) throw new AppError('LINK_NO_LONGER_VALID', RESET_LINK_EXPIRED, { details: { reason: 'expired' } });
  return link;
}

export async function readResetLink(db: Db, token: string, now: Date): Promise<PasswordResetLink> {
  const link = await openLink(db, token, now);
  return { username: link.user.username };
}

export interface ResetMeta {
  ip?: string;
  userAgent?: string;
  address: Pseudonym | null;
}

/**
 * Sets the password from a valid link and signs the person in: the link and every other open link
 * of the account are used up, every session of the account ends (whoever held the old password is
 * out), and a new session is made for this browser.
 */
export async function completePasswordReset(
  deps: ResetDeps & { sessions: Omit<SessionClock, 'now'> },
  token: string,
  password: string,
  meta: ResetMeta,
): Promise<{ user: SessionUser; sessionId: string }> {
  await openLink(deps.db, token, deps.now());
  if (isCommonPassword(password)) throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD);
  const passwordHash = await hash(password);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Locked and checked again: of two uses at once, the second finds the link used.
    const link = await openLink(tx, token, now, true);
    const userId = link.user.id;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await closeOpenResetLinks(tx, userId, now);
    await endUserSessions(tx, userId);
    await recordAudit(tx, { action: 'password_reset', actorUserId: userId, companyId: link.user.companyId, subject: `user:${userId}`, ip: meta.address });
    const sessionId = await createSession(tx, userId, meta, { now, ...deps.sessions });
    const [row] = await tx
      .select(SESSION_USER_COLUMNS)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    return { user: row!, sessionId };
  });
}
