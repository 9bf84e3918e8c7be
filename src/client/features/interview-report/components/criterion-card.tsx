import { useId } from 'react';
import { anchorLevelOf, UNSURE_SPREAD, type AnchorLevel, type BehaviourAnchors } from '@/contracts/ai';
import { Badge } from '@/client/components/ui/badge';
import { formatScore } from '@/client/lib/score-tone';
import type { ScoredCriterion } from '../utils/with-review';
import { EvidenceList } from './evidence-list';
import { AiValue, ScoreBar, ScoreValue } from '@/client/components/score';

/** One rubric criterion: name, score/100 and bar, the AI's feedback and the evidence quotes. */
export function CriterionCard({ criterion }: { criterion: ScoredCriterion }) {
  const headingId = useId();
  const { name, score, aiScore, adjusted, feedback, evidence, anchors, sampleRange, notAssessed, requirement } = criterion;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 id={headingId} className="min-w-0 font-medium break-words text-slate-900">
          {name}
        </h4>
        <div className="flex flex-wrap items-baseline gap-2">
          {adjusted ? (
            <>
              <Badge variant="outline">Adjusted</Badge>
              <AiValue score={aiScore} />
            </>
          ) : null}
          {requirement ? <Badge variant={requirement === 'met' ? 'success' : 'warning'}>{REQUIREMENT_LABELS[requirement]}</Badge> : null}
          <ScoreValue score={score} notAssessed={notAssessed === true && !adjusted} />
        </div>
      </div>
      {score !== null ? <ScoreBar score={score} /> : null}
      {feedback ? <p className="text-sm whitespace-pre-wrap text-slate-700">{feedback}</p> : null}
      {sampleRange && sampleRange.max - sampleRange.min > UNSURE_SPREAD ? (
        <p className="text-sm text-amber-800">
          The model was unsure: its scores ranged from {formatScore(sampleRange.min)} to {formatScore(sampleRange.max)} across {sampleRange.samples} samples (the median is shown).
        </p>
      ) : null}
      {score !== null && anchors ? <NearestAnchor score={score} anchors={anchors} /> : null}
      <EvidenceList evidence={evidence} />
    </article>
  );
}

/** Whether the candidate's answer meets a stated requirement (a licence, a certificate, the shifts). */
const REQUIREMENT_LABELS: Record<NonNullable<ScoredCriterion['requirement']>, string> = { met: 'Requirement met', not_met: 'Requirement not met', unclear: 'Requirement unclear' };

const LEVEL_LABELS: Record<AnchorLevel, string> = { weak: 'Weak', adequate: 'Adequate', strong: 'Strong' };

/**
 * The anchor the score is nearest to (weak below 40, adequate 40-74, strong 75 and above), so the
 * recruiter can check the score against what the rubric says such an answer looks like.
 */
function NearestAnchor({ score, anchors }: { score: number; anchors: BehaviourAnchors }) {
  const level = anchorLevelOf(score);
  const description = anchors[level];
  if (!description) return null;
  return (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <span className="font-medium text-slate-900">Nearest anchor: {LEVEL_LABELS[level]}.</span> {description}
    </p>
  );
}
