import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { COMMON_PASSWORD, commonPasswordCount } from '../../lib/passwords';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { MAX_FAILURES_PER_ACCOUNT } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registration', () => {
  it('makes the first account the approved operator and signs it in', async () => {
    const agent = new Agent(t.app);
    const res = await agent.register('operator', 'Operator Co');
    expect(res.statusCode).toBe(201);
    // isOperator tells the new account it is the operator (it is not told it will be reviewed).
    expect(res.json()).toEqual({ id: expect.any(Number), username: 'operator', companyName: 'Operator Co', isApproved: true, role: 'admin', companyRole: 'owner', isOperator: true });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'operator', companyName: 'Operator Co' });
  });

  it('leaves later accounts awaiting review, and never returns or stores the plain password', async () => {
    const agent = new Agent(t.app);
    const res = await agent.register('recruiter1', 'Acme Retail', 'a long secret 123');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isApproved: false, role: 'member', companyName: 'Acme Retail', isOperator: false });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain('argon2');
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'recruiter1'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('a long secret 123');
    expect(row?.reviewStatus).toBe('pending');
  });

  it('refuses a duplicate username whatever its case', async () => {
    await new Agent(t.app).register('DupUser');
    const res = await new Agent(t.app).register('dupuser');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Username already exists', code: 'NAME_TAKEN' });
  });

  it('refuses a commonly used password, whatever its case, and keeps long passphrases', async () => {
    for (const password of ['password123', 'Password123', 'iloveyou', 'qwertyuiop', 'sunshine1']) {
      const res = await new Agent(t.app).post('/api/register', { username: `common-${password.length}-${password[0]}`, password, companyName: 'Common Co' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: COMMON_PASSWORD, code: 'VALIDATION_FAILED' });
    }
    expect(await t.database.db.select().from(users).where(like(users.username, 'common-%'))).toEqual([]);
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);

    const long = 'an unusual phrase '.repeat(8).slice(0, 128);
    const ok = await new Agent(t.app).register('passphrase-user', 'Phrase Co', long);
    expect(ok.statusCode).toBe(201);
    const login = await new Agent(t.app).post('/api/login', { username: 'passphrase-user', password: long });
    expect(login.statusCode).toBe(200);
    // No composition rules: eight lower-case letters that are not a common password are enough.
    expect((await new Agent(t.app).register('plain-letters', 'Plain Co', 'zqxvbnmk')).statusCode).toBe(201);
  });

  it('names each invalid field', async () => {
    const res = await new Agent(t.app).post('/api/register', { username: 'ab', password: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; code: string }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.error).toContain('username: Username must be at least 3 characters');
    expect(body.error).toContain('password: Password must be at least 8 characters');
    expect(body.error).toContain('companyName: Required');
  });
});

describe('login and logout', () => {
  it('signs in with the right password, case-insensitively on the username, with a new session id each time', async () => {
    await new Agent(t.app).register('Loginner');
    const agent = new Agent(t.app);
    const first = await agent.post('/api/login', { username: 'loginner', password: 'correct horse battery' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ username: 'Loginner' });
    const firstCookie = agent.cookie;
    const second = await agent.post('/api/login', { username: 'LOGINNER', password: 'correct horse battery' });
    expect(second.statusCode).toBe(200);
    expect(agent.cookie).not.toBe(firstCookie);
    // The session of the first login was ended by the second.
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: firstCookie! } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a wrong password or unknown user with the same message', async () => {
    await new Agent(t.app).register('wrongpw');
    const a = await new Agent(t.app).post('/api/login', { username: 'wrongpw', password: 'nope nope nope' });
    const b = await new Agent(t.app).post('/api/login', { username: 'nobody-here', password: 'nope nope nope' });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json()).toEqual({ error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' });
    expect(b.json()).toEqual(a.json());
  });

  it('ends the session on the server at logout: a replayed cookie is refused', async () => {
    const agent = new Agent(t.app);
    await agent.register('leaver');
    const cookie = agent.cookie!;
    const out = await agent.post('/api/logout');
    expect(out.statusCode).toBe(200);
    expect(agent.cookie).toBeUndefined();
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'You need to sign in first', code: 'UNAUTHENTICATED' });
  });

  it('refuses a tampered cookie', async () => {
    const agent = new Agent(t.app);
    await agent.register('tamper');
    const [name, value] = agent.cookie!.split('=');
    const forged = `${name}=${value!.slice(0, -2)}xx`;
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });

  it('records sign-ins and failures in the audit log, which cannot be changed', async () => {
    const id = (await new Agent(t.app).register('audited')).json<{ id: number }>().id;
    await new Agent(t.app).post('/api/login', { username: 'audited', password: 'wrong password!' });
    await new Agent(t.app).post('/api/login', { username: 'audited', password: 'correct horse battery' });
    // The account by id, not by the typed name (decision 024).
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, `user:${id}`));
    expect(rows.map((r) => r.action)).toEqual(['account_registered', 'login_failed', 'login_succeeded']);
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.subject, `user:${id}`))).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After once an account has had too many failures, even with the right password', async () => {
    await new Agent(t.app).register('target');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const res = await new Agent(t.app).post('/api/login', { username: 'target', password: `guess ${i} wrong` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await new Agent(t.app).post('/api/login', { username: 'target', password: 'correct horse battery' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json<{ code: string }>().code).toBe('TOO_MANY_REQUESTS');
  });

  it('throttles one address guessing across many accounts', async () => {
    const attacker = new Agent(t.app);
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await attacker.post('/api/login', { username: `victim${i}`, password: 'password guess' })).statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await new Agent(t.app).post('/api/login', { username: 'victim0', password: 'password guess' });
    expect(other.statusCode).toBe(401);
  });
});

describe('request hygiene', () => {
  it('refuses state changes from a foreign origin', async () => {
    const res = await new Agent(t.app).post('/api/register', { username: 'csrfer', password: 'long enough pw', companyName: 'X' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Cross-site requests are not allowed', code: 'FORBIDDEN' });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'csrfer'));
    expect(row).toBeUndefined();
    const same = await new Agent(t.app).post('/api/register', { username: 'samesite', password: 'long enough pw', companyName: 'X' }, { origin: 'http://localhost:3000' });
    expect(same.statusCode).toBe(201);
  });

  it('answers malformed JSON with 400 and unknown API paths with 404 JSON', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'No such endpoint: GET /api/does-not-exist', code: 'NOT_FOUND' });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/api/user', '/healthz', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets only the candidate room compile WebAssembly (its voice-activity detector), never evaluate JavaScript', async () => {
    const policy = async (url: string) => String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
    for (const url of ['/interview/12?token=abc', '/candidate/7?token=abc', '/interview/12']) {
      expect(await policy(url)).toContain("script-src 'self' 'wasm-unsafe-eval'");
    }
    for (const url of ['/', '/jobs/12', '/api/interview/12', '/interview/12/../../login', '/apply/abc']) {
      expect(await policy(url)).toContain("script-src 'self';");
    }
    expect(await policy('/interview/12?token=abc')).not.toContain("'unsafe-eval'");
  });

  it('reports health with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('keeps only hashes of session ids in the database', async () => {
    const agent = new Agent(t.app);
    await agent.register('hashcheck');
    const raw = decodeURIComponent(agent.cookie!.split('=')[1]!).split('.')[0]!;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === raw)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.idHash))).toBe(true);
  });
});

describe('in production', () => {
  it('marks the session cookie Secure', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await new Agent(prod.app).register('prod-user');
      expect(res.statusCode).toBe(201);
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('registration limit', () => {
  it('answers 429 after the configured number of registrations from one address', async () => {
    const limited = await createTestApp({ REGISTRATIONS_PER_HOUR: '2' });
    try {
      const agent = new Agent(limited.app);
      expect((await agent.register('first-of-two')).statusCode).toBe(201);
      expect((await agent.register('second-of-two')).statusCode).toBe(201);
      const third = await agent.register('third-of-two');
      expect(third.statusCode).toBe(429);
      expect(third.json<{ code: string }>().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });
});
