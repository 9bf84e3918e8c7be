import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_INCORRECT, type AccountSession } from '../../../contracts/account';
import { auditLog, companies, sessions } from '../../db/schema';
import { COMMON_PASSWORD } from '../../lib/passwords';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';

// The account page's API (decision 028): details and email, the password change, and the member's
// own sessions, with the app's clock moved by the test for the idle timeout.

const HOUR = 60 * 60_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let t: TestApp;
let now = new Date('2026-11-24T09:00:00Z');
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  const [company] = await t.database.db.insert(companies).values({ name: 'Account Co' }).returning();
  companyId = company!.id;
});
afterAll(async () => {
  await t.close();
});

const member = (role: 'viewer' | 'recruiter' | 'owner' = 'viewer', overrides: Parameters<typeof makeMember>[3] = {}) => makeMember(t.database.db, companyId, role, overrides);
async function signIn(username: string, password: string, userAgent = FIREFOX): Promise<Agent> {
  const agent = new Agent(t.app);
  const res = await agent.post('/api/login', { username, password }, { 'user-agent': userAgent });
  expect(res.statusCode).toBe(200);
  return agent;
}
const changePassword = (agent: Agent, currentPassword: string, newPassword: string) => agent.post('/api/account/password', { currentPassword, newPassword });
const sessionsOf = async (agent: Agent) => (await agent.get('/api/account/sessions')).json<AccountSession[]>();
const entries = (action: string, userId: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.subject, `user:${userId}`)));

describe('account details', () => {
  it('shows a viewer their account, and asks a stranger to sign in', async () => {
    const { username, password } = await member('viewer', { email: 'vera@account.test' });
    const agent = await signIn(username, password);
    const res = await agent.get('/api/account');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username, email: 'vera@account.test', companyName: 'Account Co', companyRole: 'viewer' });
    expect((await new Agent(t.app).get('/api/account')).statusCode).toBe(401);
  });

  it('sets, checks and clears the email address, and logs the change without it', async () => {
    const { user, username, password } = await member('viewer');
    const agent = await signIn(username, password);
    const set = await agent.request('PATCH', '/api/account', { email: '  ines@account.test ' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: 'ines@account.test' });

    const bad = await agent.request('PATCH', '/api/account', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'email: Enter a valid email address, or leave it empty' });
    expect((await agent.get('/api/account')).json()).toMatchObject({ email: 'ines@account.test' });

    expect((await agent.request('PATCH', '/api/account', { email: '' })).json()).toMatchObject({ email: null });
    await agent.request('PATCH', '/api/account', { email: 'ines@account.test' });
    expect((await agent.request('PATCH', '/api/account', { email: null })).json()).toMatchObject({ email: null });

    const logged = await entries('account_email_changed', user.id);
    expect(logged.map((e) => e.details)).toEqual([{ cleared: false }, { cleared: true }, { cleared: false }, { cleared: true }]);
    expect(JSON.stringify(logged)).not.toContain('ines@');
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password, counting it as a failed sign-in, then throttles', async () => {
    const { user, username, password } = await member('viewer');
    const agent = await signIn(username, password);
    const wrong = await changePassword(agent, 'not my password', 'a brand new passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'WRONG_CURRENT_PASSWORD', error: CURRENT_PASSWORD_INCORRECT });
    expect(await entries('login_failed', user.id)).toHaveLength(1);
    for (let i = 0; i < 4; i++) await changePassword(agent, 'not my password', 'a brand new passphrase');
    const blocked = await changePassword(agent, password, 'a brand new passphrase');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // Sign-in counts the same failures.
    expect((await new Agent(t.app).post('/api/login', { username, password })).statusCode).toBe(429);
  });

  it('holds the new password to the registration rules', async () => {
    const { username, password } = await member('viewer');
    const agent = await signIn(username, password);
    const short = await changePassword(agent, password, 'short');
    expect(short.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'newPassword: Password must be at least 8 characters' });
    const same = await changePassword(agent, password, password);
    expect(same.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'newPassword: Choose a password different from the current one' });
    const common = await changePassword(agent, password, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json<{ error: string }>().error).toBe(COMMON_PASSWORD);
  });

  it('sets it and ends every other session of the user, but not this one', async () => {
    const { user, username, password } = await member('viewer');
    const here = await signIn(username, password);
    const there = await signIn(username, password, SAFARI);
    const res = await changePassword(here, password, 'a brand new passphrase');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await there.get('/api/user')).statusCode).toBe(401);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect((await here.get('/api/account')).statusCode).toBe(200);
    expect((await new Agent(t.app).post('/api/login', { username, password })).statusCode).toBe(401);
    await signIn(username, 'a brand new passphrase');
    expect((await entries('password_changed', user.id)).map((e) => e.details)).toEqual([{ sessionsEnded: 1 }]);
  });
});

describe('sessions', () => {
  it("lists the user's live sessions with the current one marked, and no one else's", async () => {
    const { username, password } = await member('recruiter');
    const laptop = await signIn(username, password, FIREFOX);
    const phone = await signIn(username, password, SAFARI);
    const stranger = await member('viewer');
    await signIn(stranger.username, stranger.password);

    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => [s.device, s.current])).toEqual(
      expect.arrayContaining([
        ['Firefox on Linux', false],
        ['Safari on iOS', true],
      ]),
    );
    expect(listed.find((s) => s.current)!.ip).toBe(phone.remoteAddress);
    expect(listed.find((s) => !s.current)!.ip).toBe(laptop.remoteAddress);
    expect((await sessionsOf(laptop)).find((s) => s.current)!.device).toBe('Firefox on Linux');
  });

  it('leaves out sessions that went idle or ended', async () => {
    const { user, username, password } = await member('viewer');
    await signIn(username, password, SAFARI);
    now = new Date(now.getTime() + 7 * HOUR);
    const recent = await signIn(username, password);
    now = new Date(now.getTime() + 2 * HOUR);
    const listed = await sessionsOf(recent);
    expect(listed.map((s) => s.device)).toEqual(['Firefox on Linux']);
    // The idle one is still a row, but it no longer works, so it is not shown.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it('signs out everywhere else', async () => {
    const { user, username, password } = await member('viewer');
    const others = [await signIn(username, password), await signIn(username, password, SAFARI)];
    const here = await signIn(username, password);
    const res = await here.request('DELETE', '/api/account/sessions/others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await here.get('/api/user')).statusCode).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);
    expect((await entries('sessions_ended', user.id)).map((e) => e.details)).toEqual([{ ended: 2, scope: 'others' }]);
  });

  it("ends one of the user's own sessions, but not another user's nor the one in use", async () => {
    const { username, password } = await member('viewer');
    const here = await signIn(username, password);
    const phone = await signIn(username, password, SAFARI);
    const theirs = await member('owner');
    const stranger = await signIn(theirs.username, theirs.password);
    const [strangerSession] = await sessionsOf(stranger);

    const refused = await here.request('DELETE', `/api/account/sessions/${strangerSession!.publicId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'NOT_FOUND', error: 'Session not found' });
    expect((await stranger.get('/api/user')).statusCode).toBe(200);

    const mine = await sessionsOf(here);
    const current = mine.find((s) => s.current)!;
    const self = await here.request('DELETE', `/api/account/sessions/${current.publicId}`);
    expect(self.statusCode).toBe(400);
    expect((await here.get('/api/user')).statusCode).toBe(200);

    const ended = await here.request('DELETE', `/api/account/sessions/${mine.find((s) => !s.current)!.publicId}`);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await here.request('DELETE', '/api/account/sessions/abc')).statusCode).toBe(400);
    expect((await new Agent(t.app).request('DELETE', '/api/account/sessions/others')).statusCode).toBe(401);
  });
});
