import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/client/components/ui/button';
import { describeError } from '@/client/lib/error-messages';
import type { SelfIdentificationInput } from '@/contracts/adverse-impact';
import { RACE_ETHNICITY_LABELS, SELF_ID_RACES, SELF_ID_SEXES, SEX_LABELS, type SelfIdRaceEthnicity, type SelfIdSex } from '@/contracts/self-identification';
import { useAnswerSelfIdentification, useSelfIdentification } from '../api/self-identification';

/**
 * After the interview: two optional questions (sex; race/ethnicity in the EEO-1 categories), for the
 * company's adverse-impact statistics only (decision 023). Answered or skipped once; then a thank-you.
 * Plain radio buttons: no extra code on the candidate's page (decision 016).
 */
export function SelfIdentificationSection({ interviewId, token }: { interviewId: number; token: string }) {
  const status = useSelfIdentification(interviewId, token);
  const answer = useAnswerSelfIdentification(interviewId, token);
  const [sex, setSex] = useState<SelfIdSex | null>(null);
  const [race, setRace] = useState<SelfIdRaceEthnicity | null>(null);
  const [sent, setSent] = useState<'answered' | 'skipped' | null>(null);
  const headingId = useId();
  const introId = useId();

  // Nothing until we know: a candidate who answered must not see the questions flash.
  if (!status.data) return null;

  const send = (answers: SelfIdentificationInput, kind: 'answered' | 'skipped') => answer.mutate(answers, { onSuccess: () => setSent(kind) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ sex, raceEthnicity: race }, sex === null && race === null ? 'skipped' : 'answered');
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4 text-left text-sm text-slate-700">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Optional questions about you
      </h2>
      {status.data.answered ? (
        // Focus moves here from the button that was pressed, which is gone.
        <p role="status" tabIndex={-1} ref={(el) => (sent ? el?.focus() : undefined)} className="outline-none">
          {sent === 'skipped'
            ? 'Thank you. You chose not to answer, and you will not be asked again.'
            : sent === 'answered'
              ? 'Thank you. Your answers were recorded, apart from your interview.'
              : 'Thank you, you have already responded to these questions.'}
        </p>
      ) : (
        <form onSubmit={onSubmit} aria-describedby={introId} className="space-y-4">
          <div id={introId} className="space-y-1">
            <p>
              Answering is optional and does not affect your evaluation. Your recruiter never sees your answers: they are stored apart from your
              interview, never given to the AI, and only counted together with other candidates&apos; to check that hiring treats every group fairly.
            </p>
          </div>
          <fieldset className="space-y-1.5">
            <legend className="font-medium text-slate-900">Sex</legend>
            {SELF_ID_SEXES.map((value) => (
              <Choice key={value} name={`${headingId}-sex`} label={SEX_LABELS[value]} checked={sex === value} onChange={() => setSex(value)} />
            ))}
          </fieldset>
          <fieldset className="space-y-1.5">
            <legend className="font-medium text-slate-900">Race/ethnicity</legend>
            <p className="text-slate-600">If you are Hispanic or Latino, choose that, whatever your race.</p>
            {SELF_ID_RACES.map((value) => (
              <Choice key={value} name={`${headingId}-race`} label={RACE_ETHNICITY_LABELS[value]} checked={race === value} onChange={() => setRace(value)} />
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={answer.isPending}>
              {answer.isPending ? 'Sending…' : 'Submit answers'}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={answer.isPending} onClick={() => send({ sex: null, raceEthnicity: null }, 'skipped')}>
              Skip
            </Button>
          </div>
          {answer.isError ? (
            <p role="alert" className="text-red-700">
              {describeError(answer.error)}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}

function Choice({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}
