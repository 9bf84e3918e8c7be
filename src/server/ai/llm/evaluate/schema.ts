import { z } from 'zod';

/**
 * The model's part of an evaluation. There is deliberately no overall score: code computes it
 * from the rubric weights. Criterion names are an enum of the rubric's names, so a provider with
 * structured outputs cannot rename a criterion.
 */
export function evaluateOutput(criterionNames: string[]) {
  const unique = [...new Set(criterionNames)];
  const name = unique.length > 0 ? z.enum(unique as [string, ...string[]]) : z.string();
  return z.object({
    criteria: z
      .array(
        z.object({
          name: name.describe('The rubric criterion name, exactly as given'),
          score: z
            .number()
            .min(0)
            .max(100)
            .nullable()
            .describe('0 to 100, or null when the candidate said too little to judge this criterion'),
          feedback: z.string().describe('Two to four specific sentences; when score is null, why there is too little evidence'),
          evidence: z
            .array(z.object({ quote: z.string().describe("Words copied exactly from the candidate's turns") }))
            .describe('One to three short verbatim quotes supporting the score; empty when there is nothing to quote'),
        }),
      )
      .describe('One entry per rubric criterion'),
    summary: z.string().describe('Two to four sentences of overall assessment, without a numeric score'),
  });
}
export type EvaluateOutput = z.infer<ReturnType<typeof evaluateOutput>>;
