import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApplyResult, PublicApplyPage } from '@/contracts/apply';
import { ApiError, throwIfResNotOk } from '@/client/lib/api';
import type { ApplyField } from '@/contracts/apply-rules';
import type { ErrorBody } from '@/contracts/errors';

// The candidate's public page: answers are taken as the contract's types unchecked, as on the
// candidate's other pages, so that zod is not downloaded there (decision 016).

const url = (slug: string) => `/api/apply/${encodeURIComponent(slug)}`;

/** GET /api/apply/{slug}: the page, the notice and the signed form token (read fresh on every visit). */
export function usePublicApplyPage(slug: string) {
  return useQuery({
    queryKey: [url(slug)] as const,
    queryFn: async (): Promise<PublicApplyPage> => {
      const res = await fetch(url(slug), { credentials: 'include' });
      await throwIfResNotOk(res);
      return (await res.json()) as PublicApplyPage;
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/apply/{slug} with the form's fields and file (multipart, as the server reads it). */
export function useSubmitApplication(slug: string) {
  return useMutation({
    mutationFn: async (form: FormData): Promise<ApplyResult> => {
      const res = await fetch(url(slug), { method: 'POST', body: form, credentials: 'include' });
      await throwIfResNotOk(res);
      return (await res.json()) as ApplyResult;
    },
  });
}

/** The per-field messages of a refused application (400 APPLICATION_INVALID, in its details), by field; empty for any other failure. */
export function fieldErrors(error: unknown): Partial<Record<ApplyField, string>> {
  if (!(error instanceof ApiError) || error.code !== 'APPLICATION_INVALID') return {};
  try {
    const body = JSON.parse(error.body) as Partial<ErrorBody<'APPLICATION_INVALID'>>;
    return body.details?.fields ?? {};
  } catch {
    return {};
  }
}
