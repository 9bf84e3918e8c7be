import { Eye, EyeOff, KeyRound, LoaderCircle, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@/contracts/webhooks';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { toast } from '@/client/components/ui/use-toast';
import { useRevealSecret, useRollSecret, useSendTestEvent, useUpdateWebhookEndpoint } from '../api/webhooks';
import { timeFormat } from '../lib/format';
import { DeliveryLog } from './delivery-log';
import { SecretBox } from './secret-box';

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  /** The secret to show at once (just created); otherwise it is shown on demand. */
  initialSecret?: string;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/** One endpoint: its address and events, its secret on demand, test, pause, delete, and its delivery log. */
export function EndpointCard({ endpoint, initialSecret, onEdit, onDelete }: EndpointCardProps) {
  const headingId = useId();
  const logHeadingId = useId();
  const [secret, setSecret] = useState<string | null>(initialSecret ?? null);
  const [isRollOpen, setIsRollOpen] = useState(false);
  const reveal = useRevealSecret();
  const roll = useRollSecret();
  const sendTest = useSendTestEvent();
  const update = useUpdateWebhookEndpoint('Endpoint not changed');

  const onReveal = () =>
    reveal.mutate(endpoint.id, {
      onSuccess: ({ secret: s }) => setSecret(s),
    });
  const onRoll = () =>
    roll.mutate(endpoint.id, {
      onSuccess: ({ secret: s }) => {
        setSecret(s);
        setIsRollOpen(false);
        toast({ title: 'Secret rolled', description: 'Deliveries are signed with the new secret from now on; the old one no longer verifies.' });
      },
    });
  const onTest = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => toast({ title: 'Test event queued', description: 'An interview.completed event with made-up data and "test": true is on its way.' }),
    });
  const onToggle = () =>
    update.mutate(
      { id: endpoint.id, enabled: !endpoint.enabled },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.enabled ? 'Endpoint enabled' : 'Endpoint disabled',
            description: saved.enabled ? 'Events are sent again, those that waited first.' : 'Events wait until it is enabled again.',
          }),
      },
    );

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h3" id={headingId} className="min-w-0 font-mono text-base break-all">
            {endpoint.url}
          </CardTitle>
          <Badge variant={endpoint.enabled ? 'success' : 'secondary'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </div>
        <CardDescription>
          {endpoint.description ? `${endpoint.description}. ` : ''}
          {endpoint.lastDelivery
            ? `Last delivery ${timeFormat.format(new Date(endpoint.lastDelivery.at))}: ${WEBHOOK_DELIVERY_STATUS_LABELS[endpoint.lastDelivery.status].toLowerCase()}.`
            : 'No deliveries yet.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="flex flex-wrap gap-2" aria-label="Events">
          {endpoint.events.map((event) => (
            <li key={event}>
              <Badge variant="outline">{WEBHOOK_EVENT_LABELS[event].label}</Badge>
            </li>
          ))}
        </ul>
        {secret ? <SecretBox secret={secret} note="Keep it in the receiving system only: whoever has it can sign deliveries as Hireloop." /> : null}
        <div className="flex flex-wrap gap-2">
          {secret ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setSecret(null)}>
              <EyeOff aria-hidden="true" />
              Hide secret
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" disabled={reveal.isPending} onClick={onReveal}>
              <Eye aria-hidden="true" />
              Show secret
            </Button>
          )}
          <Button type="button" variant="outline" size="sm" onClick={() => setIsRollOpen(true)}>
            <KeyRound aria-hidden="true" />
            Roll secret
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={sendTest.isPending || !endpoint.enabled} onClick={onTest}>
            <Send aria-hidden="true" />
            Send test event
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => onEdit(endpoint)}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={update.isPending} onClick={onToggle}>
            {endpoint.enabled ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" variant="outline" size="sm" className="text-red-700" onClick={() => onDelete(endpoint)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
        <section aria-labelledby={logHeadingId} className="space-y-2">
          <h4 id={logHeadingId} className="text-sm font-semibold text-slate-900">
            Delivery log
          </h4>
          <DeliveryLog endpointId={endpoint.id} label={`Deliveries to ${endpoint.url}`} />
        </section>
      </CardContent>
      <Dialog
        open={isRollOpen}
        onOpenChange={(open) => {
          if (!open && !roll.isPending) setIsRollOpen(false);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Roll the signing secret?</DialogTitle>
            <DialogDescription>
              A new secret signs every delivery from now on, retries included; the receiving system must be given it, as the current secret stops verifying at once.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={roll.isPending} onClick={() => setIsRollOpen(false)}>
              Cancel
            </Button>
            <Button type="button" disabled={roll.isPending} onClick={onRoll}>
              {roll.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              Roll secret
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
