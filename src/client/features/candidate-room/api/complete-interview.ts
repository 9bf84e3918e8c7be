import type { z } from 'zod';
import type { TranscriptEntry } from '@/contracts/ai';
import type { completeInterviewResult } from '@/contracts/candidate-room';
import { candidateJson, candidateRequest } from './candidate-request';

type CompleteInterviewResult = z.infer<typeof completeInterviewResult>;

/** POST /api/interview/{id}/complete: hands in the uploaded recording's segments and the final transcript. */
export async function completeInterview(
  interviewId: number,
  token: string,
  body: { uploadIds: string[]; transcript: TranscriptEntry[] },
): Promise<CompleteInterviewResult> {
  const res = await candidateRequest(token, 'POST', `/api/interview/${interviewId}/complete`, body);
  return candidateJson<CompleteInterviewResult>(res);
}
