import type { WebhookEndpoint } from '@/contracts/webhooks';
import { ConfirmDialog } from '@/client/components/confirm-dialog';
import { toast } from '@/client/components/ui/use-toast';
import { useDeleteWebhookEndpoint } from '../api/webhooks';

/** The confirmation before an endpoint goes, with its delivery log and whatever was still waiting to be sent. */
export function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const remove = useDeleteWebhookEndpoint();
  const confirm = () => {
    if (!endpoint) return;
    remove.mutate(endpoint, {
      onSuccess: () => {
        toast({ title: 'Endpoint deleted', description: `No more events go to ${endpoint.url}.` });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={endpoint !== null}
      title="Delete this endpoint?"
      description={`${endpoint?.url} gets no more events, deliveries still waiting are not sent, and its delivery log is deleted. To pause it instead, disable it.`}
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
