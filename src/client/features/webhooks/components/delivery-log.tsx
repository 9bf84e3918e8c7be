import { RotateCcw } from 'lucide-react';
import type { WebhookDeliveryStatus } from '@/contracts/statuses';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_LOG_LIMIT, type WebhookDelivery } from '@/contracts/webhooks';
import { Badge, type BadgeProps } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { QueryState } from '@/client/components/query-state';
import { toast } from '@/client/components/ui/use-toast';
import { useRedeliver, useWebhookDeliveries } from '../api/webhooks';
import { timeFormat } from '../lib/format';
import { TableScroll } from '@/client/components/ui/table-scroll';

const STATUS_BADGE: Record<WebhookDeliveryStatus, BadgeProps['variant']> = { pending: 'warning', succeeded: 'success', failed: 'destructive' };

function Time({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{timeFormat.format(new Date(at))}</time> : null;
}

/** What happened to the last attempt, or what comes next. */
function outcomeOf(d: WebhookDelivery): string {
  if (d.status === 'succeeded') return `Answered ${d.responseStatus ?? ''}`.trim();
  if (d.error) return d.error;
  return d.attempts === 0 ? 'Not sent yet' : 'Being sent';
}

/** One endpoint's newest deliveries: event, status, attempts, the last answer or error, times, and Redeliver. */
export function DeliveryLog({ endpointId, label }: { endpointId: number; label: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <QueryState query={deliveries} loading="Loading the deliveries" failed="The deliveries could not be loaded.">
      {(data) => <Deliveries endpointId={endpointId} label={label} deliveries={data} />}
    </QueryState>
  );
}

function Deliveries({ endpointId, label, deliveries }: { endpointId: number; label: string; deliveries: WebhookDelivery[] }) {
  const redeliver = useRedeliver();
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  const onRedeliver = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { endpointId, delivery },
      {
        onSuccess: () => toast({ title: 'Redelivery queued', description: `The ${delivery.event} event is sent again with the same webhook-id.` }),
      },
    );
  return (
    <TableScroll>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">Event</th>
            <th scope="col" className="py-2 pr-4 font-medium">Status</th>
            <th scope="col" className="py-2 pr-4 font-medium">Attempts</th>
            <th scope="col" className="py-2 pr-4 font-medium">Last answer</th>
            <th scope="col" className="py-2 pr-4 font-medium">Created</th>
            <th scope="col" className="py-2 pr-4 font-medium">Last attempt</th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <tr key={d.id} className="align-top">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                <span className="font-mono text-xs">{d.event}</span>
                {d.isTest ? <span className="ml-1 text-xs font-normal text-slate-600">(test)</span> : null}
                <span className="block font-mono text-xs font-normal break-all text-slate-600">{d.eventId}</span>
              </th>
              <td className="py-2 pr-4">
                <Badge variant={STATUS_BADGE[d.status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</Badge>
              </td>
              <td className="py-2 pr-4">{d.attempts}</td>
              <td className="py-2 pr-4">
                {outcomeOf(d)}
                {d.status === 'pending' && d.attempts > 0 && d.nextAttemptAt ? (
                  <span className="block text-xs text-slate-600">
                    Next attempt <Time at={d.nextAttemptAt} />
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <Time at={d.createdAt} />
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <Time at={d.lastAttemptAt} />
              </td>
              <td className="py-2 text-right">
                <Button type="button" variant="outline" size="sm" disabled={redeliver.isPending && redeliver.variables.delivery.id === d.id} onClick={() => onRedeliver(d)}>
                  <RotateCcw aria-hidden="true" />
                  Redeliver<span className="sr-only"> the {d.event} event {d.eventId}</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deliveries.length >= WEBHOOK_LOG_LIMIT ? <p className="mt-2 text-sm text-slate-600">The newest {WEBHOOK_LOG_LIMIT} deliveries are shown.</p> : null}
    </TableScroll>
  );
}
