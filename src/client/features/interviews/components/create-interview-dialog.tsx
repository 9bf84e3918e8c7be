import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
import { createInterviewInput } from '@/contracts/interviews';
import { useCreateInterview } from '../api/create-interview';
import type { JobId } from '../api/get-interviews';

const candidateForm = createInterviewInput.pick({ candidateName: true, email: true });
type CandidateFormInput = z.input<typeof candidateForm>;
type CandidateFormValues = z.output<typeof candidateForm>;

const EMPTY: CandidateFormInput = { candidateName: '', email: '' };

export interface CreateInterviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: JobId | undefined;
  /** The job's video recording setting, copied to the new interview. */
  videoRecording?: boolean | undefined;
}

/** 'Create Interview': a candidate's name and email make a new interview (and its room) for the job. */
export function CreateInterviewDialog({ open, onOpenChange, jobId, videoRecording }: CreateInterviewDialogProps) {
  const mutation = useCreateInterview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CandidateFormInput, unknown, CandidateFormValues>({
    resolver: zodResolver(candidateForm),
    defaultValues: EMPTY,
  });

  function changeOpen(next: boolean) {
    // Closing forgets what was typed and any validation messages.
    if (!next) reset(EMPTY);
    onOpenChange(next);
  }

  function submit(values: CandidateFormValues) {
    if (jobId === undefined || jobId === '') {
      toast({ title: 'Error Creating Interview', description: 'No job ID available', variant: 'destructive' });
      return;
    }
    mutation.mutate(
      { jobId, candidateName: values.candidateName, email: values.email, videoRecording },
      {
        onSuccess: (created) => {
          changeOpen(false);
          if (!created.roomName || !created.roomUrl) {
            toast({
              title: 'Warning',
              description: 'Interview was created but LiveKit room setup may have failed',
              variant: 'destructive',
            });
          } else {
            toast({ title: 'Interview Created', description: `New interview room created: ${created.roomName}` });
          }
        },
        onError: (error) => {
          toast({
            title: 'Error Creating Interview',
            description: describeError(error, { fallback: 'Failed to create interview', offline: 'Failed to create interview' }),
            variant: 'destructive',
          });
        },
      },
    );
  }

  const isPending = mutation.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while the interview is being created, so the result is not lost.
        if (!isPending || next) changeOpen(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Interview</DialogTitle>
          <DialogDescription>
            Add a candidate to this job. They get their own interview link, which you can copy or email to them.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={isPending} className="space-y-4">
            <FormField id="interview-candidate-name" label="Candidate Name" error={errors.candidateName?.message}>
              <Input
                id="interview-candidate-name"
                autoComplete="off"
                placeholder="Jane Smith"
                aria-required="true"
                aria-invalid={errors.candidateName ? true : undefined}
                aria-describedby={describedBy('interview-candidate-name', { error: errors.candidateName?.message })}
                {...register('candidateName')}
              />
            </FormField>
            <FormField id="interview-candidate-email" label="Email" error={errors.email?.message}>
              <Input
                id="interview-candidate-email"
                type="email"
                autoComplete="off"
                placeholder="jane.smith@example.com"
                aria-required="true"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy('interview-candidate-email', { error: errors.email?.message })}
                {...register('email')}
              />
            </FormField>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isPending} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  Creating...
                </>
              ) : (
                'Create Interview'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
