import { z } from 'zod';

export const screeningQuestionsOutput = z.object({
  questions: z
    .array(z.string().describe('One short spoken question, without numbering'))
    .min(5)
    .describe('5 to 8 distinct phone screening questions'),
});
export type ScreeningQuestionsOutput = z.infer<typeof screeningQuestionsOutput>;
