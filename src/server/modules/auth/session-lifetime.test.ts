import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { sessions, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';

// Sessions end after SESSION_IDLE_MINUTES without a request and SESSION_MAX_DAYS after sign-in,
// whatever happens (decision 026), by the app's clock, which this test moves.

const MINUTE = 60_000;
let t: TestApp;
let now = new Date('2026-11-24T09:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '1' }, { clock: () => now });
  await new Agent(t.app).register('operator', 'Ops Co');
});
afterAll(() => t.close());

async function signedIn(username: string): Promise<Agent> {
  const agent = new Agent(t.app);
  expect((await agent.register(username)).statusCode).toBe(201);
  return agent;
}

const lastSeen = async (username: string) => {
  const [row] = await t.database.db
    .select({ at: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.username, username));
  return new Date(row!.at).toISOString();
};

describe('session lifetime', () => {
  it('keeps an active session past the idle time, and ends one left idle longer than it', async () => {
    const agent = await signedIn('active');
    for (let i = 0; i < 4; i++) {
      advance(25 * MINUTE);
      // The cached read and the looked-up one both count as activity.
      expect((await agent.get('/api/job')).statusCode).toBe(200);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    }
    expect(await lastSeen('active')).toBe(now.toISOString());
    advance(31 * MINUTE);
    const res = await agent.get('/api/job');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('ends a session idle past the limit even when this instance has it cached', async () => {
    const agent = await signedIn('cached-idle');
    expect((await agent.get('/api/job')).statusCode).toBe(200);
    expect((await agent.get('/api/job')).statusCode).toBe(200);
    advance(30 * MINUTE + 1);
    expect((await agent.get('/api/job')).statusCode).toBe(401);
  });

  it('records activity at most once a minute', async () => {
    const agent = await signedIn('busy');
    const first = await lastSeen('busy');
    advance(30_000);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect(await lastSeen('busy')).toBe(first);
    advance(31_000);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect(await lastSeen('busy')).toBe(now.toISOString());
  });

  it('ends every session at its absolute lifetime however active it is, and the cookie says so', async () => {
    const agent = new Agent(t.app);
    const res = await agent.register('tireless');
    expect(res.cookies.find((c) => c.name === 'sid')?.maxAge).toBe(24 * 60 * 60);
    for (let elapsed = 0; elapsed < 24 * 60 - 20; elapsed += 20) {
      advance(20 * MINUTE);
      expect((await agent.get('/api/user')).statusCode, `after ${elapsed + 20} minutes`).toBe(200);
    }
    advance(20 * MINUTE);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    // Signing in again starts a new session.
    expect((await agent.post('/api/login', { username: 'tireless', password: 'correct horse battery' })).statusCode).toBe(200);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses an idle time longer than the lifetime, naming the setting', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: String(3 * 24 * 60), SESSION_MAX_DAYS: '2', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it('defaults to 8 hours idle and 7 days in all', () => {
    expect(loadConfig({ SESSION_SECRET: 'x'.repeat(32) }).sessions).toEqual({ idleMs: 8 * 60 * MINUTE, maxMs: 7 * 24 * 60 * MINUTE });
  });
});
