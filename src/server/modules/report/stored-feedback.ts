import { ANCHOR_LEVELS, WORTH_CHECKING_KINDS, type BehaviourAnchors, type BiasFlag, type Evidence, type WorthCheckingItem } from '../../../contracts/ai';
import type { ReportCriterion, ReportFeedback } from '../../../contracts/report';

/*
 * The interview's stored feedback is read here, once, whatever shape a row holds (AI evaluations of
 * every version, older plain strings); the wire and the report carry `ReportFeedback` only.
 */

type Loose = Record<string, unknown>;

const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** A 0–100 score from a number or a numeric string; null for null; undefined when absent or unreadable. */
function score(value: unknown): number | null | undefined {
  if (value === null) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : undefined;
}

function evidenceOf(value: unknown): Evidence[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): Evidence[] => {
    if (typeof item === 'string') return item.trim() ? [{ quote: item }] : [];
    if (!isRecord(item) || !text(item.quote)) return [];
    const atMs = item.atMs;
    return [typeof atMs === 'number' && Number.isFinite(atMs) && atMs >= 0 ? { quote: item.quote as string, atMs } : { quote: item.quote as string }];
  });
}

/** Anchors with at least one level written; other levels read as blank. */
function anchorsOf(value: unknown): BehaviourAnchors | undefined {
  if (!isRecord(value)) return undefined;
  const anchors = { weak: text(value.weak) ?? '', adequate: text(value.adequate) ?? '', strong: text(value.strong) ?? '' };
  return ANCHOR_LEVELS.some((level) => anchors[level]) ? anchors : undefined;
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

function criteriaOf(value: unknown): ReportCriterion[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((c, index) => {
    const criterion: ReportCriterion = {
      name: text(c.name)?.trim() ?? `Criterion ${index + 1}`,
      score: score(c.score) ?? null,
      feedback: typeof c.feedback === 'string' ? c.feedback : '',
      evidence: evidenceOf(c.evidence),
    };
    const anchors = anchorsOf(c.anchors);
    if (anchors) criterion.anchors = anchors;
    const range = c.sampleRange;
    if (c.notAssessed === true) criterion.notAssessed = true;
    const requirement = oneOf(c.requirement, ['met', 'not_met', 'unclear'] as const);
    if (requirement) criterion.requirement = requirement;
    if (isRecord(range) && typeof range.min === 'number' && typeof range.max === 'number' && typeof range.samples === 'number') criterion.sampleRange = { min: range.min, max: range.max, samples: range.samples };
    return criterion;
  });
}

function biasFlagsOf(value: unknown): BiasFlag[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((f): BiasFlag[] => {
    if (typeof f.text !== 'string' || typeof f.category !== 'string' || typeof f.reason !== 'string') return [];
    const flag: BiasFlag = { text: f.text, category: f.category, reason: f.reason };
    if (typeof f.index === 'number' && Number.isInteger(f.index) && f.index >= 0) flag.index = f.index;
    if (text(f.suggestion)) flag.suggestion = f.suggestion as string;
    return [flag];
  });
}

function worthCheckingOf(value: unknown): WorthCheckingItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).flatMap((item): WorthCheckingItem[] => {
    const kind = oneOf(item.kind, WORTH_CHECKING_KINDS);
    if (!kind || !text(item.quote)) return [];
    const atMs = item.atMs;
    return [typeof atMs === 'number' && Number.isFinite(atMs) && atMs >= 0 ? { kind, quote: item.quote as string, atMs } : { kind, quote: item.quote as string }];
  });
}

function fromObject(value: Loose): ReportFeedback {
  const criteria = criteriaOf(value.criteria);
  const overall = score(value.overall);
  const feedback: ReportFeedback = {
    summary: typeof value.summary === 'string' ? value.summary : '',
    // Absent (older rows) reads as unscored like a plain string; an explicit null means insufficient evidence.
    overall: overall === undefined ? 0 : overall,
    criteria,
    insufficientEvidence: value.insufficientEvidence === true,
    biasFlags: biasFlagsOf(value.biasFlags),
    worthChecking: worthCheckingOf(value.worthChecking),
  };
  const engine = text(value.engine);
  const model = text(value.model);
  const fallbackReason = text(value.fallbackReason);
  if (engine) feedback.engine = engine;
  if (model) feedback.model = model;
  if (fallbackReason) feedback.fallbackReason = fallbackReason;
  return feedback;
}

/**
 * The stored feedback in one shape. A plain string is the summary with overall 0 and no
 * criteria (a string that is the JSON of a feedback object is read as that object); an object
 * gives its summary, overall, criteria (with evidence), engine, model and bias flags, with
 * unreadable parts dropped. Nothing stored, or anything else, gives null.
 */
export function normaliseFeedback(stored: unknown): ReportFeedback | null {
  if (typeof stored === 'string') {
    const trimmed = stored.trim();
    if (trimmed.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (isRecord(parsed) && ('summary' in parsed || 'criteria' in parsed)) return fromObject(parsed);
      } catch {
        // not JSON: the string is the summary
      }
    }
    return { summary: stored, overall: 0, criteria: [], insufficientEvidence: false, biasFlags: [], worthChecking: [] };
  }
  if (isRecord(stored)) return fromObject(stored);
  return null;
}
