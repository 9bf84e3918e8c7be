import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { PublicUser, LoginInput, RegisterInput } from '../../../contracts/auth';
import type { Db } from '../../db/client';
import { auditLog, companies, users } from '../../db/schema';
import { recordAudit, type AuditPseudonyms, type AuditSubject, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { COMMON_PASSWORD, isCommonPassword } from '../../lib/passwords';
import { createSession, type SessionClock, type SessionUser } from './session';

/** Failed sign-ins counted over this window decide throttling. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

interface RequestMeta {
  /** Kept with the session (deleted when it ends); the audit log gets `address` instead. */
  ip?: string;
  userAgent?: string;
  /** The address as the audit log keeps it: a keyed hash (decision 024). */
  address?: Pseudonym | null;
}

export function toPublicUser(user: SessionUser): PublicUser {
  return {
    id: user.id,
    username: user.username,
    companyName: user.companyName,
    isApproved: user.isApproved,
    role: user.role,
    companyRole: user.companyRole,
  };
}

// Verified against when the username is unknown, so a miss takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The first account of an install is the operator: approved at once, with the admin role.
 * `isOperator` says which case this was, for the answer to tell the new account.
 */
export async function register(
  db: Db,
  input: RegisterInput,
  meta: RequestMeta,
  clock: SessionClock,
): Promise<{ user: SessionUser; sessionId: string; isOperator: boolean }> {
  if (isCommonPassword(input.password)) throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD);
  const passwordHash = await hash(input.password);
  let registered: { user: SessionUser; isOperator: boolean };
  try {
    registered = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727212)`);
      const [existing] = await tx.select({ n: count() }).from(users);
      const isFirst = (existing?.n ?? 0) === 0;
      const [company] = await tx.insert(companies).values({ name: input.companyName }).returning();
      const [row] = await tx
        .insert(users)
        .values({
          companyId: company!.id,
          username: input.username,
          passwordHash,
          role: isFirst ? 'admin' : 'member',
          isApproved: isFirst,
          reviewStatus: isFirst ? 'approved' : 'pending',
          reviewedAt: isFirst ? new Date() : null,
          reviewedVia: isFirst ? 'first_account' : null,
        })
        .returning();
      await recordAudit(tx, {
        action: 'account_registered',
        actorUserId: row!.id,
        companyId: company!.id,
        subject: `user:${row!.id}`,
        ip: meta.address,
        details: isFirst ? { operator: true } : {},
      });
      const user: SessionUser = {
        id: row!.id,
        username: row!.username,
        companyId: company!.id,
        companyName: company!.name,
        role: row!.role,
        companyRole: row!.companyRole,
        email: row!.email,
        isApproved: row!.isApproved,
        reviewStatus: row!.reviewStatus,
      };
      return { user, isOperator: isFirst };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN', 'Username already exists');
    throw err;
  }
  const sessionId = await createSession(db, registered.user.id, meta, clock);
  return { ...registered, sessionId };
}

/** Who a failed attempt is counted against: the account, or the keyed hash of a name nobody has. */
interface Attempt {
  subject: AuditSubject;
  address: Pseudonym | null;
  companyId: number | null;
}

async function throttleCheck(db: Db, attempt: Attempt): Promise<void> {
  const { subject, address } = attempt;
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS);
  const failures = (where: ReturnType<typeof and>) =>
    db.select({ n: count(), oldest: min(auditLog.at) }).from(auditLog).where(where);
  const [byAccount] = await failures(and(eq(auditLog.action, 'login_failed'), eq(auditLog.subject, subject), gt(auditLog.at, since)));
  const [byAddress] = address
    ? await failures(and(eq(auditLog.action, 'login_failed'), eq(auditLog.ip, address), gt(auditLog.at, since)))
    : [undefined];
  const over = [
    byAccount && byAccount.n >= MAX_FAILURES_PER_ACCOUNT ? byAccount.oldest : null,
    byAddress && byAddress.n >= MAX_FAILURES_PER_ADDRESS ? byAddress.oldest : null,
  ].filter((d): d is Date => d instanceof Date || typeof d === 'string');
  if (over.length === 0) return;
  const oldest = Math.max(...over.map((d) => new Date(d).getTime()));
  const retryAfter = Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - Date.now()) / 1000));
  await recordAudit(db, { action: 'login_throttled', subject, ip: address, companyId: attempt.companyId });
  throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/**
 * Signs in. The log names the account by id (`user:{id}`), or a name nobody has by its keyed hash,
 * and the address by its keyed hash (decision 024): failures are still counted per account, per
 * name and per address, and nothing typed is stored in clear.
 */
export async function login(db: Db, input: LoginInput, meta: RequestMeta, pseudonyms: AuditPseudonyms, clock: SessionClock): Promise<{ user: SessionUser; sessionId: string }> {
  const [row] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
    .limit(1);
  const attempt: Attempt = {
    subject: row ? `user:${row.user.id}` : pseudonyms.unknownName(input.username),
    address: meta.address ?? null,
    companyId: row?.user.companyId ?? null,
  };
  await throttleCheck(db, attempt);
  dummyHash ??= hash('not-a-real-password');
  const ok = await verify(row?.user.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  const failed = { action: 'login_failed', subject: attempt.subject, ip: attempt.address, companyId: attempt.companyId } as const;
  if (!row || !ok) {
    await recordAudit(db, { ...failed, details: { reason: row ? 'wrong_password' : 'unknown_user' } });
    throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  }
  if (row.user.reviewStatus === 'rejected') {
    await recordAudit(db, { ...failed, actorUserId: row.user.id, details: { reason: 'rejected' } });
    throw new AppError('ACCOUNT_REJECTED', 'Your account application was not approved. Contact support if you think this is a mistake.');
  }
  if (row.user.removedAt) {
    await recordAudit(db, { ...failed, actorUserId: row.user.id, details: { reason: 'removed' } });
    throw new AppError('ACCOUNT_REMOVED', 'You no longer have access to this company: an owner removed your account. Ask an owner of the company if you think this is a mistake.');
  }
  const sessionId = await db.transaction(async (tx) => {
    const id = await createSession(tx, row.user.id, meta, clock);
    await recordAudit(tx, { action: 'login_succeeded', actorUserId: row.user.id, companyId: row.user.companyId, subject: attempt.subject, ip: attempt.address });
    return id;
  });
  return {
    sessionId,
    user: {
      id: row.user.id,
      username: row.user.username,
      companyId: row.user.companyId,
      companyName: row.companyName,
      role: row.user.role,
      companyRole: row.user.companyRole,
      email: row.user.email,
      isApproved: row.user.isApproved,
      reviewStatus: row.user.reviewStatus,
    },
  };
}
