import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { deleteCandidateDataResult, type DeleteCandidateDataInput } from '@/contracts/candidate-data';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { jobInterviewsUrl, urlKey } from '@/client/lib/shared-reads';
import { interviewQuery } from './get-interview';
import { recordingStatusQuery } from './get-recording-status';
import { reviewQuery } from './get-review';
import { transcriptsQuery } from './get-transcripts';

export async function deleteInterviewData(interviewId: number, input: DeleteCandidateDataInput): Promise<{ deleted: boolean }> {
  return readJson(await apiRequest('POST', `/api/interview/${interviewId}/delete-data`, input), deleteCandidateDataResult);
}

/**
 * POST /api/interview/{id}/delete-data. Afterwards everything the report shows is read again (the
 * name, transcript, recording, feedback words and review reasons are gone), and the job's interview
 * list, which names the candidate. The mutation settles once the report shows the result.
 */
export function useDeleteInterviewData(interviewId: number, jobId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    const keys: QueryKey[] = [
      interviewQuery(interviewId).queryKey,
      transcriptsQuery(interviewId).queryKey,
      recordingStatusQuery(interviewId).queryKey,
      reviewQuery(interviewId).queryKey,
      // The job's interview list (the interviews feature's read: features never import each other).
      urlKey(jobInterviewsUrl(jobId)),
    ];
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn: (input: DeleteCandidateDataInput) => deleteInterviewData(interviewId, input),
    onSuccess: async ({ deleted }) => {
      await refresh();
      toast(
        deleted
          ? { title: 'Candidate data deleted', description: 'The recording, transcript, AI feedback text and notes are gone; the scores stay, anonymised.' }
          : { title: 'Already deleted', description: 'This candidate’s data had already been deleted.' },
      );
    },
    onError: async (error) => {
      toast({ title: 'Data not deleted', description: describeError(error), variant: 'destructive' });
      // A colleague may have placed a legal hold meanwhile (409): show the report as it is now.
      await queryClient.invalidateQueries({ queryKey: interviewQuery(interviewId).queryKey });
    },
  });
}
