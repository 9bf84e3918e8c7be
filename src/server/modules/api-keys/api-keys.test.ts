import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey, CreatedApiKey } from '../../../contracts/api-keys';
import type { PublicUser } from '../../../contracts/auth';
import type { Job } from '../../../contracts/jobs';
import { buildApp } from '../../app';
import { apiKeys, auditLog, interviews, jobs, users } from '../../db/schema';
import { Agent, createTestApp, nextAddress, type TestApp } from '../../test/app';
import { makeJob, makeMember } from '../../test/factories';
import { hashApiKey } from './api-keys.service';

// Company API keys (issue 17, point 2; decision 033), through the HTTP API: an owner makes, lists
// and revokes them; a key acts as a viewer (read) or a recruiter (write) of its own company on the
// routes open to keys, and on no other.

const APP_URL = 'https://hire.example.com';
const INVALID = 'The API key is invalid or has been revoked';

let t: TestApp;
let owner: Agent;
let ownerId: number;
let companyId: number;
/** How far the app's clock is ahead of the real one. */
let offset = 0;

beforeAll(async () => {
  t = await createTestApp({ APP_URL }, { clock: () => new Date(Date.now() + offset) });
  owner = new Agent(t.app);
  expect((await owner.register('kim@acme.example', 'Acme Robotics')).statusCode).toBe(201);
  const me = (await owner.get('/api/user')).json<PublicUser>();
  ownerId = me.id;
  [{ companyId }] = (await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ownerId))) as [{ companyId: number }];
});
afterAll(() => t.close());
// Each test two minutes after the one before: a key's last use is recorded once a minute.
beforeEach(() => {
  offset += 2 * 60_000;
});

async function makeKey(scope: 'read' | 'write', name = `${scope} key`, by = owner): Promise<CreatedApiKey> {
  const res = await by.post('/api/api-keys', { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>();
}

/** A request as another system makes it: the key in the header, no cookie, from its own address. */
function withKey(key: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}, app: FastifyInstance = t.app) {
  return app.inject({
    method,
    url,
    remoteAddress: '203.0.113.7',
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
}

const errorOf = (res: LightMyRequestResponse) => res.json<{ error: string; code: string }>();

describe('making, listing and revoking keys', () => {
  it('shows the key once: the answer to its creation has it, the list and the database never do', async () => {
    const created = await makeKey('read', 'Greenhouse sync');
    expect(created.key).toMatch(/^hl_live_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Greenhouse sync', scope: 'read', prefix: created.key.slice(0, 12), createdBy: 'kim@acme.example', lastUsedAt: null, revokedAt: null });

    const list = await owner.get('/api/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const listed = list.json<ApiKey[]>().find((k) => k.id === created.id);
    expect(listed).toEqual({ id: created.id, name: 'Greenhouse sync', scope: 'read', prefix: created.prefix, createdBy: 'kim@acme.example', createdAt: created.createdAt, lastUsedAt: null, revokedAt: null });
    expect(Object.keys(listed!)).not.toContain('key');

    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('refuses a missing, blank or too long name and an unknown scope with a sentence', async () => {
    for (const [body, message] of [
      [{ name: '   ', scope: 'read' }, 'Give the key a name'],
      [{ scope: 'read' }, 'name'],
      [{ name: 'x'.repeat(101), scope: 'write' }, 'at most 100 characters'],
      [{ name: 'Admin', scope: 'owner' }, 'scope'],
    ] as const) {
      const res = await owner.post('/api/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining(message) });
    }
  });

  it('is for owners only: recruiters and viewers get 403 with a sentence', async () => {
    const key = await makeKey('write');
    for (const role of ['recruiter', 'viewer'] as const) {
      const member = await makeMember(t.database.db, companyId, role);
      const agent = new Agent(t.app);
      expect((await agent.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
      for (const res of [await agent.get('/api/api-keys'), await agent.post('/api/api-keys', { name: 'Mine', scope: 'read' }), await agent.request('DELETE', `/api/api-keys/${key.id}`)]) {
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).error).toMatch(new RegExp(`You are an? ${role} in this company: this needs an owner`));
      }
    }
    expect((await withKey(key.key, 'GET', '/api/job')).statusCode).toBe(200);
  });

  it('revokes a key at once, on every instance, and says so with 401', async () => {
    const key = await makeKey('read');
    // A second server on the same database, as behind a load balancer.
    const other = await buildApp(t.config, { database: t.database, clock: () => new Date(Date.now() + offset) });
    await other.ready();
    try {
      expect((await withKey(key.key, 'GET', '/api/job', undefined, {}, other)).statusCode).toBe(200);
      expect((await owner.request('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
      for (const app of [t.app, other]) {
        const res = await withKey(key.key, 'GET', '/api/job', undefined, {}, app);
        expect(res.statusCode).toBe(401);
        expect(errorOf(res)).toEqual({ error: INVALID, code: 'UNAUTHENTICATED' });
      }
    } finally {
      await other.close();
    }
    // Revoking again changes nothing; the list says when, and the audit log has each step once.
    expect((await owner.request('DELETE', `/api/api-keys/${key.id}`)).statusCode).toBe(204);
    expect((await owner.get('/api/api-keys')).json<ApiKey[]>().find((k) => k.id === key.id)?.revokedAt).toEqual(expect.any(String));
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.id);
    expect(entries.filter((e) => e.details?.apiKeyId === key.id && e.action.startsWith('api_key_')).map((e) => [e.action, e.actorUserId])).toEqual([
      ['api_key_created', ownerId],
      ['api_key_revoked', ownerId],
    ]);
  });

  it("answers 404 for another company's key or an unknown id", async () => {
    const { company } = await makeJob(t.database.db);
    const other = await makeMember(t.database.db, company.id, 'owner');
    const agent = new Agent(t.app);
    expect((await agent.post('/api/login', { username: other.username, password: other.password })).statusCode).toBe(200);
    const theirs = await makeKey('read', 'Theirs', agent);
    expect((await owner.get('/api/api-keys')).json<ApiKey[]>().map((k) => k.id)).not.toContain(theirs.id);
    for (const id of [theirs.id, 999999]) {
      const res = await owner.request('DELETE', `/api/api-keys/${id}`);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).error).toBe('API key not found');
    }
    expect((await withKey(theirs.key, 'GET', '/api/job')).statusCode).toBe(200);
  });
});

describe('requests made with a key', () => {
  it('reads with a read key, and is refused a change with a sentence asking for a write key', async () => {
    const key = await makeKey('read');
    const job = (await owner.post('/api/job', { title: 'Field Engineer', description: 'Installs and services robots on site.' })).json<Job>();
    const list = await withKey(key.key, 'GET', '/api/job');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: number }[]>().map((j) => j.id)).toContain(job.id);
    const one = await withKey(key.key, 'GET', `/api/job/${job.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<Job>().title).toBe('Field Engineer');
    expect((await withKey(key.key, 'GET', `/api/job/${job.id}/interview`)).statusCode).toBe(200);

    const create = await withKey(key.key, 'POST', '/api/job', { title: 'Data Analyst', description: 'Turns data into decisions.' });
    expect(create.statusCode).toBe(403);
    expect(errorOf(create)).toEqual({ error: 'This API key can only read: this endpoint needs a key with the write scope', code: 'FORBIDDEN' });
    expect(await t.database.db.select().from(jobs).where(eq(jobs.title, 'Data Analyst'))).toEqual([]);
  });

  it("writes with a write key, as the key's creator in the key's company", async () => {
    const key = await makeKey('write');
    const create = await withKey(key.key, 'POST', '/api/job', { title: 'Support Lead', description: 'Leads the support team.' });
    expect(create.statusCode, create.body).toBe(201);
    const job = create.json<Job>();
    const [row] = await t.database.db.select({ companyId: jobs.companyId, userId: jobs.userId }).from(jobs).where(eq(jobs.id, job.id));
    expect(row).toEqual({ companyId, userId: ownerId });
    const invite = await withKey(key.key, 'POST', `/api/job/${job.id}/interview`, { candidateName: 'Ada Lovelace', email: 'ada@example.com' });
    expect(invite.statusCode, invite.body).toBe(201);
    const [interview] = await t.database.db.select({ source: interviews.source }).from(interviews).where(eq(interviews.jobId, job.id));
    expect(interview).toEqual({ source: 'api' });
    expect((await withKey(key.key, 'POST', `/api/job/${job.id}/close`)).statusCode).toBe(200);
    // The audit log tells the key's action from its creator's own.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `job:${job.id}`)).orderBy(auditLog.id);
    expect(entries.map((e) => ({ action: e.action, actorUserId: e.actorUserId, details: e.details }))).toEqual([{ action: 'job_closed', actorUserId: ownerId, details: { apiKeyId: key.id } }]);
  });

  it("never sees another company's records: 404 as for a member", async () => {
    const key = await makeKey('write');
    const { job } = await makeJob(t.database.db, { title: 'Elsewhere' });
    for (const [method, url] of [
      ['GET', `/api/job/${job.id}`],
      ['GET', `/api/job/${job.id}/interview`],
      ['POST', `/api/job/${job.id}/close`],
    ] as const) {
      const res = await withKey(key.key, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorOf(res).error).toBe('Job not found');
    }
    expect((await withKey(key.key, 'GET', '/api/job')).json<{ id: number }[]>().map((j) => j.id)).not.toContain(job.id);
  });

  it('is refused every route not open to keys, with a sentence; the admin area stays unadvertised', async () => {
    const key = await makeKey('write');
    const job = (await owner.post('/api/job', { title: 'Empty', description: 'Nobody invited yet.' })).json<Job>();
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['DELETE', `/api/api-keys/${key.id}`],
      ['GET', '/api/members'],
      ['POST', '/api/members/invitations'],
      ['GET', '/api/account'],
      ['GET', '/api/user'],
      ['PUT', '/api/notifications/settings'],
      ['GET', '/api/audit-log'],
      ['GET', '/api/company/settings'],
      ['PATCH', '/api/company/settings'],
      ['DELETE', `/api/job/${job.id}`],
    ] as const) {
      const res = await withKey(key.key, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).error, `${method} ${url}`).toMatch(/^API keys cannot call this endpoint/);
    }
    expect((await withKey(key.key, 'GET', '/api/admin/accounts')).statusCode).toBe(404);
    expect(await t.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id))).toHaveLength(1);
  });

  it('answers 401 with a sentence for a wrong key or a malformed header', async () => {
    for (const authorization of ['Bearer hl_live_not-a-key', 'Bearer', 'Basic a2ltOnNlY3JldA==', 'Bearer two words']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/job', remoteAddress: nextAddress(), headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHENTICATED');
      expect(errorOf(res).error, authorization).toBe(authorization === 'Bearer hl_live_not-a-key' ? INVALID : 'The Authorization header must be "Bearer " followed by an API key');
    }
  });

  it("stops with its creator: a removed owner's keys answer 401", async () => {
    const second = await makeMember(t.database.db, companyId, 'owner');
    const agent = new Agent(t.app);
    expect((await agent.post('/api/login', { username: second.username, password: second.password })).statusCode).toBe(200);
    const key = await makeKey('read', 'Leaving soon', agent);
    expect((await withKey(key.key, 'GET', '/api/job')).statusCode).toBe(200);
    expect((await owner.request('DELETE', `/api/members/${second.user.id}`)).statusCode).toBe(204);
    const res = await withKey(key.key, 'GET', '/api/job');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).error).toBe(INVALID);
  });

  it('records when a key was last used, at most once a minute', async () => {
    const key = await makeKey('read');
    const lastUsed = async () => (await owner.get('/api/api-keys')).json<ApiKey[]>().find((k) => k.id === key.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await withKey(key.key, 'GET', '/api/job')).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    offset += 30_000;
    expect((await withKey(key.key, 'GET', '/api/job')).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    offset += 31_000;
    expect((await withKey(key.key, 'GET', '/api/job')).statusCode).toBe(200);
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(new Date(first!).getTime());
  });

  it("counts a route's rate limit per key, not per address", async () => {
    const [a, b] = [await makeKey('write', 'System A'), await makeKey('write', 'System B')];
    // POST /api/send-candidate-emails takes 30 a minute; an empty body is refused after the count.
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await withKey(a.key, 'POST', '/api/send-candidate-emails', {})).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another key from the same address has its own count, and so has a member there.
    expect((await withKey(b.key, 'POST', '/api/send-candidate-emails', {})).statusCode).toBe(400);
    const member = new Agent(t.app, '203.0.113.7');
    member.cookie = owner.cookie;
    expect((await member.post('/api/send-candidate-emails', {})).statusCode).toBe(400);
  });
});

describe('the cross-site check', () => {
  it('lets a key without cookies through from any origin, and still refuses a cookie from a foreign one', async () => {
    const key = await makeKey('write');
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const byKey = await withKey(key.key, 'POST', '/api/job', { title: 'From a system', description: 'Posted by an integration.' }, { origin: 'https://ats.example' });
    expect(byKey.statusCode, byKey.body).toBe(201);

    const byCookie = await owner.post('/api/job', { title: 'Forged', description: 'Sent by another site.' }, foreign);
    expect(byCookie.statusCode).toBe(403);
    expect(errorOf(byCookie).error).toBe('Cross-site requests are not allowed');
    // A key with the browser's cookie is checked like any cookie.
    const both = await owner.post('/api/job', { title: 'Forged too', description: 'Sent by another site.' }, { ...foreign, authorization: `Bearer ${key.key}` });
    expect(both.statusCode).toBe(403);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.title, 'Forged'))).toEqual([]);
  });
});
