import { LoaderCircle } from 'lucide-react';
import { Link } from 'wouter';
import { useForm, useWatch } from 'react-hook-form';
import { describedBy, FormField } from '@/client/components/form-field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { toast, type ToastInput } from '@/client/components/ui/use-toast';
import { describeError, errorCode } from '@/client/lib/error-messages';
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  renderTemplate,
  type InterviewListItem,
  type SendEmailsResult,
} from '@/contracts/interviews';
import type { JobId } from '../api/get-interviews';
import { useSendEmails } from '../api/send-emails';
import { useCompanyOutbox } from '@/client/hooks/use-company-outbox';
import { MAIL_SERVER_HINT } from '@/contracts/outbox';

const PLACEHOLDERS = ['{{candidateName}}', '{{jobTitle}}', '{{companyName}}', '{{candidateLink}}'] as const;

interface EmailFormValues {
  subject: string;
  body: string;
}

export interface SendEmailDialogProps {
  open: boolean;
  /** Called with false on Cancel, on the close button and after a successful send. */
  onOpenChange: (open: boolean) => void;
  jobId: JobId | undefined;
  jobTitle: string;
  companyName?: string | null | undefined;
  /** The selected interviews: one email each. */
  recipients: readonly InterviewListItem[];
}

/** 'Send Email': one templated invitation to each selected candidate. The template is kept between sends. */
export function SendEmailDialog({ open, onOpenChange, jobId, jobTitle, companyName, recipients }: SendEmailDialogProps) {
  const mutation = useSendEmails(jobId);
  const outbox = useCompanyOutbox({ enabled: open });
  const hasNoMailServer = outbox.data?.hasMailServer === false;
  const { register, handleSubmit, control } = useForm<EmailFormValues>({
    defaultValues: { subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY },
  });
  const [subject, body] = useWatch({ control, name: ['subject', 'body'] });
  const isPending = mutation.isPending;
  const preview = recipients[0];

  function fill(template: string, row: InterviewListItem): string {
    return renderTemplate(template, {
      candidateName: row.candidateName,
      jobTitle,
      companyName: companyName ?? '',
      candidateLink: row.candidateLink,
    });
  }

  function submit(values: EmailFormValues) {
    if (!values.subject.trim() || !values.body.trim()) {
      toast({ title: 'Missing Fields', description: 'Subject and body are required.', variant: 'destructive' });
      return;
    }
    if (recipients.length === 0 || jobId === undefined || jobId === '') {
      toast({
        title: 'No Candidates Selected',
        description: 'Please select at least one candidate to send emails.',
        variant: 'destructive',
      });
      return;
    }
    mutation.mutate(
      {
        subject: values.subject,
        body: values.body,
        candidates: recipients.map((row) => ({
          name: row.candidateName,
          email: row.email,
          jobTitle,
          companyName: companyName || undefined,
          candidateLink: row.candidateLink,
          jobId: Number(jobId),
          interviewId: row.id,
        })),
      },
      {
        onSuccess: (result) => {
          toast(resultToast(result));
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ title: 'Failed to send emails.', description: failureDescription(error), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while sending, so the outcome is reported against this batch.
        if (!isPending || next) onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>
            Invite the selected candidates to their AI interview. Each one gets their own copy, with the placeholders
            filled in for them.
          </DialogDescription>
        </DialogHeader>
        <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(submit)(event)}>
          <fieldset disabled={isPending} className="space-y-4">
            <FormField id="send-email-subject" label="Subject">
              <Input
                id="send-email-subject"
                aria-required="true"
                aria-describedby={describedBy('send-email-body', { hint: true })}
                {...register('subject')}
              />
            </FormField>
            <FormField
              id="send-email-body"
              label="Body"
              hint={
                <>
                  Placeholders:{' '}
                  {PLACEHOLDERS.map((placeholder, index) => (
                    <span key={placeholder}>
                      <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-slate-800">{placeholder}</code>
                      {index < PLACEHOLDERS.length - 1 ? ', ' : null}
                    </span>
                  ))}
                </>
              }
            >
              <Textarea
                id="send-email-body"
                rows={14}
                className="min-h-72"
                aria-required="true"
                aria-describedby={describedBy('send-email-body', { hint: true })}
                {...register('body')}
              />
            </FormField>
          </fieldset>

          {hasNoMailServer ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              No mail server is connected: these emails will wait in the <Link href="/settings/outbox" className="font-medium underline underline-offset-2">outbox</Link>, where you can copy each
              candidate&apos;s link. {MAIL_SERVER_HINT}
            </p>
          ) : null}

          <p className="text-sm text-slate-600">
            Every invitation ends with a short notice added by Hireloop: that an AI conducts and scores the interview, what it evaluates, and how
            the candidate can ask for an alternative.
          </p>

          {preview ? (
            <details className="rounded-md border border-slate-200 text-sm">
              <summary className="cursor-pointer rounded-md px-3 py-2 font-medium text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                Preview for {preview.candidateName}
              </summary>
              <div className="space-y-2 border-t border-slate-200 px-3 py-2">
                <p className="font-medium text-slate-900">{fill(subject, preview)}</p>
                <p className="whitespace-pre-wrap text-slate-700">{fill(body, preview)}</p>
              </div>
            </details>
          ) : null}

          <div className="space-y-1.5">
            <h3 id="send-email-recipients" className="text-sm font-medium text-slate-900">
              Recipients ({recipients.length})
            </h3>
            <ul
              aria-labelledby="send-email-recipients"
              // Scrolls when long: focusable so the keyboard can scroll it too.
              tabIndex={0}
              className="max-h-40 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {recipients.map((row) => (
                <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2 text-sm">
                  <span className="font-medium text-slate-900">{row.candidateName}</span>
                  <span className="break-all text-slate-600">{row.email}</span>
                </li>
              ))}
            </ul>
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" disabled={isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? (
                <>
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                  Sending...
                </>
              ) : (
                'Send Email'
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function resultToast(result: SendEmailsResult): ToastInput {
  const { sent, outbox, failed } = result;
  const failedNote = failed > 0 ? ` ${failed} email(s) could not be delivered.` : '';
  if (sent === 0 && outbox === 0 && failed > 0) {
    return {
      title: 'Failed to send emails.',
      description: `None of the ${failed} email(s) could be delivered. Please try again.`,
      variant: 'destructive',
    };
  }
  if (outbox > 0 && sent === 0) {
    return {
      title: 'Emails queued',
      description: `No mail server is configured: ${outbox} message(s) are waiting in the outbox (Settings → Outbox), where you can copy each candidate's link.${failedNote}`,
    };
  }
  return { title: 'Emails sent successfully!', description: `Emails sent to ${sent} candidate(s).${failedNote}` };
}

/** The server's sentence when the refusal is about the account or the hourly limit; the spec's 'Please try again.' otherwise. */
function failureDescription(error: Error): string {
  switch (errorCode(error)) {
    case 'NOT_APPROVED':
    case 'FORBIDDEN':
    case 'ACCOUNT_REJECTED':
      return describeError(error, 'Your account is awaiting approval');
    case 'TOO_MANY_REQUESTS':
      return describeError(error, 'Too many emails sent. Please try again later.');
    default:
      return 'Please try again.';
  }
}
