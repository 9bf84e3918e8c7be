import { Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { ReviewState } from '@/contracts/report';
import { describedBy, FormField } from '@/client/components/form-field';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FieldError } from '@/client/components/ui/form-message';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { cn } from '@/client/lib/cn';
import { useCan } from '@/client/hooks/use-company-role';
import { useSaveReview } from '../api/save-review';
import { draftToInput, emptyDraft, type DraftErrorKey, type ReviewDraft } from '../utils/review-draft';
import { formatScore } from '@/client/lib/score-tone';
import { ReviewHistory } from './review-history';
import { controlIds, DECISIONS, decisionLabel, scoreText } from '../utils/review-labels';


interface ReviewCardProps {
  interviewId: number;
  jobId: number;
  /** The review state; undefined while it loads or when it failed. */
  review: ReviewState | undefined;
  isLoading: boolean;
  onRetry: () => void;
}

/** 'Human Review': the recruiter adjusts scores (with a reason) and records the decision; the history keeps every change. */
export function ReviewCard({ interviewId, jobId, review, isLoading, onRetry }: ReviewCardProps) {
  const headingId = useId();
  // A viewer reads the review and its history; recruiters and owners make it (decision 026).
  const canReview = useCan('recruiter');
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Human Review
        </CardTitle>
        <CardDescription className="flex items-start gap-2">
          <Scale className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold text-slate-900">The decision is yours: the AI scores are advice.</strong> Change a score when you
            see it differently and say why; every change is kept, and the AI’s original values stay visible.
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {isLoading ? (
          <Spinner className="size-5 text-brand-600" label="Loading the review" />
        ) : !review ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <p>The review could not be loaded.</p>
            <Button type="button" variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {canReview ? (
              <ReviewForm interviewId={interviewId} jobId={jobId} review={review} />
            ) : (
              <p className="text-sm text-slate-600">You can read this review; recruiters and owners of your company change scores and record decisions.</p>
            )}
            <ReviewHistory history={review.history} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Ids of the controls, so a failed submit can move focus to the first field in error. */
function ReviewForm({ interviewId, jobId, review }: { interviewId: number; jobId: number; review: ReviewState }) {
  const formId = useId();
  const [draft, setDraft] = useState<ReviewDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<DraftErrorKey, string>>>({});
  const save = useSaveReview(interviewId, jobId);
  const criteria = review.current.criteria;
  const noteId = `${formId}-note`;
  const isAdjusted = review.current.adjusted;

  const clearError = (...keys: DraftErrorKey[]) =>
    setErrors((previous) => {
      if (!keys.some((key) => key in previous)) return previous;
      const next = { ...previous };
      for (const key of keys) delete next[key];
      return next;
    });

  const toggleAdjust = (name: string, score: number | null) => {
    setDraft((previous) => {
      const adjustments = { ...previous.adjustments };
      if (adjustments[name]) delete adjustments[name];
      else adjustments[name] = { score: score === null ? '' : formatScore(score), reason: '' };
      return { ...previous, adjustments };
    });
    clearError(`score:${name}`, `reason:${name}`, 'form');
  };

  const setAdjustment = (name: string, field: 'score' | 'reason', value: string) => {
    setDraft((previous) => {
      const current = previous.adjustments[name];
      return current ? { ...previous, adjustments: { ...previous.adjustments, [name]: { ...current, [field]: value } } } : previous;
    });
    clearError(`${field}:${name}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = draftToInput(draft, new Map(criteria.map((c) => [c.name, c.score])));
    if (!result.ok) {
      setErrors(result.errors);
      const firstId = [
        ...criteria.flatMap((c, index) => {
          const ids = controlIds(formId, index);
          return [result.errors[`score:${c.name}`] ? ids.score : null, result.errors[`reason:${c.name}`] ? ids.reason : null];
        }),
        result.errors.note ? noteId : null,
      ].find((id): id is string => id !== null);
      if (firstId) document.getElementById(firstId)?.focus();
      return;
    }
    setErrors({});
    save.mutate(result.input, {
      onSuccess: () => setDraft(emptyDraft),
      onError: (error) => {
        // The server's reason (an unknown criterion, an interview not completed) goes beside the form; the hook toasts every failure.
        if (errorCode(error)) setErrors({ form: describeError(error) });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div className="flex flex-wrap gap-x-6 gap-y-2 rounded-lg bg-slate-50 p-4 text-sm">
        <p>
          <span className="text-slate-600">Overall: </span>
          <span className="font-semibold text-slate-900 tabular-nums">{scoreText(review.current.overall)}</span>
          {isAdjusted ? <span className="ml-2 text-xs text-slate-500 tabular-nums">AI: {scoreText(review.ai.overall)}</span> : null}
        </p>
        <p>
          <span className="text-slate-600">Decision: </span>
          {review.decision ? <Badge variant="secondary">{decisionLabel(review.decision)}</Badge> : <span className="text-slate-900">none recorded yet</span>}
        </p>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-base font-semibold">Scores</legend>
        {criteria.length === 0 ? (
          <p className="text-sm text-slate-600">This evaluation has no criterion scores to adjust.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {criteria.map((criterion, index) => {
              const ai = review.ai.criteria.find((c) => c.name === criterion.name)?.score ?? null;
              const adjustment = draft.adjustments[criterion.name];
              const ids = controlIds(formId, index);
              const panelId = `${formId}-adjust-${index}`;
              const scoreError = errors[`score:${criterion.name}`];
              const reasonError = errors[`reason:${criterion.name}`];
              return (
                <li key={criterion.name} className="space-y-3 py-3">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium break-words text-slate-900">{criterion.name}</p>
                      <p className="text-slate-600 tabular-nums">
                        Current: <span className="font-medium text-slate-900">{scoreText(criterion.score)}</span>
                        {criterion.adjusted ? ' (adjusted)' : null} · AI: {scoreText(ai)} · weight {criterion.weight}%
                      </p>
                    </div>
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-expanded={Boolean(adjustment)}
                      aria-controls={adjustment ? panelId : undefined}
                      onClick={() => toggleAdjust(criterion.name, criterion.score)}
                    >
                      {adjustment ? 'Cancel' : 'Adjust'}
                      <span className="sr-only"> {criterion.name}</span>
                    </Button>
                  </div>
                  {adjustment ? (
                    <div id={panelId} className="grid gap-3 sm:grid-cols-[9rem_1fr]">
                      <FormField
                        id={ids.score}
                        label={
                          <>
                            New score<span className="sr-only"> for {criterion.name}</span>
                          </>
                        }
                        hint="0 to 100"
                        error={scoreError}
                      >
                        <Input
                          id={ids.score}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={100}
                          step={1}
                          required
                          autoFocus
                          value={adjustment.score}
                          onChange={(event) => setAdjustment(criterion.name, 'score', event.target.value)}
                          aria-invalid={scoreError ? true : undefined}
                          aria-describedby={describedBy(ids.score, { hint: true, error: scoreError })}
                        />
                      </FormField>
                      <FormField
                        id={ids.reason}
                        label={
                          <>
                            Reason for the change<span className="sr-only"> to {criterion.name}</span>
                          </>
                        }
                        error={reasonError}
                      >
                        <Textarea
                          id={ids.reason}
                          required
                          rows={2}
                          value={adjustment.reason}
                          onChange={(event) => setAdjustment(criterion.name, 'reason', event.target.value)}
                          aria-invalid={reasonError ? true : undefined}
                          aria-describedby={describedBy(ids.reason, { error: reasonError })}
                        />
                      </FormField>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Decision</legend>
        <div className="flex flex-wrap items-center gap-2">
          {DECISIONS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
                draft.decision === option.value ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-900',
              )}
            >
              <input
                type="radio"
                name={`${formId}-decision`}
                value={option.value}
                checked={draft.decision === option.value}
                onChange={() => {
                  setDraft((previous) => ({ ...previous, decision: option.value }));
                  clearError('form');
                }}
                className="size-4 accent-brand-600"
              />
              {option.label}
            </label>
          ))}
          {draft.decision ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              onClick={() => {
                setDraft((previous) => ({ ...previous, decision: null }));
                clearError('note');
              }}
            >
              Clear the choice
            </Button>
          ) : null}
        </div>
        <FormField id={noteId} label="Note" hint="Required with a decision: what it rests on." error={errors.note}>
          <Textarea
            id={noteId}
            rows={3}
            required={draft.decision !== null}
            value={draft.note}
            onChange={(event) => {
              const note = event.target.value;
              setDraft((previous) => ({ ...previous, note }));
              clearError('note');
            }}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy(noteId, { hint: true, error: errors.note })}
          />
        </FormField>
      </fieldset>

      <div className="space-y-2">
        <FieldError message={errors.form} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save review'}
        </Button>
      </div>
    </form>
  );
}
