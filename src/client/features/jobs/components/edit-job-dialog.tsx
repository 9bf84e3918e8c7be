import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { Job } from '@/contracts/jobs';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { createJobFormInput, type CreateJobValues } from '../api/create-job';
import { useUpdateJobDetails } from '../api/update-job-details';

interface EditJobDialogProps {
  job: Job;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Edit details': the job's title and description, checked as on the Create Job form. */
export function EditJobDialog({ job, open, onOpenChange }: EditJobDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit job details</DialogTitle>
          <DialogDescription>Change the job title and description. Questions and criteria are edited on the page.</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so each opening starts from the job as saved. */}
        <EditJobForm job={job} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function EditJobForm({ job, onDone }: { job: Job; onDone: () => void }) {
  const update = useUpdateJobDetails(job.id);
  const form = useForm<CreateJobValues>({
    resolver: zodResolver(createJobFormInput),
    defaultValues: { title: job.title, description: job.description },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => update.mutate(values, { onSuccess: onDone }));

  return (
    <form noValidate className="space-y-5" onSubmit={onSubmit}>
      <FormField id="edit-job-title" label="Job Title" error={errors.title?.message}>
        <Input
          id="edit-job-title"
          autoComplete="off"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy('edit-job-title', { error: errors.title?.message })}
          {...form.register('title')}
        />
      </FormField>
      <FormField id="edit-job-description" label="Job Description" error={errors.description?.message}>
        <Textarea
          id="edit-job-description"
          rows={10}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy('edit-job-description', { error: errors.description?.message })}
          {...form.register('description')}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
