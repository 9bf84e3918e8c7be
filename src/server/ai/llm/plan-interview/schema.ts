import { z } from 'zod';

// Counts are loose here (a ninth question is trimmed, not a reason to ask again); index.ts clamps them.
export const planInterviewOutput = z.object({
  questions: z
    .array(z.string().describe('One interview question, spoken naturally, without numbering'))
    .min(5)
    .describe('5 to 8 distinct questions covering job skills, communication and cultural fit'),
  rubric: z
    .array(
      z.object({
        name: z.string().describe('Short criterion name, e.g. "Problem solving"'),
        description: z.string().describe('What a strong answer shows for this criterion'),
        weight: z.number().min(0).max(100).describe('Share of the overall score in percent'),
        anchors: z
          .object({
            weak: z.string().describe('One or two sentences: what a weak answer looks like for this criterion'),
            adequate: z.string().describe('What an adequate answer looks like: relevant and correct, but general or thin'),
            strong: z.string().describe("What a strong answer looks like: specific, with the candidate's own actions and results"),
          })
          .optional()
          .describe('Behaviour anchors for this criterion'),
      }),
    )
    .min(3)
    .describe('3 to 6 distinct evaluation criteria whose weights total 100'),
});
export type PlanInterviewOutput = z.infer<typeof planInterviewOutput>;
