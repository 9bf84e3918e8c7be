import { z } from 'zod';
import { accountReviewChannel, emailStatus, reviewStatus, userRole } from './status-enums';

export const adminAccount = z.object({
  id: z.number(),
  username: z.string(),
  companyName: z.string(),
  role: userRole,
  isApproved: z.boolean(),
  reviewStatus,
  reviewedAt: z.string().nullable(),
  /** The reviewer's username; null when the review had none (the first account, the command line). */
  reviewedBy: z.string().nullable(),
  /** How the latest review was made; null while the account has never been reviewed. */
  reviewedVia: accountReviewChannel.nullable(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccount>;

export const outboxEmail = z.object({
  id: z.number(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  status: emailStatus,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;
