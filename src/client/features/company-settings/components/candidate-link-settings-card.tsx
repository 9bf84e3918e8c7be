import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { candidateLinkDaysField, type CompanySettings } from '@/contracts/candidate-data';
import { CANDIDATE_LINK_DAY_BOUNDS, CANDIDATE_REMINDER_DAYS } from '@/contracts/statuses';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { useCan } from '@/client/hooks/use-company-role';
import { describeError, errorCode } from '@/client/lib/error-messages';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { OwnersOnly, SettingsCard } from './settings-card';

const linkDaysInput = z.object({ candidateLinkDays: candidateLinkDaysField });
type FormInput = z.input<typeof linkDaysInput>;
type FormValues = z.output<typeof linkDaysInput>;

const { min, max } = CANDIDATE_LINK_DAY_BOUNDS;

/** 'Candidate links': how many days an interview link starts the interview after it is created or sent (decision 030). */
export function CandidateLinkSettingsCard() {
  const canEdit = useCan('owner');
  return (
    <SettingsCard
      title="Candidate links"
      description={`An interview link starts the interview for this many days after the interview is created or its invitation is sent; resending the invitation starts the period again. A candidate who has not started by then is told whom to contact for a new link; an interview already under way can always be finished. Candidates who have not started ${CANDIDATE_REMINDER_DAYS} days after their invitation get one reminder email.`}
    >
      {(saved) =>
        canEdit ? <LinkDaysForm saved={saved} /> : <OwnersOnly>Candidate links stay valid for {saved.candidateLinkDays} days.</OwnersOnly>
      }
    </SettingsCard>
  );
}

function LinkDaysForm({ saved }: { saved: CompanySettings }) {
  const id = useId();
  const update = useUpdateCompanySettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(linkDaysInput),
    defaultValues: { candidateLinkDays: saved.candidateLinkDays },
  });
  const error = errors.candidateLinkDays?.message;

  const submit = (values: FormValues) =>
    update.mutate(values, {
      onSuccess: (result) => reset({ candidateLinkDays: result.candidateLinkDays }),
      onError: (failure) => {
        // A value the server refuses is shown where it was typed, in the server's words (without the field's name).
        if (errorCode(failure) === 'VALIDATION_FAILED') {
          setError('candidateLinkDays', { message: describeError(failure).replace(/^candidateLinkDays: /, '') }, { shouldFocus: true });
          return;
        }
        toast({ title: 'Settings not saved', description: describeError(failure), variant: 'destructive' });
      },
    });

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={update.isPending} className="max-w-xs">
        <FormField
          id={id}
          label="Candidate links stay valid for (days)"
          hint={`Between ${min} and ${max} days. Links already sent keep the date they were given.`}
          error={error}
        >
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
            {...register('candidateLinkDays', { valueAsNumber: true })}
          />
        </FormField>
      </fieldset>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? (
          <>
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            Saving...
          </>
        ) : (
          'Save link validity'
        )}
      </Button>
    </form>
  );
}
