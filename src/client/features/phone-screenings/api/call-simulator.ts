import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CallLink, CallMode, CandidateCallInfo } from '@/contracts/phone-call-results';
import type { CallReply } from '@/contracts/phone-calls';
import { ApiError, throwIfResNotOk } from '@/client/lib/api';

/** A call request as the recruiter (session cookie) or as the candidate (their link's token in X-Candidate-Token). */
async function callRequest(method: 'GET' | 'POST', url: string, token: string | null, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Candidate-Token'] = token;
  const res = await fetch(url, { method, headers, body: data !== undefined ? JSON.stringify(data) : undefined, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

/** What to tell a person about a failed call request: the server's own sentence when it sent one. */
export function callErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error) return `The connection failed (${error.message}). Check your internet connection and try again.`;
  return 'Something went wrong. Please try again.';
}

/** GET /api/phone-call/{candidateId}: who is calling whom (the candidate's link carries its token in the address). */
export function callInfoQuery(candidateId: number, token: string | null) {
  const url = `/api/phone-call/${candidateId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return queryOptions<CandidateCallInfo>({ queryKey: [url] });
}

export function useCallInfo(candidateId: number, token: string | null) {
  return useQuery(callInfoQuery(candidateId, token));
}

/** POST /api/phone-screening/candidates/{candidateId}/simulated-call: the agent's opening (or the line where a call under way stands). */
export async function startSimulatedCall(candidateId: number, token: string | null): Promise<CallReply> {
  return (await callRequest('POST', `/api/phone-screening/candidates/${candidateId}/simulated-call`, token)).json() as Promise<CallReply>;
}

/** POST /api/phone-calls/{callId}/answer: the candidate's answer to `turn`; the same answer sent twice gets the same reply. */
export async function answerSimulatedCall(callId: number, turn: number, text: string, token: string | null): Promise<CallReply> {
  return (await callRequest('POST', `/api/phone-calls/${callId}/answer`, token, { turn, text })).json() as Promise<CallReply>;
}

/** GET /api/phone-screening/call-mode: 'twilio' (calls by phone) or 'simulator' (calls in the browser). */
export const callModeQuery = queryOptions<CallMode>({ queryKey: ['/api/phone-screening/call-mode'] });

export function useCallMode() {
  return useQuery(callModeQuery);
}

/** POST /api/phone-screening/candidates/{candidateId}/call-link: the candidate's personal call link. */
export function useCallLink(candidateId: number) {
  return useMutation({
    mutationFn: async () => (await callRequest('POST', `/api/phone-screening/candidates/${candidateId}/call-link`, null)).json() as Promise<CallLink>,
  });
}
