import { z } from 'zod';
import { companyRole, userRole } from './status-enums';

const username = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain only letters, digits and . _ @ -');

export const loginInput = z.object({
  username: z.string().trim().min(1, 'Required').max(50),
  password: z.string().min(1, 'Required').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.object({
  username,
  password: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
  companyName: z.string().trim().min(1, 'Company name is required').max(200),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** The user as the API shows it: never the password hash. */
export const publicUser = z.object({
  id: z.number(),
  username: z.string(),
  companyName: z.string(),
  isApproved: z.boolean(),
  role: userRole,
  /** The member's role in the company (decision 026): what the workspace lets them do. */
  companyRole,
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * The answer to a registration: the new user, and whether it became the install's operator (the
 * first account: approved at once, the admin who reviews later accounts at /admin; decision 002).
 * Every later account waits for that review.
 */
export const registerResponse = publicUser.extend({ isOperator: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponse>;
