import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { demoRequestInput } from '@/contracts/demo-request';
import { apiRequest } from '@/client/lib/api';

/** The demo request as the form's schema outputs it (trimmed, optional fields defaulted). */
export type DemoRequestValues = z.output<typeof demoRequestInput>;

export async function createDemoRequest(values: DemoRequestValues): Promise<void> {
  await apiRequest('POST', '/api/demo-request', values);
}

/** POST /api/demo-request. Nothing is cached for it, so there is nothing to invalidate. */
export function useCreateDemoRequest(
  options: Pick<UseMutationOptions<void, Error, DemoRequestValues>, 'onSuccess' | 'onError'> = {},
) {
  return useMutation({ mutationFn: createDemoRequest, ...options });
}
