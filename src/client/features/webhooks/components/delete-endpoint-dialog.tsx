import { LoaderCircle } from 'lucide-react';
import type { WebhookEndpoint } from '@/contracts/webhooks';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/use-toast';
import { describeError } from '@/client/lib/error-messages';
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
      onError: (failure) => toast({ title: 'Endpoint not deleted', description: describeError(failure), variant: 'destructive' }),
    });
  };
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this endpoint?</DialogTitle>
          <DialogDescription>
            {endpoint?.url} gets no more events, deliveries still waiting are not sent, and its delivery log is deleted. To pause it instead, disable it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? (
              <>
                <LoaderCircle className="animate-spin" aria-hidden="true" />
                Deleting...
              </>
            ) : (
              'Delete endpoint'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
