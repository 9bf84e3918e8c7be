import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { combineInterviewTime, COUNTRY_CODES, TIME_SLOTS, TIME_ZONES, type ScreeningCandidate } from '@/contracts/phone-screenings';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { DialogFooter } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import { type CandidatePayload } from '../api/phone-screening';
import { splitInterviewTime, todayLocal } from '../lib/time';

const INVALID_TIME = 'Invalid interview date or time';

export const candidateFormSchema = z.object({
  candidateName: z.string().trim().min(1, 'Name is required'),
  countryCode: z.string().min(1, 'Country code is required'),
  phoneNumber: z
    .string()
    .trim()
    .min(5, 'Phone number is required')
    .regex(/^[\d\s().-]+$/, 'Phone number is required'),
  interviewDate: z.string().min(1, 'Date is required'),
  interviewTime: z.string().min(1, 'Time is required'),
  timeZone: z.string().min(1, 'Time zone is required'),
  notes: z.string(),
});
export type CandidateFormValues = z.infer<typeof candidateFormSchema>;

/** Add-form defaults: country +1, time zone UTC-05:00, today's date, everything else empty. */
export function emptyCandidateValues(): CandidateFormValues {
  return {
    candidateName: '',
    countryCode: '+1',
    phoneNumber: '',
    interviewDate: todayLocal(),
    interviewTime: '',
    timeZone: 'UTC-05:00',
    notes: '',
  };
}

/** Edit-form values: the stored instant shown as date and time in the candidate's own zone. */
export function candidateValues(candidate: ScreeningCandidate): CandidateFormValues {
  const { date, time } = splitInterviewTime(candidate.interviewTime, candidate.timeZone);
  return {
    candidateName: candidate.candidateName,
    countryCode: candidate.countryCode,
    phoneNumber: candidate.phoneNumber,
    interviewDate: date,
    interviewTime: time,
    timeZone: candidate.timeZone,
    notes: candidate.notes ?? '',
  };
}

interface CandidateFormProps {
  idPrefix: string;
  defaultValues: CandidateFormValues;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (payload: CandidatePayload) => void;
  onCancel: () => void;
}

/** The candidate fields shared by the Add and Edit dialogs. */
export function CandidateForm({ idPrefix, defaultValues, submitLabel, pendingLabel, isPending, onSubmit, onCancel }: CandidateFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CandidateFormValues>({ resolver: zodResolver(candidateFormSchema), defaultValues });
  const id = (name: string) => `${idPrefix}-${name}`;

  // A stored time off the half-hour grid is still offered, so an unchanged edit keeps it.
  const slots =
    defaultValues.interviewTime && !TIME_SLOTS.some((slot) => slot.value === defaultValues.interviewTime)
      ? [...TIME_SLOTS, { value: defaultValues.interviewTime, label: defaultValues.interviewTime }].sort((a, b) =>
          a.value.localeCompare(b.value),
        )
      : TIME_SLOTS;
  const zones =
    defaultValues.timeZone && !TIME_ZONES.some((zone) => zone.value === defaultValues.timeZone)
      ? [...TIME_ZONES, { value: defaultValues.timeZone, label: defaultValues.timeZone, offsetMinutes: 0 }]
      : TIME_ZONES;

  const submit = (values: CandidateFormValues) => {
    const interviewTime = combineInterviewTime(values.interviewDate, values.interviewTime, values.timeZone);
    if (!interviewTime) {
      setError('interviewDate', { message: INVALID_TIME });
      toast({ title: 'Validation Error', description: INVALID_TIME, variant: 'destructive' });
      return;
    }
    onSubmit({
      candidateName: values.candidateName,
      countryCode: values.countryCode,
      phoneNumber: values.phoneNumber,
      timeZone: values.timeZone,
      notes: values.notes.trim(),
      interviewTime,
    });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
      <fieldset disabled={isPending} className="space-y-4">
        <FormField id={id('name')} label="Candidate Name" error={errors.candidateName?.message}>
          <Input
            id={id('name')}
            autoComplete="off"
            placeholder="e.g. John Smith"
            aria-required="true"
            aria-invalid={errors.candidateName ? true : undefined}
            aria-describedby={describedBy(id('name'), { error: errors.candidateName?.message })}
            {...register('candidateName')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FormField id={id('country')} label="Country" error={errors.countryCode?.message}>
            <Controller
              control={control}
              name="countryCode"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={isPending}>
                  <SelectTrigger
                    id={id('country')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-label="Country"
                    aria-invalid={errors.countryCode ? true : undefined}
                    aria-describedby={describedBy(id('country'), { error: errors.countryCode?.message })}
                  >
                    <SelectValue placeholder="Select country" />
                  </SelectTrigger>
                  <SelectContent>
                    {COUNTRY_CODES.map((code) => (
                      <SelectItem key={code.value} value={code.value}>
                        {code.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField id={id('phone')} label="Phone Number" error={errors.phoneNumber?.message}>
            <Input
              id={id('phone')}
              type="tel"
              autoComplete="off"
              placeholder="123-456-7890"
              aria-required="true"
              aria-invalid={errors.phoneNumber ? true : undefined}
              aria-describedby={describedBy(id('phone'), { error: errors.phoneNumber?.message })}
              {...register('phoneNumber')}
            />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('date')} label="Interview Date" error={errors.interviewDate?.message}>
            <Input
              id={id('date')}
              type="date"
              aria-required="true"
              aria-invalid={errors.interviewDate ? true : undefined}
              aria-describedby={describedBy(id('date'), { error: errors.interviewDate?.message })}
              {...register('interviewDate')}
            />
          </FormField>
          <FormField id={id('time')} label="Time" error={errors.interviewTime?.message}>
            <Controller
              control={control}
              name="interviewTime"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={isPending}>
                  <SelectTrigger
                    id={id('time')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-label="Time"
                    aria-invalid={errors.interviewTime ? true : undefined}
                    aria-describedby={describedBy(id('time'), { error: errors.interviewTime?.message })}
                  >
                    <SelectValue placeholder="Select time" />
                  </SelectTrigger>
                  <SelectContent>
                    {slots.map((slot) => (
                      <SelectItem key={slot.value} value={slot.value}>
                        {slot.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
        </div>
        <FormField id={id('zone')} label="Time Zone" error={errors.timeZone?.message}>
          <Controller
            control={control}
            name="timeZone"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isPending}>
                <SelectTrigger
                  id={id('zone')}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-label="Time Zone"
                  aria-invalid={errors.timeZone ? true : undefined}
                  aria-describedby={describedBy(id('zone'), { error: errors.timeZone?.message })}
                >
                  <SelectValue placeholder="Select time zone" />
                </SelectTrigger>
                <SelectContent>
                  {zones.map((zone) => (
                    <SelectItem key={zone.value} value={zone.value}>
                      {zone.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id={id('notes')} label="Notes (Optional)" error={errors.notes?.message}>
          <Textarea
            id={id('notes')}
            rows={3}
            aria-describedby={describedBy(id('notes'), { error: errors.notes?.message })}
            {...register('notes')}
          />
        </FormField>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={isPending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}

