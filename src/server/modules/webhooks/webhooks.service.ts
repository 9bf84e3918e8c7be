import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { WebhookEvent } from '../../../contracts/statuses';
import {
  WEBHOOK_LOG_LIMIT,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointInput,
  type InterviewCompletedData,
  type UpdateWebhookEndpointInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
} from '../../../contracts/webhooks';
import type { WebhookConfig } from '../../config';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { auditActor, recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/session';
import { HostNotFoundError, RefusedAddressError, type AddressGuard } from './address-guard';
import { newWebhookSecret } from './signature';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhookServiceDeps {
  db: Db;
  guard: AddressGuard;
  config: Pick<WebhookConfig, 'allowHttp'>;
  now: () => Date;
}

/**
 * Checks an endpoint's address as it is registered or changed: https (http only where the operator
 * allows it), no user name or password in it, and a host that resolves only to addresses outside
 * private networks (checked again at every delivery, where it counts).
 */
async function checkEndpointUrl(deps: Pick<WebhookServiceDeps, 'guard' | 'config'>, raw: string): Promise<string> {
  const url = new URL(raw);
  if (url.protocol === 'http:' && !deps.config.allowHttp) {
    throw new AppError('VALIDATION_FAILED', 'Use an https:// address: events carry candidates\' names and scores, so they are not sent unencrypted');
  }
  if (url.username || url.password) {
    throw new AppError('VALIDATION_FAILED', 'Remove the user name and password from the address: every delivery is signed instead (verify the webhook-signature header)');
  }
  try {
    await deps.guard.resolve(url.hostname);
  } catch (err) {
    if (err instanceof RefusedAddressError || err instanceof HostNotFoundError) throw new AppError('VALIDATION_FAILED', err.message);
    throw err;
  }
  return url.toString();
}

const toEndpoint = (row: EndpointRow, last: { status: DeliveryRow['status']; at: Date } | undefined): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  lastDelivery: last ? { status: last.status, at: last.at.toISOString() } : null,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event,
  eventId: row.eventId,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  isTest: (row.payload as Partial<WebhookPayload>).test === true,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
});

async function ownEndpoint(db: Db, user: SessionUser, endpointId: number): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.companyId, user.companyId)));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/** The latest delivery of each endpoint, for the list. */
async function lastDeliveries(db: Db, endpointIds: number[]) {
  if (endpointIds.length === 0) return new Map<number, { status: DeliveryRow['status']; at: Date }>();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId], { endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, at: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return new Map(rows.map((r) => [r.endpointId, { status: r.status, at: r.at }]));
}

export async function listEndpoints(db: Db, user: SessionUser): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, user.companyId)).orderBy(webhookEndpoints.id);
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEndpoint(r, last.get(r.id)));
}

export async function createEndpoint(deps: WebhookServiceDeps, user: SessionUser, input: CreateWebhookEndpointInput & { events: WebhookEvent[] }): Promise<CreatedWebhookEndpoint> {
  const url = await checkEndpointUrl(deps, input.url);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: user.companyId, url, description: input.description ?? '', events: input.events, secret, createdBy: user.id, createdAt: deps.now() })
      .returning();
    await recordAudit(tx, { action: 'webhook_endpoint_added', ...auditActor(user), details: { endpointId: created!.id } });
    return created;
  });
  return { endpoint: toEndpoint(row!, undefined), secret };
}

export async function updateEndpoint(deps: WebhookServiceDeps, user: SessionUser, endpointId: number, input: UpdateWebhookEndpointInput & { events?: WebhookEvent[] }): Promise<WebhookEndpoint> {
  const row = await ownEndpoint(deps.db, user, endpointId);
  const url = input.url !== undefined && input.url !== row.url ? await checkEndpointUrl(deps, input.url) : undefined;
  const changes = { url, description: input.description, events: input.events, enabled: input.enabled };
  // Its own URL again, and nothing else: nothing changes, and nothing goes on record.
  if (Object.values(changes).every((v) => v === undefined)) return toEndpoint(row, (await lastDeliveries(deps.db, [row.id])).get(row.id));
  const updated = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, row.id))
      .returning();
    const enabled = input.enabled === undefined || input.enabled === row.enabled ? null : input.enabled;
    await recordAudit(tx, { action: 'webhook_endpoint_changed', ...auditActor(user), details: { endpointId: row.id, urlChanged: url !== undefined, enabled } });
    return changed;
  });
  return toEndpoint(updated!, (await lastDeliveries(deps.db, [row.id])).get(row.id));
}

/** Deletes the endpoint and its delivery log; pending deliveries are not sent. */
export async function deleteEndpoint(db: Db, user: SessionUser, endpointId: number): Promise<void> {
  const row = await ownEndpoint(db, user, endpointId);
  await db.transaction(async (tx) => {
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, { action: 'webhook_endpoint_deleted', ...auditActor(user), details: { endpointId: row.id } });
  });
}

export async function readSecret(db: Db, user: SessionUser, endpointId: number): Promise<{ secret: string }> {
  const row = await ownEndpoint(db, user, endpointId);
  // Who has seen a signing secret is on record: anyone holding it can forge this company's events.
  await recordAudit(db, { action: 'webhook_secret_revealed', ...auditActor(user), details: { endpointId: row.id } });
  return { secret: row.secret };
}

/** A new secret, used from the next attempt on (pending deliveries included); the old one stops verifying at once. */
export async function rollSecret(db: Db, user: SessionUser, endpointId: number): Promise<{ secret: string }> {
  const row = await ownEndpoint(db, user, endpointId);
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, { action: 'webhook_secret_rolled', ...auditActor(user), details: { endpointId: row.id } });
  });
  return { secret };
}

/** The endpoint's newest deliveries, newest first. */
export async function listDeliveries(db: Db, user: SessionUser, endpointId: number): Promise<WebhookDelivery[]> {
  const row = await ownEndpoint(db, user, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, row.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(toDelivery);
}

/**
 * Sends an event again: a new delivery row with the same event id and body (the receiver's
 * idempotency key is unchanged), so the log keeps the first delivery's attempts as they were.
 */
export async function redeliver(deps: Pick<WebhookServiceDeps, 'db' | 'now'>, user: SessionUser, deliveryId: number): Promise<WebhookDelivery> {
  const [original] = await deps.db
    .select({ delivery: webhookDeliveries, enabled: webhookEndpoints.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, user.companyId)));
  if (!original) throw notFound('Delivery');
  if (!original.enabled) throw new AppError('WEBHOOK_DISABLED', 'This endpoint is disabled: enable it before redelivering');
  const { endpointId, companyId, eventId, event, payload } = original.delivery;
  const now = deps.now();
  const [row] = await deps.db.insert(webhookDeliveries).values({ endpointId, companyId, eventId, event, payload, createdAt: now, nextAttemptAt: now }).returning();
  return toDelivery(row!);
}

/**
 * "Send test event": an interview.completed with made-up data and `test: true`, to this endpoint
 * only (WEBHOOK_EVENTS has no event of its own for this, and the receiver's code path is a real one).
 */
export async function sendTestEvent(deps: Pick<WebhookServiceDeps, 'db' | 'now'> & { appUrl: string }, user: SessionUser, endpointId: number): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(deps.db, user, endpointId);
  if (!endpoint.enabled) throw new AppError('WEBHOOK_DISABLED', 'This endpoint is disabled: enable it before sending a test event');
  const now = deps.now();
  const eventId = randomUUID();
  const data: InterviewCompletedData = {
    interviewId: 0,
    jobId: 0,
    jobTitle: 'Test job',
    candidate: { name: 'Test Candidate', email: 'candidate@example.com' },
    overallScore: 72,
    insufficientEvidence: false,
    completedAt: now.toISOString(),
    reportUrl: `${deps.appUrl}/interview/0`,
  };
  const payload: WebhookPayload = { id: eventId, type: 'interview.completed', createdAt: now.toISOString(), test: true, data };
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({ endpointId: endpoint.id, companyId: user.companyId, eventId, event: 'interview.completed', payload, createdAt: now, nextAttemptAt: now })
    .returning();
  return toDelivery(row!);
}
