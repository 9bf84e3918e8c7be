import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Job } from '@/contracts/jobs';
import { templateName } from '@/contracts/templates';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { describeError, isConflict } from '@/client/lib/error-messages';
import { useSaveTemplate } from '../api/save-template';

const templateForm = z.object({ name: templateName });
type TemplateFormValues = z.output<typeof templateForm>;

interface SaveTemplateDialogProps {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Save as template': the job's questions and criteria under a name, to start new jobs from. */
export function SaveTemplateDialog({ job, open, onOpenChange }: SaveTemplateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save as template</DialogTitle>
          <DialogDescription>
            The title, description, {job.questions.length} question{job.questions.length === 1 ? '' : 's'} and evaluation criteria are saved as
            they are now. Start a new job from the template on the New Job page.
          </DialogDescription>
        </DialogHeader>
        <SaveTemplateForm job={job} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function SaveTemplateForm({ job, onDone }: { job: Job; onDone: () => void }) {
  const save = useSaveTemplate();
  const form = useForm<TemplateFormValues>({ resolver: zodResolver(templateForm), defaultValues: { name: job.title } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { jobId: job.id, name: values.name },
      {
        onSuccess: onDone,
        // A name in use is a problem with the field: say so there, in the server's words.
        onError: (error) => isConflict(error) && form.setError('name', { message: describeError(error) }, { shouldFocus: true }),
      },
    ),
  );

  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      <FormField id="template-name" label="Template name" hint="Names are unique within your company." error={errors.name?.message}>
        <Input
          id="template-name"
          autoComplete="off"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy('template-name', { hint: true, error: errors.name?.message })}
          {...form.register('name')}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving...' : 'Save template'}
        </Button>
      </DialogFooter>
    </form>
  );
}
