import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdWebhookEndpoint,
  webhookDelivery,
  webhookDeliveryList,
  webhookEndpoint,
  webhookEndpointList,
  webhookSecret,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@/contracts/webhooks';
import { apiRequest, readJson } from '@/client/lib/api';
import { jsonQuery } from '@/client/lib/query-client';

/** GET /api/webhooks: the company's endpoints (owners). */
export function webhookEndpointsQuery() {
  return jsonQuery('/api/webhooks', webhookEndpointList);
}

export function useWebhookEndpoints() {
  return useQuery({ ...webhookEndpointsQuery(), staleTime: 0 });
}

/** GET /api/webhooks/:id/deliveries: the newest 100, newest first; read again every second while one is pending. */
export function deliveriesQuery(endpointId: number) {
  return jsonQuery(`/api/webhooks/${endpointId}/deliveries`, webhookDeliveryList);
}

export function useWebhookDeliveries(endpointId: number) {
  return useQuery({
    ...deliveriesQuery(endpointId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 1_000 : false),
  });
}

/** Every change refreshes the list (its last delivery, its fields) and, where it has one, the endpoint's log. */
function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>, options: { endpointOf?: (input: I) => number; failureToast?: string } = {}) {
  const { endpointOf, failureToast } = options;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { failureToast },
    onSuccess: async (_result, input) => {
      const id = endpointOf?.(input);
      if (id !== undefined) await queryClient.invalidateQueries({ queryKey: deliveriesQuery(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: webhookEndpointsQuery().queryKey });
    },
  });
}

/** POST /api/webhooks: the new endpoint and its secret. */
export function useCreateWebhookEndpoint() {
  return useWebhookMutation(
    async (input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> => readJson(await apiRequest('POST', '/api/webhooks', input), createdWebhookEndpoint),
  );
}

/** PATCH /api/webhooks/:id. `failureToast`: the toast a failure raises; without it the caller shows the failure (the edit form, on its fields). */
export function useUpdateWebhookEndpoint(failureToast?: string) {
  return useWebhookMutation(
    async ({ id, ...input }: UpdateWebhookEndpointInput & { id: number }): Promise<WebhookEndpoint> =>
      readJson(await apiRequest('PATCH', `/api/webhooks/${id}`, input), webhookEndpoint),
    { failureToast },
  );
}

/** DELETE /api/webhooks/:id. */
export function useDeleteWebhookEndpoint() {
  return useWebhookMutation(
    async (endpoint: WebhookEndpoint) => {
      await apiRequest('DELETE', `/api/webhooks/${endpoint.id}`);
    },
    { failureToast: 'Endpoint not deleted' },
  );
}

/** GET /api/webhooks/:id/secret (asked for on demand, never kept in the cache). */
export function useRevealSecret() {
  return useMutation({ mutationFn: async (endpointId: number) => readJson(await apiRequest('GET', `/api/webhooks/${endpointId}/secret`), webhookSecret), meta: { failureToast: 'Secret not shown' } });
}

/** POST /api/webhooks/:id/secret/roll. */
export function useRollSecret() {
  return useMutation({ mutationFn: async (endpointId: number) => readJson(await apiRequest('POST', `/api/webhooks/${endpointId}/secret/roll`), webhookSecret), meta: { failureToast: 'Secret not rolled' } });
}

/** POST /api/webhooks/:id/test. */
export function useSendTestEvent() {
  return useWebhookMutation(
    async (endpointId: number): Promise<WebhookDelivery> => readJson(await apiRequest('POST', `/api/webhooks/${endpointId}/test`), webhookDelivery),
    { endpointOf: (endpointId) => endpointId, failureToast: 'Test event not sent' },
  );
}

/** POST /api/webhooks/deliveries/:id/redeliver. */
export function useRedeliver() {
  return useWebhookMutation(
    async ({ delivery }: { endpointId: number; delivery: WebhookDelivery }): Promise<WebhookDelivery> =>
      readJson(await apiRequest('POST', `/api/webhooks/deliveries/${delivery.id}/redeliver`), webhookDelivery),
    { endpointOf: ({ endpointId }) => endpointId, failureToast: 'Not redelivered' },
  );
}
