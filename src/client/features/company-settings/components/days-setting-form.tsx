import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useUpdateCompanySettings } from '../api/update-company-settings';

/** The company settings that are a number of days. */
type DaysSetting = 'retentionDays' | 'candidateLinkDays';

interface DaysSettingFormProps {
  setting: DaysSetting;
  /** The contract's field for it (its bounds and messages). */
  field: z.ZodType<number, number>;
  bounds: { min: number; max: number };
  saved: number;
  label: string;
  hint: string;
  submitLabel: string;
  /** Shown under the field for a valid value typed but not saved yet (what saving it would do). */
  warning?: (typed: number) => ReactNode;
}

/** One company setting in days: a number field, checked as the server checks it, and its own Save. */
export function DaysSettingForm({ setting, field, bounds, saved, label, hint, submitLabel, warning }: DaysSettingFormProps) {
  const id = useId();
  const update = useUpdateCompanySettings();
  const schema = z.object({ days: field });
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ days: number }>({ resolver: zodResolver(schema), defaultValues: { days: saved } });
  const typed = useWatch({ control, name: 'days' });
  const error = errors.days?.message;
  const valid = Number.isInteger(typed) && typed >= bounds.min && typed <= bounds.max;

  const submit = ({ days }: { days: number }) =>
    update.mutate(
      { [setting]: days },
      {
        onSuccess: (result) => reset({ days: result[setting] }),
        onError: (failure) => {
          // A value the server refuses is shown where it was typed, in the server's words (without the field's name).
          if (errorCode(failure) === 'VALIDATION_FAILED') {
            setError('days', { message: describeError(failure).replace(new RegExp(`^${setting}: `), '') }, { shouldFocus: true });
            return;
          }
          toast({ title: 'Settings not saved', description: describeError(failure), variant: 'destructive' });
        },
      },
    );

  const note = warning && valid && !error ? warning(typed) : null;
  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={update.isPending} className="max-w-xs">
        <FormField id={id} label={label} hint={hint} error={error}>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max}
            step={1}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, { hint: true, error })}
            {...register('days', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      {note ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {note}
        </p>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? (
          <>
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </form>
  );
}
