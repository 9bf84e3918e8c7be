import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alternativeRequestItem, interviewConsentView } from '@/contracts/consent';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jsonQuery } from '@/client/lib/query-client';
import { alternativeRequestsUrl, jobInterviewsUrl, urlKey } from '@/client/lib/shared-reads';

/** GET /api/interview/{id}/consent-record: the consent as stored and the candidate's requests for an alternative (decision 025). */
export function consentRecordQuery(interviewId: number) {
  return jsonQuery(`/api/interview/${interviewId}/consent-record`, interviewConsentView);
}

export function useConsentRecord(interviewId: number) {
  return useQuery(consentRecordQuery(interviewId));
}

/**
 * POST /api/alternative-requests/{id}/resolve. Afterwards the card, the job's interview list (its
 * badge) and the dashboard's inbox are read again: the last two are other features' reads.
 */
export function useResolveAlternative(interviewId: number, jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requestId: number) => readJson(await apiRequest('POST', `/api/alternative-requests/${requestId}/resolve`), alternativeRequestItem),
    onSuccess: async () => {
      toast({ title: 'Request resolved', description: 'The request is marked as dealt with.' });
      await Promise.all(
        [consentRecordQuery(interviewId).queryKey, urlKey(jobInterviewsUrl(jobId)), urlKey(alternativeRequestsUrl)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => toast({ title: 'Request not resolved', description: describeError(error), variant: 'destructive' }),
  });
}
