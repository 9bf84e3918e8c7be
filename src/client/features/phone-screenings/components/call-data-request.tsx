import { DeletionRequestSection, type DeletionRequestWords } from '@/client/components/deletion-request-section';
import { callErrorMessage } from '../api/call-simulator';
import { useCallDeletionRequest, useRequestCallDeletion } from '../api/call-deletion-request';

const WORDS: DeletionRequestWords = {
  data: 'screening call data',
  offer: 'You can ask for your screening call data (your answers, the transcript and the evaluation) to be deleted at any time.',
  consequence:
    'Your answers, the transcript and the evaluation will be deleted within 30 days, and this link will then stop working. If you have not taken the call yet, you will not be able to take it afterwards.',
};

/**
 * "Your data" on the candidate's call link (decision 021): ask for the screening call's data to be
 * deleted; once asked, the date by which it will be, or, past the deadline under a legal hold, that
 * it is kept and why (a phone candidate has no email address: this page is where they are told).
 */
export function CallDataRequest({ candidateId, token, companyName }: { candidateId: number; token: string; companyName?: string | undefined }) {
  const request = useCallDeletionRequest(candidateId, token);
  const ask = useRequestCallDeletion(candidateId, token);
  return (
    <DeletionRequestSection
      words={WORDS}
      receipt={request.data}
      isLoading={request.isPending}
      companyName={companyName}
      onRequest={() => ask.mutate()}
      isRequesting={ask.isPending}
      requestError={ask.isError ? callErrorMessage(ask.error) : null}
    />
  );
}
