import { DeletionRequestSection, type DeletionRequestWords } from '@/client/components/deletion-request-section';
import { describeError } from '@/client/lib/error-messages';
import { useDeletionRequest, useRequestDeletion } from '../api/deletion-request';

const WORDS: DeletionRequestWords = {
  data: 'interview data',
  offer: 'You can ask for your interview data (recording, transcript and evaluation) to be deleted at any time.',
  consequence:
    'Your recording, transcript and evaluation will be deleted within 30 days, and this link will then stop working. If you have not taken the interview yet, you will not be able to take it afterwards.',
};

/**
 * "Your data" on the interview link (decision 021): the candidate may ask for their interview data
 * to be deleted; once asked, the date by which it will be, or that a legal hold keeps it.
 */
export function DataRequestSection({ interviewId, token }: { interviewId: number; token: string }) {
  const request = useDeletionRequest(interviewId, token);
  const ask = useRequestDeletion(interviewId, token);
  return (
    <DeletionRequestSection
      words={WORDS}
      receipt={request.data}
      isLoading={request.isPending}
      onRequest={() => ask.mutate()}
      isRequesting={ask.isPending}
      requestError={ask.isError ? describeError(ask.error) : null}
    />
  );
}
