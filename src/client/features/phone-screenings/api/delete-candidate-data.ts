import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteCandidateDataResult, type DeleteCandidateDataInput } from '@/contracts/candidate-data';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { screeningCandidatesQuery } from './phone-screening';
import { screeningResultQuery } from './screening-result';

export async function deleteCandidateData(candidateId: number, input: DeleteCandidateDataInput): Promise<{ deleted: boolean }> {
  return readJson(await apiRequest('POST', `/api/phone-screening/candidates/${candidateId}/delete-data`, input), deleteCandidateDataResult);
}

/**
 * POST /api/phone-screening/candidates/{candidateId}/delete-data, then the result and the
 * screening's candidate list (which names the candidate) are read again. A 503 means the telephony
 * provider could not delete the call recording and nothing was deleted: its message says so.
 */
export function useDeleteCandidateData(candidateId: number, screeningId: number) {
  const queryClient = useQueryClient();
  const resultKey = screeningResultQuery(candidateId).queryKey;
  return useMutation({
    mutationFn: (input: DeleteCandidateDataInput) => deleteCandidateData(candidateId, input),
    onSuccess: async ({ deleted }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resultKey }),
        queryClient.invalidateQueries({ queryKey: screeningCandidatesQuery(screeningId).queryKey }),
      ]);
      toast(
        deleted
          ? { title: 'Candidate data deleted', description: 'The call recordings, transcripts, AI notes and phone number are gone; the scores stay, anonymised.' }
          : { title: 'Already deleted', description: 'This candidate’s data had already been deleted.' },
      );
    },
    onError: async (error) => {
      toast({ title: 'Data not deleted', description: describeError(error), variant: 'destructive' });
      // A colleague may have placed a legal hold meanwhile (409): show the result as it is now.
      await queryClient.invalidateQueries({ queryKey: resultKey });
    },
  });
}
