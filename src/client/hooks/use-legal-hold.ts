import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { legalHoldResult } from '@/contracts/candidate-data';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';

/**
 * PUT {url} { hold }: places or lifts a legal hold (an interview's or a phone candidate's). The
 * answer goes straight into the cached record at `recordKey` (one with a `legalHold` field); a
 * failure reads the record again, since a colleague may have changed it meanwhile.
 */
export function useLegalHold(url: string, recordKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (hold: boolean) => readJson(await apiRequest('PUT', url, { hold }), legalHoldResult),
    onSuccess: ({ legalHold }) => {
      queryClient.setQueryData(recordKey, (current: object | undefined) => (current ? { ...current, legalHold } : current));
      toast(
        legalHold
          ? { title: 'Legal hold placed', description: 'This candidate’s data is kept until the hold is lifted.' }
          : { title: 'Legal hold lifted', description: 'The data can be deleted again, and the retention period applies.' },
      );
    },
    onError: async (error) => {
      toast({ title: 'Legal hold not changed', description: describeError(error), variant: 'destructive' });
      await queryClient.invalidateQueries({ queryKey: recordKey });
    },
  });
}
