import { recordIdFrom } from '@/contracts/record-ids';

/** The candidate's link, /interview/{id}?token=… or /candidate/{id}?token=…: without a valid id and token it does not work. */
export function parseCandidateLink(idParam: string | undefined, search: string): { interviewId: number; token: string } | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const interviewId = recordIdFrom(idParam);
  if (!token || interviewId === null) return null;
  return { interviewId, token };
}
