import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Sparkles } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { createPhoneScreeningInput } from '@/contracts/phone-screenings';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useCreatePhoneScreening } from '../api/phone-screening';

type FormInput = z.input<typeof createPhoneScreeningInput>;
type FormValues = z.output<typeof createPhoneScreeningInput>;

/** The Create Phone Screening form: job title, description and skills; on success it opens the new screening. */
export function CreatePhoneScreeningForm() {
  const [, navigate] = useLocation();
  const create = useCreatePhoneScreening();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(createPhoneScreeningInput),
    defaultValues: { jobTitle: '', jobDescription: '', skills: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: (screening) => navigate(`/phone-screening/${screening.id}`) }),
  );

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate className="space-y-6" onSubmit={(event) => void onSubmit(event)}>
          <FormField id="screening-job-title" label="Job Title" error={errors.jobTitle?.message}>
            <Input
              id="screening-job-title"
              placeholder="e.g. Customer Support Specialist"
              autoComplete="off"
              aria-required="true"
              aria-invalid={Boolean(errors.jobTitle)}
              aria-describedby={describedBy('screening-job-title', { error: errors.jobTitle?.message })}
              {...form.register('jobTitle')}
            />
          </FormField>
          <FormField
            id="screening-job-description"
            label="Job Description"
            hint="A detailed description helps generate better screening questions."
            error={errors.jobDescription?.message}
          >
            <Textarea
              id="screening-job-description"
              rows={8}
              aria-invalid={Boolean(errors.jobDescription)}
              aria-describedby={describedBy('screening-job-description', { hint: true, error: errors.jobDescription?.message })}
              {...form.register('jobDescription')}
            />
          </FormField>
          <FormField
            id="screening-skills"
            label="Skills"
            hint="Enter skills separated by commas (e.g. communication, Excel, customer service)."
            error={errors.skills?.message}
          >
            <Input
              id="screening-skills"
              autoComplete="off"
              aria-invalid={Boolean(errors.skills)}
              aria-describedby={describedBy('screening-skills', { hint: true, error: errors.skills?.message })}
              {...form.register('skills')}
            />
          </FormField>
          <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
            <p>
              If nothing is provided beyond the job title, default screening questions are used. Otherwise the AI
              generates screening questions from whatever information you give.
            </p>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Creating...
                </>
              ) : (
                'Create Phone Screening'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
