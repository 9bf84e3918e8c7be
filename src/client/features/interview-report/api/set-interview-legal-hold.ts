import { useLegalHold } from '@/client/hooks/use-legal-hold';
import { interviewQuery } from './get-interview';

/** PUT /api/interview/{id}/legal-hold; the answer goes straight into the cached interview. */
export const useSetInterviewLegalHold = (interviewId: number) => useLegalHold(`/api/interview/${interviewId}/legal-hold`, interviewQuery(interviewId).queryKey);
