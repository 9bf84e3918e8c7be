import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { waitFor } from '../../test/wait';
import { createAddressGuard, pinnedLookup, RefusedAddressError } from './address-guard';
import { recordWebhookEvent } from './events';
import { startWebhookReceiver, type WebhookReceiver } from './receiver-test-kit';
import { newWebhookSecret } from './signature';

// Where webhooks may go (decision 034): never into the server's own networks unless the operator
// allows a network; checked at registration and again at each delivery, on the address connected to.

describe('the address rules', () => {
  const guard = createAddressGuard({ allowedNetworks: [] });

  it('refuses loopback, private, link-local, unique-local, shared, unspecified and multicast addresses, IPv4-mapped forms too', () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'a loopback address'],
      ['127.255.0.9', 'a loopback address'],
      ['::1', 'a loopback address'],
      ['10.0.0.1', 'a private address'],
      ['172.16.5.4', 'a private address'],
      ['172.31.255.255', 'a private address'],
      ['192.168.1.1', 'a private address'],
      ['169.254.169.254', 'a link-local address'],
      ['fe80::1', 'a link-local address'],
      ['fd12:3456::1', 'a unique-local (private) address'],
      ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
      ['0.0.0.0', 'an unspecified address'],
      ['::', 'an unspecified address'],
      ['224.0.0.1', 'a multicast address'],
      ['ff02::1', 'a multicast address'],
      ['::ffff:127.0.0.1', 'a loopback address'],
      ['::ffff:a00:1', 'a private address'],
      ['::ffff:169.254.169.254', 'a link-local address'],
    ];
    expect(refused.map(([address]) => [address, guard.refusal(address)])).toEqual(refused);
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(guard.refusal(address), address).toBeNull();
  });

  it('lets through exactly the networks the operator allows', () => {
    const allowing = createAddressGuard(loadConfig({ DATA_DIR: '/tmp/unused', SESSION_SECRET: 'x'.repeat(32), WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8, ::1/128' }).webhooks);
    expect(allowing.refusal('127.0.0.1')).toBeNull();
    expect(allowing.refusal('::1')).toBeNull();
    expect(allowing.refusal('10.0.0.1')).toBe('a private address');
  });

  it('resolves a name to every address it has and refuses it when one is refused', async () => {
    await expect(guard.resolve('localhost')).rejects.toThrow(RefusedAddressError);
    await expect(guard.resolve('localhost')).rejects.toThrow(/^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address: webhooks are not sent into private networks/);
    await expect(guard.resolve('10.1.2.3')).rejects.toThrow(/^10\.1\.2\.3 is a private address/);
    await expect(guard.resolve('[::1]')).rejects.toThrow(/^::1 is a loopback address/);
    expect(await guard.resolve('8.8.8.8')).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('connects to the checked address without asking DNS again', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const port = new URL(receiver.url).port;
      // A name DNS cannot resolve: reaching the receiver proves the pinned address was used.
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(`http://rebind.invalid:${port}/hooks`, { method: 'POST', lookup: pinnedLookup([{ address: '127.0.0.1', family: 4 }]), agent: false }, (res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
        });
        request.on('error', reject);
        request.end('{}');
      });
      expect(status).toBe(200);
      expect(receiver.requests[0]?.headers.host).toBe(`rebind.invalid:${port}`);
    } finally {
      await receiver.close();
    }
  });

  it('stops the start with a sentence for a network that is not one', () => {
    const base = { DATA_DIR: '/tmp/unused', SESSION_SECRET: 'x'.repeat(32) };
    for (const bad of ['10.0.0.0/33', 'localhost/8', '127.0.0.1', '::1/129', '10.0.0.0/8/1']) {
      let error: unknown;
      try {
        loadConfig({ ...base, WEBHOOK_ALLOWED_NETWORKS: bad });
      } catch (err) {
        error = err;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([`WEBHOOK_ALLOWED_NETWORKS: "${bad}" is not a network; write address/prefix, separated by commas (for example 127.0.0.0/8,::1/128)`]);
    }
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_HTTP: 'yes' })).toThrow(/WEBHOOK_ALLOW_HTTP: must be true or false/);
    const defaults = loadConfig(base).webhooks;
    expect(defaults).toEqual({ allowedNetworks: [], allowHttp: false, timeoutMs: 10_000, maxAttempts: 6, retryBaseMs: 30_000, pollMs: 5_000 });
  });
});

describe('without an allowed network', () => {
  let t: TestApp;
  let owner: Agent;
  let receiver: WebhookReceiver;
  let companyId: number;

  beforeAll(async () => {
    // http is allowed here so that only the address decides.
    t = await createTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_POLL_SECONDS: '0.05' });
    receiver = await startWebhookReceiver();
    owner = new Agent(t.app);
    expect((await owner.register('owner@guard.example', 'Guard Co')).statusCode).toBe(201);
    companyId = (await t.database.db.select().from(users).where(eq(users.username, 'owner@guard.example')))[0]!.companyId;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses to register an endpoint on a private address or on localhost, with the reason', async () => {
    const privateAddress = await owner.post('/api/webhooks', { url: 'http://10.0.0.1/hooks', events: ['interview.completed'] });
    expect(privateAddress.statusCode).toBe(400);
    expect(privateAddress.json()).toEqual({
      error: '10.0.0.1 is a private address: webhooks are not sent into private networks (an operator may allow a network with WEBHOOK_ALLOWED_NETWORKS)',
      code: 'VALIDATION_FAILED',
    });
    const local = await owner.post('/api/webhooks', { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['interview.completed'] });
    expect(local.statusCode).toBe(400);
    expect(local.json<{ error: string }>().error).toMatch(/^localhost resolves to .*, which is a loopback address/);
    const metadata = await owner.post('/api/webhooks', { url: 'http://169.254.169.254/latest/meta-data', events: ['interview.completed'] });
    expect(metadata.json<{ error: string }>().error).toMatch(/^169\.254\.169\.254 is a link-local address/);
    expect(await t.database.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses a delivery whose address has become private (a changed DNS answer) and records it as failed with the reason', async () => {
    // Registered when it was allowed, say: written here directly, as the API would refuse it now.
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ companyId, url: receiver.url, events: ['interview.completed'], secret: newWebhookSecret() })
      .returning();
    const eventId = await recordWebhookEvent(t.database.db, { companyId, type: 'interview.completed', data: { interviewId: 1 } });
    expect(eventId).not.toBeNull();
    const [delivery] = await waitFor('the refused delivery', async () => {
      const rows = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
      return rows[0]?.status === 'failed' ? rows : undefined;
    });
    // Not retried: only a change of configuration could make the address acceptable.
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: null, deliveredAt: null });
    expect(delivery!.error).toBe('127.0.0.1 is a loopback address: webhooks are not sent into private networks (an operator may allow a network with WEBHOOK_ALLOWED_NETWORKS)');
    expect(receiver.requests).toEqual([]);
  });

  it('refuses plain http unless the operator allows it', async () => {
    const strict = await createTestApp({});
    try {
      const agent = new Agent(strict.app);
      expect((await agent.register('owner@strict.example', 'Strict Co')).statusCode).toBe(201);
      const res = await agent.post('/api/webhooks', { url: 'http://hooks.example.com/in', events: ['interview.completed'] });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe("Use an https:// address: events carry candidates' names and scores, so they are not sent unencrypted");
    } finally {
      await strict.close();
    }
  });
});

describe('two instances on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const env = { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_POLL_SECONDS: '0.05' };
    t = await createTestApp(env);
    second = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
    await second.ready();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await receiver.close();
  });

  it('make each attempt once: every event arrives once, with one attempt recorded', async () => {
    const owner = new Agent(t.app);
    expect((await owner.register('owner@twins.example', 'Twins Co')).statusCode).toBe(201);
    const created = await owner.post('/api/webhooks', { url: receiver.url, events: ['candidate.deleted'] });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = (await t.database.db.select().from(users).where(eq(users.username, 'owner@twins.example')))[0]!.companyId;
    const eventIds: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await recordWebhookEvent(t.database.db, { companyId, type: 'candidate.deleted', data: { interviewId: i } });
      eventIds.push(id!);
    }
    const rows = await waitFor('every delivery to succeed', async () => {
      const all = await t.database.db.select().from(webhookDeliveries);
      return all.length === 30 && all.every((d) => d.status === 'succeeded') ? all : undefined;
    });
    expect(rows.map((d) => d.attempts)).toEqual(Array(30).fill(1));
    const received = receiver.requests.map((r) => String(r.headers['webhook-id'])).sort();
    expect(received).toEqual([...eventIds].sort());
  });
});
