/** The candidate's link, /interview/{id}?token=… or /candidate/{id}?token=…: without a valid id and token it does not work. */
export function parseCandidateLink(idParam: string | undefined, search: string): { interviewId: number; token: string } | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  const interviewId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : NaN;
  if (!token || !Number.isSafeInteger(interviewId) || interviewId <= 0) return null;
  return { interviewId, token };
}
