import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminAccount, OutboxEmail } from '../../../contracts/admin';
import type { DemoRequest } from '../../../contracts/demo-request';
import type { Db } from '../../db/client';
import { companies, demoRequests, emails, sessions, users } from '../../db/schema';
import { recordAudit, type Pseudonym } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export async function listAccounts(db: Db): Promise<AdminAccount[]> {
  const reviewer = alias(users, 'reviewer');
  const rows = await db
    .select({ user: users, companyName: companies.name, reviewer: reviewer.username })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(reviewer, eq(reviewer.id, users.reviewedBy))
    .orderBy(sql`case ${users.reviewStatus} when 'pending' then 0 else 1 end`, desc(users.createdAt));
  return rows.map(({ user, companyName, reviewer: reviewedBy }) => ({
    id: user.id,
    username: user.username,
    companyName,
    role: user.role,
    isApproved: user.isApproved,
    reviewStatus: user.reviewStatus,
    reviewedAt: iso(user.reviewedAt),
    reviewedBy,
    reviewedVia: user.reviewedVia,
    createdAt: user.createdAt.toISOString(),
  }));
}

export interface ReviewOptions {
  db: Db;
  mailer: Mailer;
  /** Who decides: a signed-in admin, or null for the command line. */
  actorUserId: number | null;
  /** The request's address as the audit log keeps it (a keyed hash, decision 024). */
  address?: Pseudonym | null;
  appUrl: string;
}

/**
 * Approves or rejects an account, recording who and when. Approval emails the user when the
 * username is an email address; rejection ends the user's sessions.
 */
export async function reviewAccount(
  options: ReviewOptions,
  target: { userId: number } | { username: string },
  decision: 'approved' | 'rejected',
): Promise<AdminAccount> {
  const { db, mailer } = options;
  await db.transaction(async (tx) => {
    const where = 'userId' in target ? eq(users.id, target.userId) : sql`lower(${users.username}) = ${target.username.toLowerCase()}`;
    const [user] = await tx.select().from(users).where(where).limit(1);
    if (!user) throw new AppError('NOT_FOUND', 'Account not found');
    if (user.id === options.actorUserId && decision === 'rejected') {
      throw new AppError('CANNOT_TARGET_SELF', 'You cannot reject your own account');
    }
    await tx
      .update(users)
      .set({
        reviewStatus: decision,
        isApproved: decision === 'approved',
        reviewedAt: new Date(),
        reviewedBy: options.actorUserId,
        reviewedVia: options.actorUserId === null ? 'command_line' : 'admin_page',
      })
      .where(eq(users.id, user.id));
    if (decision === 'rejected') await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(tx, {
      action: decision === 'approved' ? 'account_approved' : 'account_rejected',
      actorUserId: options.actorUserId,
      companyId: user.companyId,
      subject: `user:${user.id}`,
      ip: options.address,
      details: { via: options.actorUserId === null ? 'cli' : 'admin' },
    });
    if (decision === 'approved' && looksLikeEmail(user.username)) {
      await mailer.enqueue(tx, {
        kind: 'account_approved',
        to: user.username,
        companyId: user.companyId,
        subject: 'Your Hireloop account has been approved',
        body: `Hello,\n\nYour company account "${user.username}" has been approved. You can now invite candidates to interviews and phone screenings.\n\nSign in: ${options.appUrl}/auth\n\nThe Hireloop team`,
      });
    }
  });
  void mailer.deliverPending();
  const accounts = await listAccounts(db);
  const key = 'userId' in target ? (a: AdminAccount) => a.id === target.userId : (a: AdminAccount) => a.username.toLowerCase() === target.username.toLowerCase();
  return accounts.find(key)!;
}

export async function listDemoRequests(db: Db): Promise<DemoRequest[]> {
  const rows = await db.select().from(demoRequests).orderBy(desc(demoRequests.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function listOutbox(db: Db): Promise<OutboxEmail[]> {
  const rows = await db.select().from(emails).orderBy(desc(emails.createdAt)).limit(200);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    toAddress: r.toAddress,
    subject: r.subject,
    body: r.body,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  }));
}
