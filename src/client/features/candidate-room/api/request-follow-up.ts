import type { z } from 'zod';
import type { followUpResult } from '@/contracts/candidate-room';
import { candidateJson, candidateRequest } from './candidate-request';

type FollowUpResult = z.infer<typeof followUpResult>;

/** POST /api/interview/{id}/follow-up: the one follow-up question for this answer, or null to move on. */
export async function requestFollowUp(interviewId: number, token: string, question: string, answer: string): Promise<string | null> {
  const res = await candidateRequest(token, 'POST', `/api/interview/${interviewId}/follow-up`, { question: question.slice(0, 4_000), answer: answer.slice(0, 20_000) });
  const { followUp } = await candidateJson<FollowUpResult>(res);
  return typeof followUp === 'string' && followUp.trim() ? followUp.trim() : null;
}
