import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { WebhookEvent } from '../../../contracts/statuses';
import type { Db, Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

export interface WebhookEventInput {
  companyId: number;
  type: WebhookEvent;
  /** The event's own fields (ids, status, scores): never more about the candidate than the event needs. */
  data: Record<string, unknown>;
}

/**
 * Records an event for every enabled endpoint of the company subscribed to it, in the caller's
 * transaction: the event is delivered if and only if what it reports was committed. The delivery
 * worker sends what is pending. Returns the event's id (the receiver's idempotency key), or null
 * when no endpoint wants it.
 */
export async function recordWebhookEvent(db: Db | Tx, event: WebhookEventInput, now: Date = new Date()): Promise<string | null> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, event.companyId), eq(webhookEndpoints.enabled, true)));
  const subscribed = endpoints.filter((e) => e.events.includes(event.type));
  if (subscribed.length === 0) return null;
  const eventId = randomUUID();
  const payload = { id: eventId, type: event.type, createdAt: now.toISOString(), data: event.data };
  await db.insert(webhookDeliveries).values(
    subscribed.map((e) => ({ endpointId: e.id, companyId: event.companyId, eventId, event: event.type, payload, createdAt: now, nextAttemptAt: now })),
  );
  return eventId;
}
