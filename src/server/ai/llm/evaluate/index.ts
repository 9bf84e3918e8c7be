import { cleanAnchors, type CriterionResult, type Evaluation } from '../../../../contracts/ai';
import { weightedOverall, type EvaluationInput } from '../../engine';
import { runLlmTask, type LlmCallSettings } from '../call';
import { candidateTurns, literalEvidence } from './evidence';
import { PROMPT_VERSION, SYSTEM_PROMPT, userPrompt } from './prompt';
import { evaluateOutput, type EvaluateOutput } from './schema';

export const NOT_ASSESSED = 'Not assessed';

export interface EvaluateMeta {
  /** Provider name, written into the report. */
  engine: string;
  model?: string;
}

export const NOTHING_SAID = 'The candidate said nothing that could be evaluated.';

export async function evaluate(settings: LlmCallSettings, input: EvaluationInput, meta: EvaluateMeta): Promise<Evaluation> {
  // With no words from the candidate a model can only invent a judgement; do not ask it to.
  if (candidateTurns(input.transcript).every((t) => t.text.trim() === '')) {
    return toEvaluation({ criteria: [], summary: NOTHING_SAID }, input, meta);
  }
  return runLlmTask(settings, {
    name: 'evaluation',
    schema: evaluateOutput(input.rubric.map((c) => c.name)),
    schemaDescription: 'Per-criterion scores, feedback and evidence for one interview',
    system: SYSTEM_PROMPT,
    prompt: userPrompt(input),
    maxOutputTokens: 4_000,
    postProcess: (output) => toEvaluation(output, input, meta),
  });
}

/** Everything the model may not be trusted with happens here: weights, evidence, the overall score. */
export function toEvaluation(output: EvaluateOutput, input: EvaluationInput, meta: EvaluateMeta): Evaluation {
  const turns = candidateTurns(input.transcript);
  const byName = new Map<string, EvaluateOutput['criteria'][number]>();
  for (const c of output.criteria) {
    const key = nameKey(c.name);
    if (!byName.has(key)) byName.set(key, c);
  }

  const criteria: CriterionResult[] = input.rubric.map((rubric) => {
    const judged = byName.get(nameKey(rubric.name));
    const anchors = cleanAnchors(rubric.anchors);
    const scoredAgainst = anchors ? { anchors } : {};
    if (!judged) return { name: rubric.name, weight: rubric.weight, score: null, notAssessed: true, feedback: NOT_ASSESSED, evidence: [], ...scoredAgainst };
    const feedback = judged.feedback.replace(/\s+/g, ' ').trim();
    return {
      name: rubric.name,
      weight: rubric.weight,
      score: judged.score === null ? null : Math.round(Math.min(100, Math.max(0, judged.score))),
      feedback: feedback === '' ? (judged.score === null ? 'Too little evidence to judge.' : NOT_ASSESSED) : feedback,
      evidence: literalEvidence(
        judged.evidence.map((e) => e.quote),
        turns,
      ),
      ...scoredAgainst,
    };
  });

  return {
    summary: output.summary.replace(/\s+/g, ' ').trim(),
    overall: weightedOverall(criteria),
    criteria,
    insufficientEvidence: criteria.every((c) => c.score === null),
    engine: meta.engine,
    model: meta.model,
    promptVersion: PROMPT_VERSION,
    biasFlags: [],
  };
}

function nameKey(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/**
 * AI_SAMPLES: the interview scored `samples` times (one after another, so a rate limit is met
 * calmly), each criterion's score the median of the samples that judged it, with its feedback and
 * evidence from the sample nearest that median; the range is kept so the report can say when the
 * model was unsure. A criterion most samples could not judge stays unjudged.
 */
export async function evaluateSampled(settings: LlmCallSettings, input: EvaluationInput, meta: EvaluateMeta, samples: number): Promise<Evaluation> {
  if (samples <= 1) return evaluate(settings, input, meta);
  const runs: Evaluation[] = [];
  for (let i = 0; i < samples; i++) runs.push(await evaluate(settings, input, meta));
  return combineSamples(runs);
}

export function combineSamples(runs: Evaluation[]): Evaluation {
  const first = runs[0]!;
  const criteria = first.criteria.map((criterion, i): CriterionResult => {
    const judged = runs.map((r) => r.criteria[i]).filter((c): c is CriterionResult & { score: number } => c?.score !== null && c?.score !== undefined);
    if (judged.length * 2 <= runs.length) return runs.map((r) => r.criteria[i]!).find((c) => c.score === null) ?? criterion;
    const scores = judged.map((c) => c.score);
    const score = median(scores);
    const nearest = judged.reduce((best, c) => (Math.abs(c.score - score) < Math.abs(best.score - score) ? c : best));
    return { ...nearest, score, sampleRange: { min: Math.min(...scores), max: Math.max(...scores), samples: scores.length } };
  });
  const overall = weightedOverall(criteria);
  const summaryFrom = runs.reduce((best, r) => (Math.abs((r.overall ?? -100) - (overall ?? -100)) < Math.abs((best.overall ?? -100) - (overall ?? -100)) ? r : best));
  return { ...first, summary: summaryFrom.summary, overall, criteria, insufficientEvidence: criteria.every((c) => c.score === null), samples: runs.length };
}
