import { z } from 'zod';
import { emailStatus, reviewStatus, userRole } from './status-enums';

export const adminAccount = z.object({
  id: z.number(),
  username: z.string(),
  companyName: z.string(),
  role: userRole,
  isApproved: z.boolean(),
  reviewStatus,
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
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
