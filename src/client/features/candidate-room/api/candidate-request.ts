import type { UPLOAD_TOKEN_HEADER } from '@/contracts/candidate-room';
import { throwIfResNotOk } from '@/client/lib/api';

/**
 * The contract's header name, written out: importing the value would bring zod and every schema of
 * the contract module (about 25 KiB compressed) to the ready page. The type makes the compiler check
 * that it is still the contract's.
 */
export const CANDIDATE_TOKEN_HEADER: typeof UPLOAD_TOKEN_HEADER = 'X-Candidate-Token';

export interface CandidateRequestOptions {
  signal?: AbortSignal | undefined;
}

/**
 * A call made by the candidate's link: like `apiRequest`, plus the candidate token header that every
 * candidate-side endpoint needs. A non-OK answer throws an `ApiError`.
 */
export async function candidateRequest(
  token: string,
  method: string,
  url: string,
  data?: unknown,
  options: CandidateRequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { [CANDIDATE_TOKEN_HEADER]: token };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/**
 * A candidate call's JSON answer, taken as the contract's type unchecked: parsing it with the
 * contract's schema would bring zod to the candidate's pages (about 25 KiB compressed, decision 016).
 */
export async function candidateJson<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
