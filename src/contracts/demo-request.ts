import { z } from 'zod';

export const demoRequestInput = z.object({
  fullName: z.string().trim().min(2, 'Name is required').max(200),
  email: z.string().trim().max(320).pipe(z.email('Invalid email address')),
  companyName: z.string().trim().max(200).optional().default(''),
  phoneNumber: z.string().trim().max(50).optional().default(''),
  message: z.string().trim().max(5000).optional().default(''),
});
export type DemoRequestInput = z.input<typeof demoRequestInput>;

export const demoRequest = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  companyName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequest>;
