import { useId, useState } from 'react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@/contracts/webhooks';
import { QueryState } from '@/client/components/query-state';
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
        <QueryState query={endpoints} loading="Loading the endpoints" failed="The endpoints could not be loaded." spinnerSize="size-6">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-slate-600">No endpoints yet: add one above.</p>
            ) : (
              list.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  initialSecret={created?.endpoint.id === endpoint.id ? created.secret : undefined}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              ))
            )
          }
        </QueryState>
      </section>
      <VerifySignatureHelp />
      <EditEndpointDialog endpoint={editing} onClose={() => setEditing(null)} />
      <DeleteEndpointDialog endpoint={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
