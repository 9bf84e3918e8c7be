import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_KIND_LABELS, UNSUBSCRIBE_LINK_INVALID, type NotificationChoices, type NotificationSettingsView, type UnsubscribeView } from '../../../contracts/notifications';
import type { Db } from '../../db/client';
import { notificationSettings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import type { Notifications } from './notifier';
import { activeMember, addressOf, choicesOf, SETTINGS_COLUMN, settingsColumns } from './recipients';

/** GET /api/notifications/settings: the member's own choices (the defaults until they choose) and where the emails go. */
export async function notificationSettingsOf(db: Db, user: SessionUser): Promise<NotificationSettingsView> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
  return { choices: choicesOf(row ?? null), address: addressOf(user) };
}

/** PUT /api/notifications/settings: every member sets their own (a viewer too). */
export async function saveNotificationSettings(db: Db, user: SessionUser, choices: NotificationChoices, now: Date): Promise<NotificationSettingsView> {
  const values = { ...settingsColumns(choices), updatedAt: now };
  await db
    .insert(notificationSettings)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return notificationSettingsOf(db, user);
}

/** The member a link names, while they are still a member; a token this install did not make, or a removed member's, is refused. */
async function linkTarget(db: Db, notifications: Notifications, token: string) {
  const read = notifications.readToken(token);
  if (!read) throw new AppError('LINK_INVALID', UNSUBSCRIBE_LINK_INVALID);
  const [row] = await db
    .select({ id: users.id, settings: notificationSettings })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(eq(users.id, read.userId), activeMember));
  if (!row) throw new AppError('LINK_INVALID', UNSUBSCRIBE_LINK_INVALID);
  return { userId: row.id, kind: read.kind, choices: choicesOf(row.settings) };
}

/**
 * GET /api/notifications/unsubscribe?token=: what the link would turn off, and whether it is on.
 * Turns nothing off: mail scanners open links, and only a person's click should unsubscribe.
 */
export async function unsubscribeLink(db: Db, notifications: Notifications, token: string): Promise<UnsubscribeView> {
  const { kind, choices } = await linkTarget(db, notifications, token);
  return { kind, label: NOTIFICATION_KIND_LABELS[kind], subscribed: choices[kind] };
}

/** POST /api/notifications/unsubscribe {token}: turns that one kind off for that member (again: no change). */
export async function unsubscribe(db: Db, notifications: Notifications, token: string, now: Date): Promise<UnsubscribeView> {
  const { userId, kind, choices } = await linkTarget(db, notifications, token);
  const values = { ...settingsColumns({ ...choices, [kind]: false }), updatedAt: now };
  // Only the one kind changes: a member who changes other choices meanwhile keeps them.
  const off = { [SETTINGS_COLUMN[kind]]: false, updatedAt: now };
  await db.insert(notificationSettings).values({ userId, ...values }).onConflictDoUpdate({ target: notificationSettings.userId, set: off });
  return { kind, label: NOTIFICATION_KIND_LABELS[kind], subscribed: false };
}
