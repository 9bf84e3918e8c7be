import { candidateRequest } from './candidate-request';

/** POST /api/interview/{id}/heartbeat (204): tells the recruiter's side the candidate is still in the room. */
export async function sendHeartbeat(interviewId: number, token: string): Promise<void> {
  await candidateRequest(token, 'POST', `/api/interview/${interviewId}/heartbeat`);
}
