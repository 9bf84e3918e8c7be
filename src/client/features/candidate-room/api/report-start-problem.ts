import type { StartProblemInput } from '@/contracts/candidate-room';
import { candidateRequest } from './candidate-request';

/**
 * POST /api/interview/{id}/start-problem (204): the room could not start in this browser, and the
 * recruiter sees why instead of "In Progress" (issue 30). Best effort: the candidate's own screen
 * already says what to do, and a failed report must not add a second error to it.
 */
export async function reportStartProblem(interviewId: number, token: string, problem: StartProblemInput): Promise<void> {
  await candidateRequest(token, 'POST', `/api/interview/${interviewId}/start-problem`, problem).catch(() => undefined);
}
