import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendEmailsResult, type SendEmailsInput, type SendEmailsResult } from '@/contracts/interviews';
import { apiRequest, readJson } from '@/client/lib/api';
import { interviewsQuery, type JobId } from './get-interviews';

export async function sendEmails(input: SendEmailsInput): Promise<SendEmailsResult> {
  const res = await apiRequest('POST', '/api/send-candidate-emails', input);
  return readJson(res, sendEmailsResult);
}

/**
 * POST /api/send-candidate-emails. The interview list is refetched afterwards, whatever the answer:
 * the email-sent flags come from the server, and a refused or partial batch may still have sent some.
 */
export function useSendEmails(jobId: JobId | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmails,
    onSettled: async () => {
      if (jobId === undefined || jobId === '') return;
      await queryClient.invalidateQueries({ queryKey: interviewsQuery(jobId).queryKey });
    },
  });
}
