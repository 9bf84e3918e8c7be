import { useId, useState } from 'react';
import type { DeletionRequestReceipt } from '@/contracts/candidate-data';
import { Button } from '@/client/components/ui/button';
import { formatCandidateDay } from '@/client/lib/candidate-dates';

// "Your data" on a candidate's own page (decision 021): the interview link's and the phone screening
// call link's. Presentational: each feature passes its request's state and its own call, so the two
// share this without importing each other. Only a type comes from the contracts: candidate pages load
// no zod (decision 016).


/** What this page's data is called, in the candidate's words. */
export interface DeletionRequestWords {
  /** "interview data", "screening call data". */
  data: string;
  /** What the section offers before any request: the first sentence. */
  offer: string;
  /** What confirming leads to: what is deleted and that the link stops working. */
  consequence: string;
}

export interface DeletionRequestSectionProps {
  words: DeletionRequestWords;
  /** The request made from this link; null (or undefined) when there is none. */
  receipt: DeletionRequestReceipt | null | undefined;
  /** While the request is being read, the button waits. */
  isLoading: boolean;
  /** Whom a legal hold binds ("Acme"); "The company" when the page does not know. */
  companyName?: string | undefined;
  onRequest: () => void;
  isRequesting: boolean;
  /** Why the request failed, in a sentence; null when it did not. */
  requestError: string | null;
}

/**
 * The candidate may ask for their data to be deleted: one request per link; once made, the section
 * says when and by when, or, when a legal hold keeps the data past the deadline, that it is on hold
 * and why. The confirmation is inline: no dialog code on a candidate's page.
 */
export function DeletionRequestSection({ words, receipt, isLoading, companyName, onRequest, isRequesting, requestError }: DeletionRequestSectionProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const headingId = useId();
  const company = companyName?.trim() || 'The company';

  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm text-slate-700">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your data
      </h2>
      {receipt?.status === 'held' ? (
        <p role="status">
          You asked for your {words.data} to be deleted on {formatCandidateDay(receipt.requestedAt)}. {company} must keep it for now because of a legal hold: a legal
          obligation (such as a claim, an investigation or a court order) requires the records to be preserved. Your data is not used for anything else while the
          hold lasts, and it will be deleted as soon as the hold ends. You do not need to ask again.
        </p>
      ) : receipt ? (
        <p role="status">
          You asked for your {words.data} to be deleted on {formatCandidateDay(receipt.requestedAt)}. It will be deleted by {formatCandidateDay(receipt.dueAt)}.
        </p>
      ) : (
        <>
          <p>{words.offer} It is deleted within 30 days of your request.</p>
          {isConfirming ? (
            <div className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
              <p className="text-slate-800">{words.consequence}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="destructive" size="sm" onClick={onRequest} disabled={isRequesting}>
                  {isRequesting ? 'Sending…' : 'Confirm deletion request'}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setIsConfirming(false)} disabled={isRequesting}>
                  Cancel
                </Button>
              </div>
              {requestError ? (
                <p role="alert" className="text-red-700">
                  {requestError}
                </p>
              ) : null}
            </div>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)} disabled={isLoading}>
              Ask to delete my data
            </Button>
          )}
        </>
      )}
    </section>
  );
}
