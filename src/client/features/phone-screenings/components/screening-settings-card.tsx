import { Loader2, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { agentName as agentNameSchema, type PhoneScreening } from '@/contracts/phone-screenings';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { FieldError } from '@/client/components/ui/form-message';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { describeError } from '@/client/lib/error-messages';
import { useCan } from '@/client/hooks/use-company-role';
import { useRegenerateScreeningRubric, useUpdatePhoneScreening } from '../api/phone-screening';
import { RubricUpload } from './rubric-upload';
import { CriterionSummary } from '@/client/components/criterion-summary';

/** The AI agent's name on the calls, and the rubric the calls are scored by (the AI's, or an uploaded file). */
export function ScreeningSettingsCard({ screening }: { screening: PhoneScreening }) {
  const titleId = useId();
  // A viewer sees the agent's name and the rubric; recruiters and owners change them (decision 026).
  const canEdit = useCan('recruiter');
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          AI Agent &amp; Rubric
        </CardTitle>
        <CardDescription>Who calls your candidates, and how their answers are scored.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {canEdit ? (
          <AgentNameForm screening={screening} />
        ) : (
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">Agent name:</span> {screening.agentName}
          </p>
        )}
        <RubricSection screening={screening} canEdit={canEdit} />
      </CardContent>
    </Card>
  );
}

const SAVE_FAILED = 'Failed to save. Please try again.';

function AgentNameForm({ screening }: { screening: PhoneScreening }) {
  const [value, setValue] = useState(screening.agentName);
  const [error, setError] = useState<string>();
  const update = useUpdatePhoneScreening(screening.id);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const isChanged = value.trim() !== screening.agentName;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = agentNameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Agent name is required');
      return;
    }
    setError(undefined);
    update.mutate(
      { agentName: parsed.data },
      {
        onSuccess: (saved) => setValue(saved.agentName),
        onError: (err) => setError(describeError(err, { fallback: SAVE_FAILED, offline: SAVE_FAILED }).replace(/^agentName: /, '')),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate className="space-y-2">
      <Label htmlFor={inputId}>Agent name</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={value}
          maxLength={60}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={!isChanged || update.isPending} className="shrink-0">
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        The AI introduces itself by this first name on every call.
      </p>
      <FieldError id={errorId} message={error} />
    </form>
  );
}

function RubricSection({ screening, canEdit }: { screening: PhoneScreening; canEdit: boolean }) {
  const regenerate = useRegenerateScreeningRubric(screening.id);
  const rubric = screening.rubric ?? [];
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="space-y-4 border-t border-slate-100 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Scoring rubric
        </h3>
        {canEdit ? (
          <Button type="button" variant="ghost" size="sm" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
            {regenerate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
            Use AI Rubric
          </Button>
        ) : null}
      </div>
      {rubric.length === 0 ? (
        <p className="text-sm text-slate-500">No rubric yet. The AI writes one when the first call is scored, or upload your own.</p>
      ) : (
        <ul className="space-y-4" aria-label="Rubric criteria">
          {rubric.map((criterion, index) => (
            <li key={index} className="space-y-1.5">
              <CriterionSummary criterion={criterion} />
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <RubricUpload screeningId={screening.id} /> : null}
    </section>
  );
}
