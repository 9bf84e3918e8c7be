import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './statuses';
import { notificationKind } from './status-enums';

// The emails each member chooses to get (issue 16.5, docs/decisions/031-notifications.md).

/** How the settings page and the unsubscribe page name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  interview_completed: 'Interview completed',
  screening_completed: 'Screening completed',
  candidate_request: 'Candidate requests',
  daily_digest: 'Daily digest',
};

/** What each kind sends, in a sentence (the settings page shows it under the label). */
export const NOTIFICATION_KIND_DESCRIPTIONS: Record<NotificationKind, string> = {
  interview_completed: 'When a candidate has finished an AI interview and its evaluation is ready to review.',
  screening_completed: 'When a phone screening call has been evaluated.',
  candidate_request: 'When a candidate asks for an alternative to the AI interview or for their data to be deleted.',
  daily_digest: "Once a day, a summary of the last 24 hours: interviews and screenings completed, and candidates' requests still open.",
};

/** Each kind on or off. A member who never chose gets every kind but the daily digest. */
export const notificationChoices = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean({ message: `${kind}: say true or false` })])) as Record<NotificationKind, z.ZodBoolean>,
);
export type NotificationChoices = z.infer<typeof notificationChoices>;

/** GET /api/notifications/settings: the member's choices and where their emails go. */
export const notificationSettingsView = z.object({
  choices: notificationChoices,
  /** The member's email address, or their username when it is one; null: nothing can be sent to them. */
  address: z.string().nullable(),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsView>;

/** PUT /api/notifications/settings: every kind, on or off. */
export const notificationSettingsInput = z.strictObject({ choices: notificationChoices });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Check that you opened the whole link from the email, or choose your emails in your notification settings.';

const token = z.string({ message: 'token: the unsubscribe link has no token' }).trim().min(1, 'token: the unsubscribe link has no token').max(200, UNSUBSCRIBE_LINK_INVALID);

/** GET /api/notifications/unsubscribe?token=… (the link in every notification email). */
export const unsubscribeQuery = z.object({ token });
/** POST /api/notifications/unsubscribe: the one click that turns the kind off. */
export const unsubscribeInput = z.object({ token });
/** POST /api/notifications/unsubscribe/one-click?token=: a mail client's own unsubscribe button (RFC 8058). */
export const oneClickUnsubscribeInput = z.object({ 'List-Unsubscribe': z.literal('One-Click', { message: 'Send List-Unsubscribe=One-Click' }) });

/** What an unsubscribe link turns off, and whether it is on now. */
export const unsubscribeView = z.object({
  kind: notificationKind,
  label: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof unsubscribeView>;
