import { and, asc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { NotificationChoices } from '../../../contracts/notifications';
import type { NotificationKind } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { notificationSettings, users } from '../../db/schema';

/** A member who has never chosen gets every kind but the daily digest. */
export const DEFAULT_CHOICES: NotificationChoices = { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: false };

type SettingsRow = typeof notificationSettings.$inferSelect;

export const choicesOf = (row: SettingsRow | null): NotificationChoices =>
  row
    ? { interview_completed: row.interviewCompleted, screening_completed: row.screeningCompleted, candidate_request: row.candidateRequest, daily_digest: row.dailyDigest }
    : DEFAULT_CHOICES;

/** The column each kind's choice is stored in. */
export const SETTINGS_COLUMN = {
  interview_completed: 'interviewCompleted',
  screening_completed: 'screeningCompleted',
  candidate_request: 'candidateRequest',
  daily_digest: 'dailyDigest',
} as const satisfies Record<NotificationKind, keyof SettingsRow>;

/** The choices as the table's columns. */
export const settingsColumns = (choices: NotificationChoices) => ({
  interviewCompleted: choices.interview_completed,
  screeningCompleted: choices.screening_completed,
  candidateRequest: choices.candidate_request,
  dailyDigest: choices.daily_digest,
});

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

/** Where a member's emails go: their email address, else their username when it is one; null when neither. */
export function addressOf(user: { email: string | null; username: string }): string | null {
  const email = user.email?.trim();
  if (email) return email;
  return looksLikeEmail(user.username) ? user.username : null;
}

/** Members who count: not removed from the company, and not refused by the operator. */
export const activeMember = and(isNull(users.removedAt), ne(users.reviewStatus, 'rejected'));

export interface Recipient {
  userId: number;
  address: string;
}

/**
 * The company's active members with `kind` on and an address to send to, by id. Viewers are
 * included: they read the reports these emails point to.
 */
export async function recipientsOf(db: Db | Tx, companyId: number, kind: NotificationKind, also?: SQL): Promise<Recipient[]> {
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, settings: notificationSettings })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(eq(users.companyId, companyId), activeMember, also))
    .orderBy(asc(users.id));
  return rows.flatMap((row) => {
    const address = addressOf(row);
    return address && choicesOf(row.settings)[kind] ? [{ userId: row.id, address }] : [];
  });
}
