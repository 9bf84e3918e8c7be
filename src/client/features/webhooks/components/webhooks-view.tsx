import { useId, useState } from 'react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@/contracts/webhooks';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { describeError } from '@/client/lib/error-messages';
import { useWebhookEndpoints } from '../api/webhooks';
import { AddEndpointCard } from './add-endpoint-card';
import { DeleteEndpointDialog } from './delete-endpoint-dialog';
import { EditEndpointDialog } from './edit-endpoint-dialog';
import { EndpointCard } from './endpoint-card';
import { VerifySignatureHelp } from './verify-signature-help';

/** The company's webhooks at /settings/webhooks (owners; docs/decisions/034-webhooks.md). */
export function WebhooksView() {
  const endpointsHeading = useId();
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);

  return (
    <div className="space-y-6">
      <AddEndpointCard onCreated={setCreated} />
      <section aria-labelledby={endpointsHeading} className="space-y-4">
        <h2 id={endpointsHeading} className="text-xl font-semibold tracking-tight text-slate-900">
          Endpoints
        </h2>
        {endpoints.isPending ? (
          <Spinner className="size-6 text-brand-600" label="Loading the endpoints" />
        ) : endpoints.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <p>The endpoints could not be loaded. {describeError(endpoints.error)}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void endpoints.refetch()}>
              Try again
            </Button>
          </div>
        ) : endpoints.data.length === 0 ? (
          <p className="text-sm text-slate-600">No endpoints yet: add one above.</p>
        ) : (
          endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              initialSecret={created?.endpoint.id === endpoint.id ? created.secret : undefined}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))
        )}
      </section>
      <VerifySignatureHelp />
      <EditEndpointDialog endpoint={editing} onClose={() => setEditing(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
