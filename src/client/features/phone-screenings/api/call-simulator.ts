import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidateCallInfo } from '@/contracts/phone-call-results';
import type { CallReply } from '@/contracts/phone-calls';
import { throwIfResNotOk } from '@/client/lib/api';
import { describeError } from '@/client/lib/error-messages';

// These calls are made by the candidate's own call page too, which loads no zod (decision 016), so
// their answers are taken as the contract's types unchecked. The recruiter-only calls beside them
// (get-call-mode.ts, create-call-link.ts) parse theirs.

/** A call request as the recruiter (session cookie) or as the candidate (their link's token in X-Candidate-Token). */
export async function callRequest(method: 'GET' | 'POST', url: string, token: string | null, data?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['X-Candidate-Token'] = token;
  const res = await fetch(url, { method, headers, body: data !== undefined ? JSON.stringify(data) : undefined, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

/** What to tell a person about a failed call request: the server's own sentence when it sent one (lib/error-messages.ts). */
export function callErrorMessage(error: unknown): string {
  const offline = error instanceof Error ? `The connection failed (${error.message}). Check your internet connection and try again.` : undefined;
  return describeError(error, { offline });
}

/** GET /api/phone-call/{candidateId}: who is calling whom (the candidate's link carries its token in the address). */
export function callInfoQuery(candidateId: number, token: string | null) {
  const url = `/api/phone-call/${candidateId}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return queryOptions({ queryKey: [url], queryFn: async () => (await (await callRequest('GET', url, null)).json()) as CandidateCallInfo });
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
