import type { StartInterviewResult } from '@/contracts/candidate-room';
import { candidateJson, candidateRequest } from './candidate-request';

/** POST /api/interview/{id}/start: 409 when the interview was already submitted. */
export async function startInterview(interviewId: number, token: string): Promise<StartInterviewResult> {
  const res = await candidateRequest(token, 'POST', `/api/interview/${interviewId}/start`);
  return candidateJson<StartInterviewResult>(res);
}
