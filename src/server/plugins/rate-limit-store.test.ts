import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { Agent, createTestApp, nextAddress, type TestApp } from '../test/app';
import { databaseRateLimitStore } from './rate-limit-store';

let t: TestApp;
/** A second app on the same database: another instance, as far as the limits can tell. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ REGISTRATIONS_PER_HOUR: '3' });
  other = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
  await other.ready();
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

type Counted = { current: number; ttl: number };
type Store = FastifyRateLimitStore & { read(key: string, callback: (error: Error | null, result?: Counted) => void): void };

/** The store @fastify/rate-limit would make for a route (its onRoute hook passes the merged options with routeInfo). */
function routeStore(url: string): Store {
  const Store = databaseRateLimitStore(t.database);
  const root = new Store({});
  return root.child({ routeInfo: { method: 'POST', url } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]) as Store;
}

const settle = (resolve: (value: Counted) => void, reject: (err: Error) => void) => (err: Error | null, res?: Counted) => (err || !res ? reject(err ?? new Error('no result')) : resolve(res));
const incr = (store: Store, key: string, timeWindow = 60_000, max = 5) => new Promise<Counted>((resolve, reject) => store.incr(key, settle(resolve, reject), timeWindow, max));

describe('rate limits shared by every instance on one database', () => {
  it('adds up registrations from one address on two instances and answers the next with 429', async () => {
    const address = nextAddress();
    const onA = new Agent(t.app, address);
    const onB = new Agent(other, address);
    expect((await onA.register('shared-limit-1')).statusCode).toBe(201);
    expect((await onB.register('shared-limit-2')).statusCode).toBe(201);
    expect((await onA.register('shared-limit-3')).statusCode).toBe(201);
    const fourth = await onB.register('shared-limit-4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ code: string }>().code).toBe('TOO_MANY_REQUESTS');
    // Another address still has its own allowance.
    expect((await new Agent(other).register('shared-limit-5')).statusCode).toBe(201);
  });

  it('counts every one of many requests at the same moment exactly once', async () => {
    const store = routeStore('/api/concurrent');
    const counts = await Promise.all(Array.from({ length: 30 }, () => incr(store, '10.9.9.9')));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const [row] = (await t.database.query<{ hits: number }>(`SELECT hits FROM rate_limit_hits WHERE key = 'POST /api/concurrent|10.9.9.9'`)).rows;
    expect(row?.hits).toBe(30);
  });

  it('keeps each route and each key apart, and reports the time left in the window', async () => {
    const first = await incr(routeStore('/api/one'), '10.9.9.8', 60_000);
    await incr(routeStore('/api/one'), '10.9.9.8', 60_000);
    const elsewhere = await incr(routeStore('/api/two'), '10.9.9.8', 60_000);
    const otherKey = await incr(routeStore('/api/one'), '10.9.9.7', 60_000);
    expect([first.current, elsewhere.current, otherKey.current]).toEqual([1, 1, 1]);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    const read = await new Promise<Counted>((resolve, reject) => routeStore('/api/one').read('10.9.9.8', settle(resolve, reject)));
    expect(read.current).toBe(2);
  });

  it('starts counting again once the window has passed', async () => {
    const store = routeStore('/api/window');
    await incr(store, '10.9.9.6');
    await incr(store, '10.9.9.6');
    // The window ends (moved into the past rather than waited for).
    await t.database.query(`UPDATE rate_limit_hits SET reset_at = now() - interval '1 second' WHERE key = 'POST /api/window|10.9.9.6'`);
    const next = await incr(store, '10.9.9.6', 60_000);
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(0);
  });

  it('clears counters whose window has passed', async () => {
    await t.database.query(`INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ('POST /api/old|10.9.9.5', 4, now() - interval '1 hour')`);
    // A fresh store cleans up with its first count.
    await incr(routeStore('/api/new'), '10.9.9.5');
    const { rows } = await t.database.query<{ key: string }>(`SELECT key FROM rate_limit_hits WHERE key LIKE '%10.9.9.5'`);
    expect(rows.map((r) => r.key)).toEqual(['POST /api/new|10.9.9.5']);
  });
});
