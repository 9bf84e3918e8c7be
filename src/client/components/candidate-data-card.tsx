import { format } from 'date-fns';
import { Download, LoaderCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { useCan } from '@/client/hooks/use-company-role';
import { DeleteDataDialog, type RecruiterDeletionReason } from './delete-data-dialog';

// The "Candidate data" card of the interview report and the phone screening result (issue 15,
// docs/decisions/021-candidate-data.md). Presentational: each feature passes its own state and
// API calls, so the two features share this without importing each other.

export const LEGAL_HOLD_HINT = 'A hold keeps this candidate’s data from deletion, by hand or by the retention period, until it is lifted.';
export const HELD_REASON = 'This candidate is under a legal hold: lift the hold to delete their data.';
export const OWNERS_HOLD = 'Only an owner of your company can place or lift a legal hold.';

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
  /** The access-request download: where it is and what it holds ("this interview and its recording"). */
  download?: { href: string; holds: string };
}

/** 'Candidate data': the legal hold, deleting the candidate's data with a reason, and after deletion when it happened. */
export function CandidateDataCard({ candidateName, deletes, deletedAt, legalHold, isHoldPending, onLegalHoldChange, isDeleting, onDelete, download }: CandidateDataCardProps) {
  const headingId = useId();
  const holdId = useId();
  const heldReasonId = useId();
  const [isDialogOpen, setDialogOpen] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Decision 026: owners place holds; recruiters delete and export; a viewer sees the state only.
  const canHold = useCan('owner');
  const canDelete = useCan('recruiter');

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
                disabled={isHoldPending || isDeleting || !canHold}
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
                  {canHold ? null : ` ${OWNERS_HOLD}`}
                </p>
              </div>
            </div>
            {canDelete ? (
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
            ) : null}
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
        {download && canDelete && (
          <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">
            For a candidate’s access request:{' '}
            <a href={download.href} download className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-4">
              <Download className="size-4" aria-hidden="true" />
              Download all data (ZIP)
            </a>{' '}
            with everything stored about {download.holds}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

