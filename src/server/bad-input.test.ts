import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID } from '../contracts/ids';
import { auditLog, interviews, jobs, phoneScreenings, recordingUploads, users } from './db/schema';
import { INVITATION_UNKNOWN } from './modules/members/invitations.service';
import { BROKEN_MULTIPART } from './plugins/errors';
import { Agent, createTestApp, type TestApp } from './test/app';
import { giveConsent } from './test/consent';
import { makeInterview } from './test/factories';
import { multipart } from './test/multipart';

// The classes of bad input that answered 500 before issue 28, each called as the fuzz test found it.
// Every answer must be the product's { error, code } with a 4xx, and nothing may be stored.

let t: TestApp;
let owner: Agent;
let jobId: number;

const ID_MESSAGE = `must be a whole number from 1 to ${MAX_RECORD_ID}`;

function expectRefused(res: LightMyRequestResponse, status: number, error: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string }>();
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  if (typeof error === 'string') expect(body.error).toBe(error);
  else expect(body.error).toMatch(error);
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' });
  owner = new Agent(t.app);
  expect((await owner.register('bad-input-owner', 'Bad Input Co')).statusCode).toBe(201);
  const created = await owner.post('/api/job', { title: 'Line Cook', description: 'Cook on the line.' });
  jobId = created.json<{ id: number }>().id;
});
afterAll(() => t.close());

describe('ids past the database integer', () => {
  it.each([
    ['GET', '/api/job/2147483648'],
    ['PUT', '/api/interview/2147483648/legal-hold'],
    ['DELETE', '/api/api-keys/2147483648'],
    ['GET', '/api/webhooks/9007199254740991/deliveries'],
    ['GET', '/api/phone-screening/candidates/99999999999999999999/result'],
    ['POST', '/api/alternative-requests/2147483648/resolve'],
    ['DELETE', '/api/account/sessions/2147483648'],
  ] as const)('%s %s answers 400 naming the id', async (method, url) => {
    const res = await owner.request(method, url, method === 'PUT' ? { hold: true } : method === 'POST' ? {} : undefined);
    expectRefused(res, 400, new RegExp(`^\\w+: \\w+ ${ID_MESSAGE}$`));
  });

  it('still finds nothing (404) at the largest id, and refuses ids past it in bodies', async () => {
    expect((await owner.get(`/api/job/${MAX_RECORD_ID}`)).statusCode).toBe(404);
    expectRefused(await owner.post('/api/job', { title: 'Prep Cook', description: 'Prep.', templateId: 9007199254740991 }), 400, `templateId: templateId ${ID_MESSAGE}`);
    expectRefused(await owner.post('/api/templates', { jobId: 2147483648, name: 'Too far' }), 400, `jobId: jobId ${ID_MESSAGE}`);
    const send = await owner.post('/api/send-candidate-emails', { subject: 'Hi', body: 'Your link', candidates: [{ name: 'Ana', email: 'ana@example.com', jobId: 2147483648 }] });
    expectRefused(send, 400, `candidates.0.jobId: jobId ${ID_MESSAGE}`);
    expect(await t.database.db.select({ n: count() }).from(jobs)).toEqual([{ n: 1 }]);
  });
});

describe('text a database cannot store', () => {
  const NUL = /: contains a NUL character \(U\+0000\), which cannot be stored: remove it and try again$/;
  const SURROGATE = /: contains a broken character \(half of a UTF-16 surrogate pair\), which cannot be stored: remove it and try again$/;

  it('refuses a NUL before signing in: login, registration and password reset', async () => {
    const anonymous = new Agent(t.app);
    expectRefused(await anonymous.post('/api/login', { username: 'a\u0000b', password: 'whatever it is' }), 400, /^username/);
    expectRefused(await anonymous.post('/api/register', { username: 'nul-co', password: 'correct horse battery', companyName: 'Nul\u0000 Co' }), 400, NUL);
    expectRefused(await anonymous.post('/api/password-reset', { usernameOrEmail: 'a\u0000b' }), 400, NUL);
    expectRefused(await anonymous.post('/api/demo-request', { fullName: 'Ana\u0000', email: 'ana@example.com' }), 400, NUL);
    expect(await t.database.db.select().from(users).where(eq(users.username, 'nul-co'))).toEqual([]);
  });

  it('refuses a NUL or a lone surrogate in any field, nested ones too, and stores nothing', async () => {
    expectRefused(await owner.post('/api/job', { title: 'Cook\u0000', description: 'x' }), 400, /^title: contains a NUL/);
    expectRefused(await owner.post('/api/job', { title: 'x\ud800y', description: 'x' }), 400, SURROGATE);
    expectRefused(await owner.post('/api/phone-screening', { jobTitle: 'x\ud800y' }), 400, /^jobTitle: contains a broken character/);
    expectRefused(await owner.post('/api/phone-screening', { jobTitle: 'Driver', skills: 'a\udc00' }), 400, /^skills: /);
    expectRefused(await owner.request('PATCH', `/api/job/${jobId}/questions`, { questions: ['fine', 'not\u0000fine'] }), 400, /^questions\.1: contains a NUL/);
    expectRefused(await owner.post(`/api/job/${jobId}/interview`, { candidateName: 'Sam\u0000', email: 'sam@example.com' }), 400, NUL);
    expectRefused(await owner.post('/api/webhooks', { url: 'http://127.0.0.1:9/h', description: 'x\u0000', events: ['interview.completed'] }), 400, NUL);
    expectRefused(await owner.get(`/api/audit-log?cursor=${encodeURIComponent('a\u0000')}`), 400, NUL);
    expect(await t.database.db.select({ n: count() }).from(jobs)).toEqual([{ n: 1 }]);
    expect(await t.database.db.select({ n: count() }).from(phoneScreenings)).toEqual([{ n: 0 }]);
  });

  it('keeps whole emoji and other well-formed text exactly as typed', async () => {
    const res = await owner.post('/api/job', { title: 'Barista ☕ 😀 Ñandú', description: 'Coffee.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ title: string }>().title).toBe('Barista ☕ 😀 Ñandú');
    await owner.request('DELETE', `/api/job/${res.json<{ id: number }>().id}`);
  });

  it("refuses them in a candidate's alternative request and in a recording's transcript", async () => {
    const iv = await makeInterview(t.database.db, jobId);
    const headers = { 'x-candidate-token': iv.candidateToken };
    const alt = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/alternative-requests`, headers, payload: { kind: 'other', message: 'I need\u0000 help' } });
    expectRefused(alt, 400, NUL);
    await giveConsent(t.app, iv.id, iv.candidateToken);
    const body = multipart([
      { name: 'transcript', value: JSON.stringify([{ speaker: 'Candidate', text: 'Hello\u0000' }]) },
      { name: 'audio', filename: 'a.webm', value: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]) },
    ]);
    const upload = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { ...headers, ...body.headers }, payload: body.payload });
    expectRefused(upload, 400, /^transcript\.0\.text: contains a NUL/);
    expect(await t.database.db.select().from(recordingUploads).where(eq(recordingUploads.interviewId, iv.id))).toEqual([]);
  });
});

describe('a broken multipart upload', () => {
  it('answers 400 for no boundary, the wrong boundary and a body cut short, and keeps no bytes', async () => {
    const iv = await makeInterview(t.database.db, jobId);
    await giveConsent(t.app, iv.id, iv.candidateToken);
    const whole = multipart([
      { name: 'transcript', value: '[]' },
      { name: 'audio', filename: 'a.webm', value: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200_000, 7)]) },
    ]);
    const boundary = /boundary=(.+)$/.exec(whole.headers['content-type'])![1]!;
    const bodies = [
      { type: 'multipart/form-data', payload: whole.payload },
      { type: 'multipart/form-data; boundary=not-the-one', payload: whole.payload },
      { type: `multipart/form-data; boundary=${boundary}`, payload: whole.payload.subarray(0, 150_000) },
    ];
    for (const { type, payload } of bodies) {
      const res = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.candidateToken, 'content-type': type }, payload });
      expectRefused(res, 400, BROKEN_MULTIPART);
    }
    expect(await t.database.db.select().from(recordingUploads).where(eq(recordingUploads.interviewId, iv.id))).toEqual([]);
    const dir = path.join(t.config.dataDir, 'recordings');
    expect(readdirSafe(dir)).toEqual([]);
    const [row] = await t.database.db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, iv.id));
    expect(row?.status).toBe('pending');
  });
});

const readdirSafe = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

describe('a webhook update that changes nothing', () => {
  it('answers 200 with the endpoint as it is, and puts nothing on record', async () => {
    const created = await owner.post('/api/webhooks', { url: 'http://127.0.0.1:9/same', events: ['interview.completed'] });
    const endpoint = created.json<{ endpoint: { id: number; url: string } }>().endpoint;
    const [before] = await t.database.db.select({ n: count() }).from(auditLog);
    const res = await owner.request('PATCH', `/api/webhooks/${endpoint.id}`, { url: endpoint.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toBe(endpoint.url);
    expect(await t.database.db.select({ n: count() }).from(auditLog)).toEqual([before]);
  });
});

describe('long and broken addresses', () => {
  it("answers a mangled invitation or reset link with the product's sentence, whatever its length", async () => {
    const anonymous = new Agent(t.app);
    for (const length of [101, 150, 2000]) {
      expectRefused(await anonymous.get(`/api/invitations/${'x'.repeat(length)}`), 404, INVITATION_UNKNOWN);
      expectRefused(await anonymous.get(`/api/password-reset/${'x'.repeat(length)}`), 400, 'token: This is not a password reset link');
    }
    expectRefused(await anonymous.get(`/api/invitations/${'x'.repeat(5000)}`), 404, 'Nothing has an address this long. Check that the whole link was copied.');
    expectRefused(await anonymous.get('/api/job/%ED%A0%80'), 400, 'This address is not valid: it has a broken percent-encoded character.');
  });
});
