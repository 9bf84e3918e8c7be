import http from 'node:http';
import https from 'node:https';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_USER_AGENT } from '../../../contracts/webhooks';
import type { WebhookConfig } from '../../config';
import type { Database } from '../../db/client';
import { FailureStreak } from '../../lib/failure-streak';
import { webhookDeliveries } from '../../db/schema';
import { HostNotFoundError, pinnedLookup, RefusedAddressError, type AddressGuard } from './address-guard';
import { signWebhook } from './signature';

/** How many due deliveries one instance claims at a time (sent side by side). */
const CLAIM_BATCH = 10;
/**
 * A claimed attempt's row is not due again until this long after its timeout: an instance that
 * dies mid-attempt leaves it to be tried again then (counted as an attempt), never at once twice.
 */
const CLAIM_GRACE_MS = 60_000;

export interface WebhookDeliveryDeps {
  database: Database;
  config: WebhookConfig;
  guard: AddressGuard;
  /** The app's clock: due times and backoff are read from it (tests move it). */
  now: () => Date;
  log: FastifyBaseLogger;
}

interface ClaimedDelivery {
  id: number;
  event_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
}

/** `isFinal`: not worth another attempt (the address is refused: only configuration changes that). */
type AttemptOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string; isFinal?: boolean };

/**
 * Claims up to `limit` due deliveries of enabled endpoints, in one statement: the attempt is
 * counted and the row pushed past the attempt's time before anything is sent, and rows another
 * instance holds are skipped (FOR UPDATE SKIP LOCKED), so each attempt is made by one instance.
 * The previous attempt's answer is cleared: while an attempt is under way the row shows none, so
 * an error beside an attempt count is always that attempt's own.
 */
async function claimDue(deps: WebhookDeliveryDeps, limit: number): Promise<ClaimedDelivery[]> {
  const now = deps.now();
  const leaseUntil = new Date(now.getTime() + deps.config.timeoutMs + CLAIM_GRACE_MS);
  const { rows } = await deps.database.query<ClaimedDelivery>(
    `UPDATE webhook_deliveries AS d
        SET attempts = d.attempts + 1, last_attempt_at = $1, next_attempt_at = $2, error = NULL, response_status = NULL
       FROM (SELECT wd.id FROM webhook_deliveries wd
               JOIN webhook_endpoints we ON we.id = wd.endpoint_id
              WHERE wd.status = 'pending' AND wd.next_attempt_at <= $1 AND we.enabled
              ORDER BY wd.next_attempt_at, wd.id
              LIMIT $3
                FOR UPDATE OF wd SKIP LOCKED) AS due,
            webhook_endpoints AS e
      WHERE d.id = due.id AND e.id = d.endpoint_id
  RETURNING d.id, d.event_id, d.payload, d.attempts, e.url, e.secret`,
    [now.toISOString(), leaseUntil.toISOString(), limit],
  );
  return rows;
}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof HostNotFoundError) return err.message;
  if (err instanceof AttemptTimeout) return `No answer within ${timeoutMs / 1000} seconds`;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'The connection was refused (nothing listens at that address and port)';
  if (code === 'ECONNRESET') return 'The connection was closed before an answer';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host could not be found';
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `The TLS certificate was not accepted (${code})`;
  return `Could not connect: ${err instanceof Error ? err.message : String(err)}`;
}

class AttemptTimeout extends Error {}

/**
 * One POST to the endpoint, to an address the guard checked (the connection cannot go elsewhere).
 * Only the status is read: the answer's body is not kept (it may hold anything), and redirects are
 * not followed.
 */
async function post(deps: WebhookDeliveryDeps, address: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
  try {
    const url = new URL(address);
    const addresses = await deps.guard.resolve(url.hostname);
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(addresses),
        agent: false,
      });
      const timer = setTimeout(() => request.destroy(new AttemptTimeout()), deps.config.timeoutMs);
      request.on('response', (response) => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
        response.destroy();
      });
      request.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      request.end(body);
    });
    if (status >= 200 && status < 300) return { ok: true, status };
    if (status >= 300 && status < 400) return { ok: false, status, error: `The endpoint answered ${status}, a redirect: redirects are not followed, so register the final address` };
    return { ok: false, status, error: `The endpoint answered ${status}` };
  } catch (err) {
    if (err instanceof RefusedAddressError) return { ok: false, status: null, error: err.message, isFinal: true };
    return { ok: false, status: null, error: describeFailure(err, deps.config.timeoutMs) };
  }
}

/** Sends one claimed attempt and records its outcome: succeeded, pending again after a backoff, or failed after the last attempt. */
async function attempt(deps: WebhookDeliveryDeps, claimed: ClaimedDelivery): Promise<void> {
  const body = JSON.stringify(claimed.payload);
  const sentAt = deps.now();
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const outcome = await post(deps, claimed.url, {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': claimed.event_id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(claimed.secret, claimed.event_id, timestamp, body),
  }, body);
  const finishedAt = deps.now();
  const isLast = claimed.attempts >= deps.config.maxAttempts || (!outcome.ok && outcome.isFinal === true);
  const update = outcome.ok
    ? { status: 'succeeded' as const, responseStatus: outcome.status, error: null, deliveredAt: finishedAt }
    : {
        status: isLast ? ('failed' as const) : ('pending' as const),
        responseStatus: outcome.status,
        error: outcome.error,
        // 30 s, 60 s, 2 min, ... after the attempt that failed (by default).
        nextAttemptAt: new Date(sentAt.getTime() + deps.config.retryBaseMs * 2 ** (claimed.attempts - 1)),
      };
  // Only this claim's row: a redelivery is a row of its own, so nothing else writes this one meanwhile.
  await deps.database.db
    .update(webhookDeliveries)
    .set(update)
    .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempts), eq(webhookDeliveries.status, 'pending')));
  deps.log.info({ deliveryId: claimed.id, attempt: claimed.attempts, status: update.status, responseStatus: outcome.status }, 'webhook attempt');
}

/** Sends every due delivery (claiming in batches) and returns how many attempts were made. */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<number> {
  let made = 0;
  for (;;) {
    const batch = await claimDue(deps, CLAIM_BATCH);
    if (batch.length === 0) return made;
    await Promise.all(batch.map((claimed) => attempt(deps, claimed)));
    made += batch.length;
  }
}

/**
 * The delivery worker of one instance: a sweep every `pollMs`, and at once when kicked (after a
 * delivery this instance created commits). Several instances share the table safely (claimDue).
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** While the database is away every sweep fails: logged once (decision 037). */
  private readonly failures: FailureStreak;

  constructor(private readonly deps: WebhookDeliveryDeps) {
    this.failures = new FailureStreak(deps.log, 'webhook delivery sweep');
  }

  /** The address rules deliveries follow, for checking an endpoint as it is registered. */
  get guard(): AddressGuard {
    return this.deps.guard;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.deps.config.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Sweeps now (or right after the sweep under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = deliverDueWebhooks(this.deps)
      .then(
        () => this.failures.succeeded(),
        (err: unknown) => this.failures.failed(err),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops sweeping; the attempts under way finish (each is bounded by the timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    while (this.running) await this.running;
  }
}
