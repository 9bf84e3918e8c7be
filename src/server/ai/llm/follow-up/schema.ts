import { z } from 'zod';

export const followUpOutput = z.object({
  followUp: z
    .string()
    .nullable()
    .describe('The single follow-up question to ask, or null when the answer is complete enough'),
  reason: z.string().describe('One sentence for the recruiter: why a follow-up is or is not needed'),
});
export type FollowUpOutput = z.infer<typeof followUpOutput>;
