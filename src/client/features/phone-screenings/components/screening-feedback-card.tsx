import { useId } from 'react';
import type { ScreeningFeedback } from '@/contracts/phone-call-results';
import { Card, CardContent } from '@/client/components/ui/card';
import { FeedbackHeader } from '@/client/components/feedback-header';
import { ScoreBar, ScoreValue } from '@/client/components/score';
import { engineCaveat, engineLabel, fallbackNote } from '@/client/lib/evaluation-labels';

export function FeedbackCard({ feedback }: { feedback: ScreeningFeedback }) {
  const headingId = useId();
  const notesId = useId();
  const scoresId = useId();
  const evaluatedBy = engineLabel({ engine: feedback.engine, model: feedback.model });
  const caveat = engineCaveat({ engine: feedback.engine });
  const fallback = fallbackNote({ fallbackReason: feedback.fallbackReason });
  return (
    <Card role="region" aria-labelledby={headingId}>
      <FeedbackHeader headingId={headingId} title="Screening Feedback" evaluatedBy={evaluatedBy} caveat={caveat} fallback={fallback} />
      <CardContent className="space-y-8">
        <section aria-labelledby={notesId} className="space-y-2">
          <h3 id={notesId} className="text-base font-semibold">
            AI Notes
          </h3>
          <p className="text-sm whitespace-pre-wrap text-slate-700">{feedback.summary || 'No notes were written.'}</p>
          {feedback.insufficientEvidence ? (
            <p className="text-sm text-amber-800">The candidate said too little to judge every criterion; those show ‘Insufficient evidence’.</p>
          ) : null}
        </section>
        <section aria-labelledby={scoresId} className="space-y-4">
          <h3 id={scoresId} className="text-base font-semibold">
            Rubric Scores
          </h3>
          <div className="space-y-2 rounded-lg bg-slate-50 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="font-medium text-slate-900">Overall Score</span>
              <ScoreValue score={feedback.overall} size="large" />
            </div>
            {feedback.overall !== null && feedback.overall > 0 ? <ScoreBar score={feedback.overall} className="h-3" /> : null}
          </div>
          {feedback.criteria.length > 0 ? (
            <ul aria-label="Criteria" className="grid gap-4 md:grid-cols-2">
              {feedback.criteria.map((criterion, index) => (
                <li key={`${index}-${criterion.name}`}>
                  <CriterionScore criterion={criterion} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

function CriterionScore({ criterion }: { criterion: ScreeningFeedback['criteria'][number] }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="h-full space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <h4 id={headingId} className="font-medium break-words text-slate-900">
            {criterion.name}
          </h4>
          <p className="text-xs text-slate-500">Weight {criterion.weight}%</p>
        </div>
        <ScoreValue score={criterion.score} />
      </div>
      {criterion.score !== null ? <ScoreBar score={criterion.score} /> : null}
      {criterion.feedback ? <p className="text-sm whitespace-pre-wrap text-slate-700">{criterion.feedback}</p> : null}
      {criterion.evidence.length > 0 ? (
        <div className="space-y-2">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Evidence</p>
          <ul className="space-y-2">
            {criterion.evidence.map((item, index) => (
              <li key={index}>
                <blockquote className="border-l-4 border-slate-300 px-3 py-1.5 text-sm text-slate-700 italic">“{item.quote}”</blockquote>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
