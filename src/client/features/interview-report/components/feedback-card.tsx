import { useId, useMemo } from 'react';
import type { ReviewState } from '@/contracts/report';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent } from '@/client/components/ui/card';
import type { ReportFeedback } from '@/contracts/report';
import { withReview } from '../utils/with-review';
import { engineCaveat, engineLabel, fallbackNote } from '@/client/lib/evaluation-labels';
import { FeedbackHeader } from '@/client/components/feedback-header';
import { AiValue, ScoreBar, ScoreValue } from '@/client/components/score';
import { CriterionCard } from './criterion-card';
import { WorthChecking } from './worth-checking';

interface FeedbackCardProps {
  feedback: ReportFeedback | null;
  /** The human review, when loaded: its current scores are shown, with the AI's beside adjusted ones. */
  review: ReviewState | undefined;
}

/** 'Interview Feedback': who evaluated, the overall assessment, the overall score and one card per criterion. */
export function FeedbackCard({ feedback, review }: FeedbackCardProps) {
  const headingId = useId();
  const summaryId = useId();
  const metricsId = useId();
  const scored = useMemo(() => (feedback ? withReview(feedback, review) : null), [feedback, review]);
  const evaluatedBy = feedback ? engineLabel(feedback) : null;
  const caveat = feedback ? engineCaveat(feedback) : null;
  const fallback = feedback ? fallbackNote(feedback) : null;

  return (
    <Card role="region" aria-labelledby={headingId}>
      <FeedbackHeader headingId={headingId} title="Interview Feedback" evaluatedBy={evaluatedBy} caveat={caveat} fallback={fallback} />
      <CardContent className="space-y-8">
        {!feedback || !scored ? (
          <p className="text-sm text-slate-600">No feedback has been generated for this interview.</p>
        ) : (
          <>
            <section aria-labelledby={summaryId} className="space-y-2">
              <h3 id={summaryId} className="text-base font-semibold">
                Overall Assessment
              </h3>
              <p className="text-sm whitespace-pre-wrap text-slate-700">{feedback.summary || 'No summary was written.'}</p>
              {feedback.insufficientEvidence ? (
                <p className="text-sm text-amber-800">The candidate said too little to judge every criterion; those show ‘Insufficient evidence’.</p>
              ) : null}
            </section>

            <WorthChecking items={feedback.worthChecking} />

            <section aria-labelledby={metricsId} className="space-y-4">
              <h3 id={metricsId} className="text-base font-semibold">
                Evaluation Metrics
              </h3>
              <div className="space-y-2 rounded-lg bg-slate-50 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <span className="font-medium text-slate-900">Overall Score</span>
                  <span className="flex flex-wrap items-baseline gap-2">
                    {scored.adjusted ? (
                      <>
                        <Badge variant="outline">Adjusted</Badge>
                        <AiValue score={scored.aiOverall} />
                      </>
                    ) : null}
                    <ScoreValue score={scored.overall} size="large" />
                  </span>
                </div>
                {scored.overall !== null && scored.overall > 0 ? <ScoreBar score={scored.overall} className="h-3" /> : null}
                {scored.adjusted ? <p className="text-xs text-slate-600">Recomputed from the scores a recruiter adjusted in the Human Review.</p> : null}
              </div>
              {scored.criteria.length > 0 ? (
                <div className="grid gap-4 md:grid-cols-2">
                  {scored.criteria.map((criterion, index) => (
                    <CriterionCard key={`${index}-${criterion.name}`} criterion={criterion} />
                  ))}
                </div>
              ) : null}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
