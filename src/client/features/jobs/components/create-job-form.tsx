import { zodResolver } from '@hookform/resolvers/zod';
import { LayoutTemplate, Loader2, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { JobTemplate } from '@/contracts/templates';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { createJobFormInput, useCreateJob, type CreateJobValues } from '../api/create-job';

interface CreateJobFormProps {
  /** The chosen template's id, sent with the job; null for none. */
  templateId?: number | null;
  /** The chosen template once read: its title and description fill the form. */
  template?: JobTemplate | undefined;
}

/** The Create Job form: title and description; on success it opens the new job. */
export function CreateJobForm({ templateId = null, template }: CreateJobFormProps) {
  const [, navigate] = useLocation();
  const createJob = useCreateJob();
  const form = useForm<CreateJobValues>({
    resolver: zodResolver(createJobFormInput),
    defaultValues: { title: '', description: '' },
  });
  const { errors } = form.formState;

  // Choosing a template fills in its title and description, to keep or change.
  const { setValue } = form;
  useEffect(() => {
    if (!template) return;
    setValue('title', template.title, { shouldValidate: false });
    setValue('description', template.description, { shouldValidate: false });
  }, [template, setValue]);

  const onSubmit = form.handleSubmit((values) =>
    createJob.mutate({ ...values, ...(templateId !== null ? { templateId } : {}) }, { onSuccess: (job) => navigate(`/job/${job.id}`) }),
  );

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate className="space-y-6" onSubmit={onSubmit}>
          <FormField id="job-title" label="Job Title" hint="Enter the job title for this position." error={errors.title?.message}>
            <Input
              id="job-title"
              placeholder="Frontend Developer"
              autoComplete="off"
              aria-invalid={Boolean(errors.title)}
              aria-describedby={describedBy('job-title', { hint: true, error: errors.title?.message })}
              {...form.register('title')}
            />
          </FormField>
          <FormField
            id="job-description"
            label="Job Description"
            hint="Provide a detailed description of the job."
            error={errors.description?.message}
          >
            <Textarea
              id="job-description"
              rows={8}
              aria-invalid={Boolean(errors.description)}
              aria-describedby={describedBy('job-description', { hint: true, error: errors.description?.message })}
              {...form.register('description')}
            />
          </FormField>
          {templateId !== null ? (
            <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
              <LayoutTemplate className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <p>
                {template
                  ? `The interview questions (${template.questions.length}) and evaluation criteria (${template.rubric?.length ?? 0}) come from the template "${template.name}".`
                  : 'The interview questions and evaluation criteria come from the chosen template.'}{' '}
                You can edit, reorder or replace them on the job page.
              </p>
            </div>
          ) : (
            <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-700">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <p>
                Interview questions and evaluation criteria can be added after creation. The AI drafts them from the job
                description, and you can edit, reorder or replace them on the job page.
              </p>
            </div>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={createJob.isPending}>
              {createJob.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" />
                  Creating...
                </>
              ) : (
                'Create Job'
              )}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
