import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Member, MemberList } from '../../../contracts/members';
import type { CompanyRole } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { memberInvitations, sessions, users } from '../../db/schema';
import { recordAudit, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { lockCompanyAsOwner } from './company-lock';
import { isOpen, toOpenInvitation } from './invitations.service';

/**
 * The company's members: who they are, their roles, and their removal (issue 16, point 1;
 * docs/decisions/027-members-and-invitations.md). The company always keeps an active owner.
 */

export const LAST_OWNER = 'A company needs at least one owner. Make another member an owner first.';

type MemberRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'email' | 'companyRole' | 'createdAt'>;

const memberColumns = { id: users.id, username: users.username, email: users.email, companyRole: users.companyRole, createdAt: users.createdAt };

const toMember = (row: MemberRow, viewerId: number): Member => ({
  id: row.id,
  username: row.username,
  email: row.email,
  companyRole: row.companyRole,
  joinedAt: row.createdAt.toISOString(),
  isYou: row.id === viewerId,
});

/** The active members, oldest first; the open invitations (newest first) only for owners, who manage them. */
export async function listMembers(options: { db: Db; user: SessionUser; now: Date }): Promise<MemberList> {
  const { db, user, now } = options;
  const members = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.companyId, user.companyId), isNull(users.removedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  const invitations =
    user.companyRole === 'owner'
      ? await db
          .select()
          .from(memberInvitations)
          .where(and(eq(memberInvitations.companyId, user.companyId), isOpen))
          .orderBy(desc(memberInvitations.createdAt), desc(memberInvitations.id))
      : [];
  return { members: members.map((m) => toMember(m, user.id)), invitations: invitations.map((i) => toOpenInvitation(i, now)) };
}

/** The active member of the actor's company with this id, under the company's lock; 404 for anyone else. */
async function lockedMember(tx: Tx, actor: SessionUser, memberId: number) {
  await lockCompanyAsOwner(tx, actor);
  const [target] = await tx
    .select({ ...memberColumns, role: users.role })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.companyId, actor.companyId), isNull(users.removedAt)))
    .limit(1);
  if (!target) throw new AppError('NOT_FOUND', 'Member not found');
  return target;
}

/** Refuses a change that would leave the company without an active owner. */
async function assertAnotherOwner(tx: Tx, companyId: number, leavingId: number): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.companyRole, 'owner'), isNull(users.removedAt), sql`${users.id} <> ${leavingId}`));
  if ((others?.n ?? 0) === 0) throw new AppError('LAST_OWNER', LAST_OWNER);
}

/** Changes a member's role; the member's sessions follow at once (the role is read with every session check). */
export async function changeMemberRole(options: { db: Db; user: SessionUser; memberId: number; companyRole: CompanyRole; address: Pseudonym | null }): Promise<Member> {
  const { db, user, memberId, companyRole, address } = options;
  return db.transaction(async (tx) => {
    const target = await lockedMember(tx, user, memberId);
    if (target.companyRole === companyRole) return toMember(target, user.id);
    if (target.companyRole === 'owner') await assertAnotherOwner(tx, user.companyId, target.id);
    const [updated] = await tx.update(users).set({ companyRole }).where(eq(users.id, target.id)).returning(memberColumns);
    await recordAudit(tx, {
      action: 'member_role_changed',
      actorUserId: user.id,
      companyId: user.companyId,
      subject: `user:${target.id}`,
      ip: address,
      details: { from: target.companyRole, to: companyRole },
    });
    return toMember(updated!, user.id);
  });
}

/**
 * Removes a member (an owner may remove themselves while another owner remains): marked removed
 * (the row stays for what they authored) and every session of theirs deleted in the same
 * transaction, so their next request is refused. Returns the removed sessions' id hashes, for this
 * instance's session cache.
 */
export async function removeMember(options: { db: Db; user: SessionUser; memberId: number; now: Date; address: Pseudonym | null }): Promise<string[]> {
  const { db, user, memberId, now, address } = options;
  return db.transaction(async (tx) => {
    const target = await lockedMember(tx, user, memberId);
    if (target.companyRole === 'owner') await assertAnotherOwner(tx, user.companyId, target.id);
    if (target.role === 'admin') throw new AppError('OPERATOR_PROTECTED', "The install's operator cannot be removed from their company.");
    await tx.update(users).set({ removedAt: now }).where(eq(users.id, target.id));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, target.id)).returning({ idHash: sessions.idHash });
    await recordAudit(tx, {
      action: 'member_removed',
      actorUserId: user.id,
      companyId: user.companyId,
      subject: `user:${target.id}`,
      ip: address,
      details: { companyRole: target.companyRole },
    });
    return ended.map((s) => s.idHash);
  });
}
