import { LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { RECRUITER_DELETION_REASONS } from '@/contracts/statuses';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError } from '@/client/components/ui/form-message';
import { cn } from '@/client/lib/cn';

/** The recruiter's side of deleting a candidate's data: the reason and the confirmation (decision 021). */
export type RecruiterDeletionReason = (typeof RECRUITER_DELETION_REASONS)[number];

/** The reasons, in the recruiter's words; the API stores only the code. */
export const DELETION_REASON_LABELS: Record<RecruiterDeletionReason, string> = {
  candidate_request: 'The candidate asked for deletion',
  withdrawn: 'The candidate withdrew',
  entered_in_error: 'Entered in error',
  other: 'Other reason',
};
const REASONS = Object.keys(DELETION_REASON_LABELS) as RecruiterDeletionReason[];
interface DeleteDataDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  candidateName: string;
  deletes: readonly string[];
  isDeleting: boolean;
  onDelete: (reason: RecruiterDeletionReason) => Promise<unknown>;
  /** Where focus goes once the data is deleted: the notice that replaced the button. */
  noticeRef: RefObject<HTMLParagraphElement | null>;
}

export function DeleteDataDialog({ open, onOpenChange, candidateName, deletes, isDeleting, onDelete, noticeRef }: DeleteDataDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while deleting, so the outcome is reported against this request.
        if (!isDeleting || next) onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          // After a deletion the button that opened the dialog is gone: focus the notice instead.
          if (noticeRef.current) {
            event.preventDefault();
            noticeRef.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Delete candidate data?</DialogTitle>
          <DialogDescription>Everything Hireloop holds about {candidateName} is deleted for good. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so each opening starts afresh: a reason is a decision, never a leftover. */}
        <DeleteDataForm deletes={deletes} isDeleting={isDeleting} onDelete={onDelete} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface DeleteDataFormProps {
  deletes: readonly string[];
  isDeleting: boolean;
  onDelete: (reason: RecruiterDeletionReason) => Promise<unknown>;
  onDone: () => void;
}

function DeleteDataForm({ deletes, isDeleting, onDelete, onDone }: DeleteDataFormProps) {
  const formId = useId();
  const [reason, setReason] = useState<RecruiterDeletionReason | null>(null);
  const [error, setError] = useState<string>();
  const firstRadio = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError('Choose a reason for the deletion.');
      firstRadio.current?.focus();
      return;
    }
    void onDelete(reason).then(
      onDone,
      // The caller has said why in a toast; the dialog stays open to try again.
      () => undefined,
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <div className="space-y-2 text-sm">
        <p id={`${formId}-deletes`} className="font-medium text-slate-900">
          What is deleted
        </p>
        <ul aria-labelledby={`${formId}-deletes`} className="list-disc space-y-1 pl-5 text-slate-700">
          {deletes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">What stays: </span>
          the scores, without a name, so the job’s statistics still add up.
        </p>
      </div>
      <fieldset disabled={isDeleting} className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Reason</legend>
        {REASONS.map((value, index) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
              reason === value ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-slate-300 bg-white text-slate-900',
            )}
          >
            <input
              ref={index === 0 ? firstRadio : undefined}
              type="radio"
              name={`${formId}-reason`}
              value={value}
              checked={reason === value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${formId}-error` : undefined}
              onChange={() => {
                setReason(value);
                setError(undefined);
              }}
              className="size-4 accent-brand-600"
            />
            {DELETION_REASON_LABELS[value]}
          </label>
        ))}
        <FieldError id={`${formId}-error`} message={error} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={isDeleting} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isDeleting}>
          {isDeleting ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden="true" />
              Deleting...
            </>
          ) : (
            'Delete data'
          )}
        </Button>
      </DialogFooter>
    </form>
  );
}
