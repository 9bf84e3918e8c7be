import { z } from 'zod';
import { idParam } from './ids';
import { registerInput } from './auth';
import { companyRole } from './status-enums';

/**
 * Passwords and sessions (issue 16.2, docs/decisions/028-passwords-and-sessions.md): the reset link
 * sent by email, the account page (details, password change) and the member's own sessions.
 */

/** The one answer to a reset request, whether or not an account matched (nothing can be learned from it). */
export const PASSWORD_RESET_SENT = "If an account matches, we've sent a link to its email address";
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const RESET_LINK_EXPIRED = 'This password reset link has expired: links work for one hour. Ask for a new one below.';
export const RESET_LINK_USED = 'This password reset link has already been used. Ask for a new one if you still need to reset your password.';
export const RESET_LINK_UNKNOWN = 'This password reset link is not valid. Check that you opened the whole link from the email, or ask for a new one.';

/** The same rules as registration. */
const newPassword = registerInput.shape.password;

/** POST /api/password-reset: a username or the address the account's email goes to. */
export const passwordResetRequestInput = z.object({
  usernameOrEmail: z.string().trim().min(1, 'Enter your username or email address').max(320, 'That is too long to be a username or an email address'),
});
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const passwordResetRequested = z.object({ message: z.literal(PASSWORD_RESET_SENT) });
export type PasswordResetRequested = z.infer<typeof passwordResetRequested>;

export const resetTokenParams = z.object({ token: z.string().min(1).max(64, 'This is not a password reset link') });

/** GET /api/password-reset/:token while the link is valid: whose password it sets. */
export const passwordResetLink = z.object({ username: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLink>;

/** POST /api/password-reset/:token; the answer is the signed-in user (publicUser), as after a login. */
export const passwordResetInput = z.object({ password: newPassword });
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/** GET /api/account. */
export const accountView = z.object({
  username: z.string(),
  /** Where reset links and notifications go; null: the username, when it is an email address. */
  email: z.string().nullable(),
  companyName: z.string(),
  companyRole,
});
export type AccountView = z.infer<typeof accountView>;

const emailFormat = z.email();

/** PATCH /api/account: an email address, or null (or an empty field) to clear it. */
export const accountUpdateInput = z.object({
  email: z
    .string()
    .trim()
    .max(320, 'Email address must be at most 320 characters')
    .refine((v) => v === '' || emailFormat.safeParse(v).success, 'Enter a valid email address, or leave it empty')
    .transform((v) => v || null)
    .nullable(),
});
export type AccountUpdateInput = z.input<typeof accountUpdateInput>;

/** POST /api/account/password. */
export const passwordChangeInput = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    newPassword,
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

/** How many sessions a change ended. */
export const sessionsEnded = z.object({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof sessionsEnded>;

/** One of the member's live sessions (GET /api/account/sessions). */
export const accountSession = z.object({
  publicId: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The browser and system, as told by the user agent ("Firefox on Linux"). */
  device: z.string(),
  ip: z.string().nullable(),
  /** The session of the request itself. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessions = z.array(accountSession);

export const sessionParams = z.object({ publicId: idParam('publicId') });
