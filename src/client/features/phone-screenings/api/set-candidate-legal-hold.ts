import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legalHoldResult } from '@/contracts/candidate-data';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { screeningResultQuery } from './screening-result';

export async function setCandidateLegalHold(candidateId: number, hold: boolean): Promise<{ legalHold: boolean }> {
  return readJson(await apiRequest('PUT', `/api/phone-screening/candidates/${candidateId}/legal-hold`, { hold }), legalHoldResult);
}

/** PUT /api/phone-screening/candidates/{candidateId}/legal-hold; the answer goes straight into the cached result. */
export function useSetCandidateLegalHold(candidateId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = screeningResultQuery(candidateId);
  return useMutation({
    mutationFn: (hold: boolean) => setCandidateLegalHold(candidateId, hold),
    onSuccess: ({ legalHold }) => {
      queryClient.setQueryData(queryKey, (current) => (current ? { ...current, legalHold } : current));
      toast(
        legalHold
          ? { title: 'Legal hold placed', description: 'This candidate’s data is kept until the hold is lifted.' }
          : { title: 'Legal hold lifted', description: 'The data can be deleted again, and the retention period applies.' },
      );
    },
    onError: async (error) => {
      toast({ title: 'Legal hold not changed', description: describeError(error), variant: 'destructive' });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
