import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { describeError } from '@/client/lib/error-messages';
import { useDeletionRequest, useRequestDeletion } from '../api/deletion-request';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * "Your data": the candidate may ask, from their link, for their interview data to be deleted
 * (decision 021). One request per interview; once made, the section says when it was made and the
 * date by which the data will be deleted. The confirmation is inline: no dialog code on this page.
 */
export function DataRequestSection({ interviewId, token }: { interviewId: number; token: string }) {
  const request = useDeletionRequest(interviewId, token);
  const ask = useRequestDeletion(interviewId, token);
  const [isConfirming, setIsConfirming] = useState(false);
  const headingId = useId();
  const receipt = request.data;

  return (
    <section aria-labelledby={headingId} className="space-y-2 text-sm text-slate-700">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your data
      </h2>
      {receipt ? (
        <p role="status">
          You asked for your interview data to be deleted on {formatDate(receipt.requestedAt)}. It will be deleted by {formatDate(receipt.dueAt)}.
        </p>
      ) : (
        <>
          <p>
            You can ask for your interview data (recording, transcript and evaluation) to be deleted at any time. It is deleted within 30 days of your
            request.
          </p>
          {isConfirming ? (
            <div className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
              <p className="text-slate-800">
                Your recording, transcript and evaluation will be deleted within 30 days, and this link will then stop working. If you have not taken the
                interview yet, you will not be able to take it afterwards.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="destructive" size="sm" onClick={() => ask.mutate()} disabled={ask.isPending}>
                  {ask.isPending ? 'Sending…' : 'Confirm deletion request'}
                </Button>
                <Button variant="outline" size="sm" onClick={() => setIsConfirming(false)} disabled={ask.isPending}>
                  Cancel
                </Button>
              </div>
              {ask.isError ? (
                <p role="alert" className="text-red-700">
                  {describeError(ask.error)}
                </p>
              ) : null}
            </div>
          ) : (
            <Button variant="outline" size="sm" onClick={() => setIsConfirming(true)} disabled={request.isPending}>
              Ask to delete my data
            </Button>
          )}
        </>
      )}
    </section>
  );
}
