import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { retentionDaysField, type CompanySettings } from '@/contracts/candidate-data';
import { RETENTION_DAY_BOUNDS } from '@/contracts/statuses';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useCan } from '@/client/hooks/use-company-role';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { OwnersOnly, SettingsCard } from './settings-card';

const retentionInput = z.object({ retentionDays: retentionDaysField });
type FormInput = z.input<typeof retentionInput>;
type FormValues = z.output<typeof retentionInput>;

const { min, max } = RETENTION_DAY_BOUNDS;

/** 'Candidate data retention': how many days candidates' data is kept before the daily run deletes it. */
export function RetentionSettingsCard() {
  const canEdit = useCan('owner');
  return (
    <SettingsCard
      title="Candidate data retention"
      description="When an interview or a phone screening ended that many days ago (or its invitation was sent, if it never took place), the recording, transcript, AI feedback text and notes are deleted automatically. The scores stay, anonymised, for statistics. Candidates under a legal hold are kept."
    >
      {(saved) => (canEdit ? <RetentionForm saved={saved} /> : <OwnersOnly>Candidate data is kept for {saved.retentionDays} days.</OwnersOnly>)}
    </SettingsCard>
  );
}

function RetentionForm({ saved }: { saved: CompanySettings }) {
  const id = useId();
  const update = useUpdateCompanySettings();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(retentionInput),
    defaultValues: { retentionDays: saved.retentionDays },
  });
  const typed = useWatch({ control, name: 'retentionDays' });
  const error = errors.retentionDays?.message;
  const isShorter = Number.isInteger(typed) && typed >= min && typed < saved.retentionDays;

  const submit = (values: FormValues) =>
    update.mutate(values, {
      onSuccess: (result) => reset({ retentionDays: result.retentionDays }),
      onError: (failure) => {
        // A value the server refuses is shown where it was typed, in the server's words (without the field's name).
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          setError('retentionDays', { message: describeError(failure).replace(/^retentionDays: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Settings not saved', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={update.isPending} className="max-w-xs">
        <FormField id={id} label="Keep candidate data for (days)" hint={`Between ${min} days and 4 years (${max} days).`} error={error}>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, { hint: true, error })}
            {...register('retentionDays', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      {isShorter && !error ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Shorter than now ({saved.retentionDays} days): once saved, the next daily run deletes the data of candidates whose interview or call ended more
          than {typed} days ago.
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? (
          <>
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          'Save'
        )}
      </Button>
    </form>
  );
}
