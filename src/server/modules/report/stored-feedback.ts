import type { StoredEvaluation } from '../../../contracts/ai';
import type { ReportFeedback } from '../../../contracts/report';

/**
 * The stored evaluation as the wire and the report carry it: the criteria without their weights
 * (the review state has those) and without what only the record keeps (prompt version, samples, time).
 * Every stored row has the one shape (parsed on write; migration 0021 brought older rows to it).
 */
export function toReportFeedback(stored: StoredEvaluation | null): ReportFeedback | null {
  if (!stored) return null;
  const { summary, overall, criteria, insufficientEvidence, engine, model, fallbackReason, biasFlags, worthChecking } = stored;
  return {
    summary,
    overall,
    criteria: criteria.map(({ weight: _weight, ...criterion }) => criterion),
    insufficientEvidence,
    ...(engine ? { engine } : {}),
    ...(model ? { model } : {}),
    ...(fallbackReason ? { fallbackReason } : {}),
    biasFlags,
    worthChecking: worthChecking ?? [],
  };
}
