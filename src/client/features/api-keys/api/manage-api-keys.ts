import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiKey, type ApiKey, type CreateApiKeyInput, type CreatedApiKey } from '@/contracts/api-keys';
import { apiRequest, readJson } from '@/client/lib/api';
import { apiKeysQuery } from './get-api-keys';

/** An owner's change to the keys; each refreshes the list. A failure raises the toast titled `failureToast`, or is the caller's to show. */
function useApiKeyMutation<I, O>(mutationFn: (input: I) => Promise<O>, failureToast?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { failureToast },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}

/** POST /api/api-keys: the answer carries the key, the only time it is ever sent. */
export function useCreateApiKey() {
  return useApiKeyMutation(async (input: CreateApiKeyInput): Promise<CreatedApiKey> => readJson(await apiRequest('POST', '/api/api-keys', input), createdApiKey));
}

/** DELETE /api/api-keys/:id. */
export function useRevokeApiKey() {
  return useApiKeyMutation(async (key: ApiKey) => {
    await apiRequest('DELETE', `/api/api-keys/${key.id}`);
  }, 'Key not revoked');
}
