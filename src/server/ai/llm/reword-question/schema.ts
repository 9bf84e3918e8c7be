import { z } from 'zod';

export const rewordQuestionOutput = z.object({
  response: z
    .string()
    .describe('A one-sentence neutral bridge from the previous answer, then the next question with its meaning unchanged'),
});
export type RewordQuestionOutput = z.infer<typeof rewordQuestionOutput>;
