import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { LinkGoneReason } from '../../../contracts/errors';
import { COMPANY_ROLE_DESCRIPTIONS, COMPANY_ROLE_LABELS } from '../../../contracts/members';
import type { AcceptInvitationInput, InvitationView, InviteMemberInput, OpenInvitation } from '../../../contracts/members';
import { MEMBER_INVITATION_DAYS, type CompanyRole } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { companies, memberInvitations, users } from '../../db/schema';
import { auditActor, recordAudit, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { COMMON_PASSWORD, isCommonPassword } from '../../lib/passwords';
import type { Mailer } from '../../mail/mailer';
import { createSession, type SessionClock, type SessionUser } from '../auth/session';
import { lockCompanyAsOwner } from './company-lock';

/**
 * The owner's invitations and joining through one (issue 16, point 1;
 * docs/decisions/027-members-and-invitations.md).
 */

/** Invitations one company may send in an hour. */
export const INVITATIONS_PER_HOUR = 20;
export const INVITATION_EMAIL_KIND = 'member_invitation';

export const INVITATION_EXPIRED = 'This invitation has expired. Ask the person who invited you to send a new one.';
export const INVITATION_REVOKED = 'This invitation has been withdrawn. Ask the person who invited you to send a new one.';
export const INVITATION_USED =
  'This invitation has already been used. Sign in with the username and password chosen when it was accepted, or ask the person who invited you for a new one.';
export const INVITATION_UNKNOWN = 'This invitation link is not valid. Check that the whole link was copied, or ask the person who invited you for a new one.';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The shape of a token this app makes: 32 random bytes in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface MailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
}

type InvitationRow = typeof memberInvitations.$inferSelect;

export const toOpenInvitation = (row: InvitationRow, now: Date): OpenInvitation => ({
  id: row.id,
  email: row.email,
  companyRole: row.companyRole,
  invitedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.expiresAt.getTime() <= now.getTime(),
});

export const isOpen = and(isNull(memberInvitations.acceptedAt), isNull(memberInvitations.revokedAt));

const lower = (value: string) => value.trim().toLowerCase();

function invitationEmail(options: { inviter: string; companyName: string; companyRole: CompanyRole; link: string; expiresAt: Date }) {
  const { inviter, companyName, companyRole, link, expiresAt } = options;
  const role = COMPANY_ROLE_LABELS[companyRole];
  const until = expiresAt.toISOString().replace('T', ' at ').slice(0, 19) + ' UTC';
  return {
    // The company's name is typed by its owner: no line breaks into the header.
    subject: `${inviter} invited you to join ${companyName} on Hireloop`.replace(/[\r\n]+/g, ' '),
    body: [
      'Hello,',
      '',
      `${inviter} has invited you to join ${companyName} on Hireloop as ${companyRole === 'owner' ? 'an' : 'a'} ${role}. ${COMPANY_ROLE_DESCRIPTIONS[companyRole]}`,
      '',
      'Choose your username and password to join:',
      link,
      '',
      `The link works once and expires on ${until}. If you were not expecting this invitation, you can ignore this email.`,
      '',
      'The Hireloop team',
    ].join('\n'),
  };
}

/**
 * Invites an address to the company with a role: a single-use link valid MEMBER_INVITATION_DAYS,
 * emailed in the transaction that creates it. An address that is already an active member is
 * refused; an earlier open invitation to the same address is revoked by the new one.
 */
export async function inviteMember(options: { deps: MailDeps; user: SessionUser; input: InviteMemberInput; address: Pseudonym | null }): Promise<OpenInvitation> {
  const { deps, user, input, address } = options;
  // The invitee joins approved, without a review of their own: a company still under review cannot add anyone.
  if (!user.isApproved) throw new AppError('NOT_APPROVED', 'Your account is awaiting approval');
  const now = deps.now();
  const email = input.email.trim();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + MEMBER_INVITATION_DAYS * DAY_MS);

  const invitation = await deps.db.transaction(async (tx) => {
    await lockCompanyAsOwner(tx, user);
    const [recent] = await tx
      .select({ n: count() })
      .from(memberInvitations)
      .where(and(eq(memberInvitations.companyId, user.companyId), gt(memberInvitations.createdAt, new Date(now.getTime() - 60 * 60 * 1000))));
    if ((recent?.n ?? 0) >= INVITATIONS_PER_HOUR) {
      throw new AppError('TOO_MANY_REQUESTS', `Your company can send at most ${INVITATIONS_PER_HOUR} invitations an hour. Please try again later.`, { headers: { 'retry-after': '3600' } });
    }
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, user.companyId),
          isNull(users.removedAt),
          or(sql`lower(${users.email}) = ${lower(email)}`, sql`lower(${users.username}) = ${lower(email)}`),
        ),
      )
      .limit(1);
    if (existing) throw new AppError('ALREADY_MEMBER', `${email} is already a member of ${user.companyName}.`);

    const replaced = await tx
      .update(memberInvitations)
      .set({ revokedAt: now })
      .where(and(eq(memberInvitations.companyId, user.companyId), isOpen, sql`lower(${memberInvitations.email}) = ${lower(email)}`))
      .returning({ id: memberInvitations.id });
    const [row] = await tx
      .insert(memberInvitations)
      .values({ companyId: user.companyId, email, companyRole: input.companyRole, tokenHash: hashInvitationToken(token), invitedBy: user.id, createdAt: now, expiresAt })
      .returning();
    for (const { id } of replaced) {
      await recordAudit(tx, { action: 'invitation_revoked', ...auditActor(user), ip: address, details: { invitationId: id, replacedBy: row!.id } });
    }
    await recordAudit(tx, {
      action: 'member_invited',
      actorUserId: user.id,
      companyId: user.companyId,
      ip: address,
      details: { invitationId: row!.id, companyRole: input.companyRole },
    });
    const mail = invitationEmail({ inviter: user.username, companyName: user.companyName, companyRole: input.companyRole, link: `${deps.appUrl}/join/${token}`, expiresAt });
    await deps.mailer.enqueue(tx, { kind: INVITATION_EMAIL_KIND, to: email, ...mail, companyId: user.companyId, userId: user.id });
    return row!;
  });
  await deps.mailer.deliverPending();
  return toOpenInvitation(invitation, now);
}

/** Withdraws an open invitation: its link opens nothing from now on. Revoking one already revoked changes nothing. */
export async function revokeInvitation(options: { db: Db; user: SessionUser; invitationId: number; now: Date; address: Pseudonym | null }): Promise<void> {
  const { db, user, invitationId, now, address } = options;
  await db.transaction(async (tx) => {
    await lockCompanyAsOwner(tx, user);
    const [row] = await tx
      .select()
      .from(memberInvitations)
      .where(and(eq(memberInvitations.id, invitationId), eq(memberInvitations.companyId, user.companyId)))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found');
    if (row.acceptedAt) throw new AppError('INVITATION_ACCEPTED', 'This invitation has already been accepted: the person is a member now.');
    if (row.revokedAt) return;
    await tx.update(memberInvitations).set({ revokedAt: now }).where(eq(memberInvitations.id, row.id));
    await recordAudit(tx, { action: 'invitation_revoked', ...auditActor(user), ip: address, details: { invitationId: row.id } });
  });
}

/** Refuses (410) a link that no longer works, saying why in words for the person holding it; nothing while it does. */
function assertInvitationOpen(row: InvitationRow, now: Date): void {
  const gone = (reason: LinkGoneReason, message: string) => new AppError('LINK_NO_LONGER_VALID', message, { details: { reason } });
  if (row.acceptedAt) throw gone('used', INVITATION_USED);
  if (row.revokedAt) throw gone('revoked', INVITATION_REVOKED);
  if (row.expiresAt.getTime() <= now.getTime()) throw gone('expired', INVITATION_EXPIRED);
}

async function findByToken(db: Db | Tx, token: string) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ invitation: memberInvitations, companyName: companies.name, invitedBy: users.username })
    .from(memberInvitations)
    .innerJoin(companies, eq(companies.id, memberInvitations.companyId))
    .leftJoin(users, eq(users.id, memberInvitations.invitedBy))
    .where(eq(memberInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  return row;
}

/** What the join page shows: 404 for a link that names nothing, 410 for one that was valid once. */
export async function readInvitation(options: { db: Db; token: string; now: Date }): Promise<InvitationView> {
  const found = await findByToken(options.db, options.token);
  if (!found) throw new AppError('NOT_FOUND', INVITATION_UNKNOWN);
  assertInvitationOpen(found.invitation, options.now);
  const { invitation } = found;
  return {
    companyName: found.companyName,
    email: invitation.email,
    companyRole: invitation.companyRole,
    invitedBy: found.invitedBy,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Joins the company through an invitation: the account is created approved (the owner vouches
 * for it), with the invited role and address, the invitation is marked accepted, and a session is
 * opened, all in one transaction. The invitation's row is locked first, so of two accepts at once
 * exactly one succeeds; the other finds it used (410).
 */
export async function acceptInvitation(options: {
  db: Db;
  token: string;
  input: AcceptInvitationInput;
  meta: { ip?: string; userAgent?: string; address: Pseudonym | null };
  clock: SessionClock;
}): Promise<{ user: SessionUser; sessionId: string }> {
  const { db, token, input, meta, clock } = options;
  const now = clock.now;
  // Checked before the (slow) password hash, so a dead link answers at once; checked again under the lock.
  await readInvitation({ db, token, now });
  if (isCommonPassword(input.password)) throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD);
  const passwordHash = await hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: memberInvitations.id }).from(memberInvitations).where(eq(memberInvitations.tokenHash, hashInvitationToken(token))).for('update');
      const found = locked && (await findByToken(tx, token));
      if (!found) throw new AppError('NOT_FOUND', INVITATION_UNKNOWN);
      assertInvitationOpen(found.invitation, now);
      const { invitation } = found;
      const [row] = await tx
        .insert(users)
        .values({
          companyId: invitation.companyId,
          username: input.username,
          passwordHash,
          role: 'member',
          companyRole: invitation.companyRole,
          email: invitation.email,
          isApproved: true,
          reviewStatus: 'approved',
          reviewedAt: now,
          reviewedBy: invitation.invitedBy,
          reviewedVia: 'invitation',
          createdAt: now,
        })
        .returning();
      const user = row!;
      await tx.update(memberInvitations).set({ acceptedAt: now, acceptedUserId: user.id }).where(eq(memberInvitations.id, invitation.id));
      await recordAudit(tx, {
        action: 'member_joined',
        actorUserId: user.id,
        companyId: invitation.companyId,
        subject: `user:${user.id}`,
        ip: meta.address,
        details: { invitationId: invitation.id, companyRole: invitation.companyRole },
      });
      const sessionId = await createSession(tx, user.id, meta, clock);
      return {
        sessionId,
        user: {
          id: user.id,
          username: user.username,
          companyId: user.companyId,
          companyName: found.companyName,
          role: user.role,
          companyRole: user.companyRole,
          email: user.email,
          isApproved: user.isApproved,
          reviewStatus: user.reviewStatus,
        },
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN', 'Username already exists');
    throw err;
  }
}
