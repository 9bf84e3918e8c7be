import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendInvitationResult, type ResendInvitationResult } from '@/contracts/interviews';
import { toast } from '@/client/components/ui/use-toast';
import { apiRequest, readJson } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';
import { formatLinkTime } from '../utils/link-time';
import { interviewsQuery, type JobId } from './get-interviews';

export async function resendInvitation(interviewId: number): Promise<ResendInvitationResult> {
  return readJson(await apiRequest('POST', `/api/interview/${interviewId}/resend`), resendInvitationResult);
}

const TOASTS: Record<ResendInvitationResult['status'], { title: string; lead: string; isFailure?: boolean }> = {
  sent: { title: 'Invitation sent again', lead: 'The invitation was sent again.' },
  outbox: { title: 'Invitation queued', lead: 'No mail server is configured, so the invitation waits in the outbox (Settings → Outbox).' },
  failed: { title: 'Invitation not delivered yet', lead: 'The mail server did not take the invitation; it is tried again automatically.', isFailure: true },
};

/**
 * POST /api/interview/{id}/resend: the invitation again, the link valid from now (decision 030).
 * The job's interview list is refetched whatever the answer (the link's date and the email flag).
 */
export function useResendInvitation(jobId: JobId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: { id: number; candidateName: string }) => resendInvitation(row.id),
    onSuccess: (result, row) => {
      const text = TOASTS[result.status];
      toast({
        title: text.title,
        description: `${text.lead} ${row.candidateName}'s link is valid until ${formatLinkTime(result.linkExpiresAt)}.`,
        ...(text.isFailure ? { variant: 'destructive' as const } : {}),
      });
    },
    onError: (error) => toast({ title: 'Invitation not sent', description: describeError(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interviewsQuery(jobId).queryKey }),
  });
}
