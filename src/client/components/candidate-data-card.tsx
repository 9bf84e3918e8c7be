import { format } from 'date-fns';
import { LoaderCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'wouter';
import type { RECRUITER_DELETION_REASONS } from '@/contracts/statuses';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { FieldError } from '@/client/components/ui/form-message';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/cn';

// The "Candidate data" card of the interview report and the phone screening result (issue 15,
// docs/decisions/021-candidate-data-ui.md). Presentational: each feature passes its own state and
// API calls, so the two features share this without importing each other.

export type RecruiterDeletionReason = (typeof RECRUITER_DELETION_REASONS)[number];

/** The reasons, in the recruiter's words; the API stores only the code. */
export const DELETION_REASON_LABELS: Record<RecruiterDeletionReason, string> = {
  candidate_request: 'The candidate asked for deletion',
  withdrawn: 'The candidate withdrew',
  entered_in_error: 'Entered in error',
  other: 'Other reason',
};
const REASONS = Object.keys(DELETION_REASON_LABELS) as RecruiterDeletionReason[];

export const LEGAL_HOLD_HINT = 'A hold keeps this candidate’s data from deletion, by hand or by the retention period, until it is lifted.';
export const HELD_REASON = 'This candidate is under a legal hold: lift the hold to delete their data.';

const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'PPP');
};

/** The day the data was deleted, as a <time> (the exact moment on hover). */
function DeletedOn({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={Number.isNaN(date.getTime()) ? undefined : format(date, 'PPpp')}>
      {formatDay(at)}
    </time>
  );
}

/**
 * At the top of a page whose candidate's data was deleted: says so, so the empty transcript,
 * recording and feedback text below read as deleted rather than missing. Nothing while the data is kept.
 */
export function DataDeletedBanner({ deletedAt }: { deletedAt: string | null }) {
  if (!deletedAt) return null;
  return (
    <p className="flex items-start gap-2 rounded-md border border-slate-300 bg-slate-100 px-4 py-3 text-sm text-slate-800">
      <Trash2 className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Candidate data deleted on <DeletedOn at={deletedAt} />.</strong> What remains is anonymised: the scores, kept for
        statistics.
      </span>
    </p>
  );
}

export interface CandidateDataCardProps {
  candidateName: string;
  /** What deleting removes, in this record's words ("the interview recording", …). */
  deletes: readonly string[];
  /** When the data was deleted; null while it is kept. */
  deletedAt: string | null;
  legalHold: boolean;
  isHoldPending: boolean;
  onLegalHoldChange: (hold: boolean) => void;
  isDeleting: boolean;
  /**
   * Deletes the data. Resolves once the page shows the result; rejects when nothing was deleted
   * (the caller has already said why, in a toast).
   */
  onDelete: (reason: RecruiterDeletionReason) => Promise<unknown>;
}

/** 'Candidate data': the legal hold, deleting the candidate's data with a reason, and after deletion when it happened. */
export function CandidateDataCard({ candidateName, deletes, deletedAt, legalHold, isHoldPending, onLegalHoldChange, isDeleting, onDelete }: CandidateDataCardProps) {
  const headingId = useId();
  const holdId = useId();
  const heldReasonId = useId();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          Candidate data
        </CardTitle>
        {deletedAt ? null : (
          <CardDescription>
            Deleted automatically when your company’s retention period ends; the period is in{' '}
            <Link href="/settings" className="text-brand-700 underline underline-offset-4">
              Settings
            </Link>
            .
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        {deletedAt ? (
          <div className="space-y-1 text-sm">
            <p ref={noticeRef} tabIndex={-1} className="font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              This candidate’s data was deleted on <DeletedOn at={deletedAt} />.
            </p>
            <p className="text-slate-600">The recording, transcript, AI feedback text and notes are gone. The scores stay, anonymised, for statistics.</p>
          </div>
        ) : (
          <>
            <div className="flex items-start gap-3">
              <Checkbox
                id={holdId}
                checked={legalHold}
                disabled={isHoldPending || isDeleting}
                onCheckedChange={(checked) => onLegalHoldChange(checked === true)}
                aria-describedby={`${holdId}-hint`}
                className="mt-0.5"
              />
              <div className="space-y-1">
                <Label htmlFor={holdId} className="inline-flex items-center gap-1.5">
                  <ShieldCheck className="size-4 text-slate-500" aria-hidden="true" />
                  Legal hold
                  {isHoldPending ? <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" /> : null}
                </Label>
                <p id={`${holdId}-hint`} className="text-sm text-slate-600">
                  {LEGAL_HOLD_HINT}
                </p>
              </div>
            </div>
            <div className="space-y-2 border-t border-slate-200 pt-6">
              <Button
                type="button"
                variant="destructive"
                disabled={legalHold || isHoldPending}
                aria-describedby={legalHold ? heldReasonId : undefined}
                onClick={() => setDialogOpen(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete candidate data
              </Button>
              {legalHold ? (
                <p id={heldReasonId} className="text-sm text-slate-600">
                  {HELD_REASON}
                </p>
              ) : null}
            </div>
          </>
        )}
        <DeleteDataDialog
          // A hold placed meanwhile (here or by a colleague) closes the dialog: deleting is refused then.
          open={isDialogOpen && !legalHold && !deletedAt}
          onOpenChange={setDialogOpen}
          candidateName={candidateName}
          deletes={deletes}
          isDeleting={isDeleting}
          onDelete={onDelete}
          noticeRef={noticeRef}
        />
      </CardContent>
    </Card>
  );
}

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

function DeleteDataDialog({ open, onOpenChange, candidateName, deletes, isDeleting, onDelete, noticeRef }: DeleteDataDialogProps) {
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
