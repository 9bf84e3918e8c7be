import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';

// Each instance caches the users of the sessions it has seen (docs/decisions/015-api-speed.md).
// Two app instances share one database here (on PGlite the same database object, on PostgreSQL the
// same database): a change made through one instance, or straight in the database, must show in
// the very next request on the other, whose cache still holds the old user.

let t: TestApp;
let other: FastifyInstance;
let operator: Agent;
let jobId: number;
let interviewId: number;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
  await other.ready();
  operator = new Agent(t.app);
  await operator.register('operator', 'Ops Co');
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** The same browser (cookie and address) talking to the other instance. */
const onOther = (agent: Agent) => {
  const twin = new Agent(other, agent.remoteAddress);
  twin.cookie = agent.cookie;
  return twin;
};

const userId = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const versionOf = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.sessionVersion;

/** A signed-in recruiter with a job and an interview, whose session both instances have cached. */
async function recruiterWithCachedSession(username: string): Promise<{ agent: Agent; twin: Agent; reads: string[] }> {
  const agent = new Agent(t.app);
  expect((await agent.register(username)).statusCode).toBe(201);
  const job = await agent.post('/api/job', { title: 'Support engineer', description: 'Answers customers.', questions: ['How do you debug?'], rubric: [{ name: 'Debugging', description: 'Finds causes.', weight: 100 }] });
  expect(job.statusCode).toBe(201);
  jobId = job.json<{ id: number }>().id;
  const interview = await agent.post(`/api/job/${jobId}/interview`, { candidateName: 'Casey', email: 'casey@example.com' });
  expect(interview.statusCode).toBe(201);
  interviewId = interview.json<{ id: number }>().id;
  const reads = ['/api/user', '/api/job', `/api/job/${jobId}`, `/api/job/${jobId}/interview`, `/api/interview/${interviewId}`];
  const twin = onOther(agent);
  for (const url of reads) {
    expect((await agent.get(url)).statusCode).toBe(200);
    expect((await twin.get(url)).statusCode).toBe(200);
  }
  return { agent, twin, reads };
}

async function expectSignedOut(agent: Agent, reads: string[]): Promise<void> {
  for (const url of reads) {
    const res = await agent.get(url);
    expect(res.statusCode, url).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  }
}

describe('the per-instance session cache', () => {
  it('answers from the cache only while the database still agrees', async () => {
    const { agent, twin, reads } = await recruiterWithCachedSession('steady');
    for (const url of reads) {
      expect((await twin.get(url)).statusCode).toBe(200);
      expect((await agent.get(url)).statusCode).toBe(200);
    }
    // Someone else's job stays not found, cached session or not.
    const stranger = new Agent(t.app);
    await stranger.register('stranger');
    expect((await onOther(stranger).get('/api/job')).statusCode).toBe(200);
    expect((await onOther(stranger).get(`/api/job/${jobId}`)).statusCode).toBe(404);
    expect((await onOther(stranger).get(`/api/job/${jobId}/interview`)).statusCode).toBe(404);
    expect((await onOther(stranger).get(`/api/interview/${interviewId}`)).statusCode).toBe(404);
  });

  it('sees a logout on another instance at once', async () => {
    const { agent, twin, reads } = await recruiterWithCachedSession('leaver');
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    await expectSignedOut(twin, reads);
  });

  it('sees a logout on the same instance at once (the replayed cookie)', async () => {
    const { agent, reads } = await recruiterWithCachedSession('replayer');
    const replay = new Agent(t.app, agent.remoteAddress);
    replay.cookie = agent.cookie;
    expect((await agent.post('/api/logout')).statusCode).toBe(200);
    await expectSignedOut(replay, reads);
  });

  it('sees a password change that ends the sessions at once', async () => {
    const { twin, reads } = await recruiterWithCachedSession('changer');
    const id = await userId('changer');
    const before = await versionOf('changer');
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3$bmV3aGFzaA' }).where(eq(users.id, id));
      await tx.delete(sessions).where(eq(sessions.userId, id));
    });
    expect(await versionOf('changer')).toBe(before + 1);
    await expectSignedOut(twin, reads);
  });

  it('sees a rejection by an admin on another instance at once, and refuses the next sign-in', async () => {
    const { twin, reads } = await recruiterWithCachedSession('rejected-one');
    expect((await operator.post(`/api/admin/accounts/${await userId('rejected-one')}/reject`)).statusCode).toBe(200);
    await expectSignedOut(twin, reads);
    const again = await new Agent(other).post('/api/login', { username: 'rejected-one', password: 'correct horse battery' });
    expect(again.statusCode).toBe(403);
  });

  it('sees a rejection made in the database alone (sessions left in place) through the version', async () => {
    const { twin, reads } = await recruiterWithCachedSession('rejected-by-sql');
    await t.database.db.update(users).set({ reviewStatus: 'rejected', isApproved: false }).where(eq(users.username, 'rejected-by-sql'));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, await userId('rejected-by-sql')))).not.toEqual([]);
    await expectSignedOut(twin, reads);
  });

  it('sees an approval on another instance at once', async () => {
    const { twin } = await recruiterWithCachedSession('approved-one');
    expect((await twin.get('/api/user')).json()).toMatchObject({ isApproved: false });
    expect((await operator.post(`/api/admin/accounts/${await userId('approved-one')}/approve`)).statusCode).toBe(200);
    expect((await twin.get('/api/user')).json()).toMatchObject({ isApproved: true });
    // Every cached read answers for the approved user, with its data.
    expect((await twin.get('/api/job')).json()).toEqual([expect.objectContaining({ id: jobId })]);
  });

  it('sees a role change at once: granted and taken away', async () => {
    const { agent, twin } = await recruiterWithCachedSession('promoted');
    expect((await twin.get('/api/admin/accounts')).statusCode).toBe(404);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.username, 'promoted'));
    expect((await twin.get('/api/user')).json()).toMatchObject({ role: 'admin' });
    expect((await twin.get('/api/admin/accounts')).statusCode).toBe(200);
    expect((await agent.get('/api/admin/accounts')).statusCode).toBe(200);

    await t.database.db.update(users).set({ role: 'member' }).where(eq(users.username, 'promoted'));
    expect((await twin.get('/api/admin/accounts')).statusCode).toBe(404);
    expect((await agent.get('/api/user')).json()).toMatchObject({ role: 'member' });
    expect((await twin.get('/api/user')).json()).toMatchObject({ role: 'member' });
  });

  it("sees a company role change at once on every instance: a viewer's cached session cannot write, a raised one can", async () => {
    const { agent, twin } = await recruiterWithCachedSession('demoted');
    const newJob = { title: 'Cook', description: 'Cooks.' };
    await t.database.db.update(users).set({ companyRole: 'viewer' }).where(eq(users.username, 'demoted'));
    expect((await twin.get('/api/user')).json()).toMatchObject({ companyRole: 'viewer' });
    expect((await twin.post('/api/job', newJob)).statusCode).toBe(403);
    expect((await agent.post('/api/job', newJob)).statusCode).toBe(403);
    expect((await twin.get('/api/job')).statusCode).toBe(200);

    await t.database.db.update(users).set({ companyRole: 'recruiter' }).where(eq(users.username, 'demoted'));
    expect((await twin.post('/api/job', newJob)).statusCode).toBe(201);
    expect((await agent.get('/api/user')).json()).toMatchObject({ companyRole: 'recruiter' });
  });

  it('sees a member removed from the company at once, even with the session rows left in place', async () => {
    const { twin, reads } = await recruiterWithCachedSession('removed-one');
    await t.database.db.update(users).set({ removedAt: new Date() }).where(eq(users.username, 'removed-one'));
    await expectSignedOut(twin, reads);
    const again = await new Agent(other).post('/api/login', { username: 'removed-one', password: 'correct horse battery' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_REMOVED', error: expect.stringContaining('removed') });
  });

  it('sees an expired session at once', async () => {
    const { twin, reads } = await recruiterWithCachedSession('expiring');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, await userId('expiring')));
    await expectSignedOut(twin, reads);
  });

  it('moves the version on for every change a session depends on, never for others, and never back', async () => {
    await new Agent(t.app).register('versioned');
    const set = (values: Partial<typeof users.$inferInsert>) => t.database.db.update(users).set(values).where(eq(users.username, 'versioned'));
    let v = await versionOf('versioned');
    await set({ reviewedAt: new Date() });
    expect(await versionOf('versioned')).toBe(v);
    for (const change of [
      { passwordHash: 'x' },
      { role: 'admin' as const },
      { companyRole: 'viewer' as const },
      { removedAt: new Date() },
      { email: 'new@example.com' },
      { isApproved: true },
      { reviewStatus: 'approved' as const },
    ]) {
      await set(change);
      expect(await versionOf('versioned')).toBe(++v);
    }
    await set({ sessionVersion: 0 });
    expect(await versionOf('versioned')).toBe(v);
    await t.database.db.execute(sql`update companies set name = 'Renamed Co' where id = (select company_id from users where username = 'versioned')`);
    expect(await versionOf('versioned')).toBe(v + 1);
  });
});
