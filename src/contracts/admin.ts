import { z } from 'zod';

export const reviewStatus = z.enum(['pending', 'approved', 'rejected']);

export const adminAccount = z.object({
  id: z.number(),
  username: z.string(),
  companyName: z.string(),
  role: z.enum(['admin', 'member']),
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
  status: z.enum(['queued', 'sending', 'sent', 'outbox', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;
