import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_SENT, RESET_LINK_EXPIRED, RESET_LINK_UNKNOWN, RESET_LINK_USED } from '../../../contracts/account';
import { auditLog, companies, emails, passwordResets, users } from '../../db/schema';
import { COMMON_PASSWORD } from '../../lib/passwords';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { waitFor } from '../../test/wait';
import { MAX_RESET_LINKS_PER_HOUR } from './password-reset.service';

// Password reset by an emailed link (decision 028), through the HTTP API, with a real SMTP server
// and the app's clock moved by the test.

const MINUTE = 60_000;
let smtp: TestSmtp;
let t: TestApp;
let now = new Date('2026-11-24T09:00:00Z');
let companyId: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.test>' }, { clock: () => now });
  const [company] = await t.database.db.insert(companies).values({ name: 'Reset Co' }).returning();
  companyId = company!.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const member = (overrides: Parameters<typeof makeMember>[3] = {}) => makeMember(t.database.db, companyId, 'recruiter', overrides);
const ask = (usernameOrEmail: string, agent = new Agent(t.app)) => agent.post('/api/password-reset', { usernameOrEmail });
const signIn = async (username: string, password: string) => {
  const agent = new Agent(t.app);
  const res = await agent.post('/api/login', { username, password });
  return { agent, status: res.statusCode };
};
const linksOf = (userId: number) => t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
const resetEmailsTo = (to: string) => t.database.db.select().from(emails).where(and(eq(emails.toAddress, to), eq(emails.kind, 'password_reset')));

const seen = new Set<unknown>();
const recipient = (mail: TestSmtp['messages'][number]) => (mail.to && 'text' in mail.to ? mail.to.text : '').toLowerCase();
/** The next email to `to` not looked at before (deliveries run after the answers, so they can arrive out of order). */
async function nextMailTo(to: string): Promise<TestSmtp['messages'][number]> {
  const mail = await waitFor(`an email to ${to}`, () => smtp.messages.find((m) => !seen.has(m) && recipient(m) === to.toLowerCase()), 5_000);
  seen.add(mail);
  return mail;
}

/** Asks for a link and returns the token from the email the SMTP server received. */
async function tokenFor(usernameOrEmail: string, to: string): Promise<string> {
  expect((await ask(usernameOrEmail)).statusCode).toBe(200);
  const mail = await nextMailTo(to);
  const match = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]{43})\n/.exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

describe('asking for a link', () => {
  it('emails a single-use link to the account email and stores only its hash', async () => {
    const { user, username } = await member({ email: 'dana@reset.test' });
    const res = await ask(username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mail = await nextMailTo('dana@reset.test');
    expect(mail.subject).toBe('Reset your Hireloop password');
    expect(mail.text).toContain(`"${username}"`);
    const token = /\/reset-password\/(\S+)/.exec(mail.text ?? '')![1]!;

    const [link] = await linksOf(user.id);
    expect(link!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(link!.expiresAt.getTime() - now.getTime()).toBe(60 * MINUTE);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_reset_requested'), eq(auditLog.subject, `user:${user.id}`)));
    expect(entry).toMatchObject({ companyId, actorUserId: null });
    expect(JSON.stringify(entry)).not.toContain('dana@reset.test');
  });

  it('finds the account by its email in any case, and uses a username that is an address when there is no email', async () => {
    const byEmail = await member({ email: 'Lee@Reset.test' });
    expect(await tokenFor('lee@RESET.test', 'Lee@Reset.test')).toBeTruthy();
    expect(await linksOf(byEmail.user.id)).toHaveLength(1);

    const { user } = await member({ username: 'kim@reset.test' });
    expect(await tokenFor('kim@reset.test', 'kim@reset.test')).toBeTruthy();
    expect(await linksOf(user.id)).toHaveLength(1);
  });

  it('answers the same for an unknown name, an account with nowhere to send, a removed and a rejected account, and sends nothing', async () => {
    const nowhere = await member();
    const removed = await member({ email: 'gone@reset.test', removedAt: new Date() });
    const rejected = await member({ email: 'no@reset.test', reviewStatus: 'rejected', isApproved: false });
    const known = await ask('dana@reset.test');
    const emailsBefore = (await t.database.db.select().from(emails)).length;
    const linksBefore = (await t.database.db.select().from(passwordResets)).length;
    for (const name of ['nobody-at-all', 'nobody@reset.test', nowhere.username, removed.username, 'gone@reset.test', rejected.username, 'no@reset.test']) {
      const res = await ask(name);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
    }
    expect(await t.database.db.select().from(emails)).toHaveLength(emailsBefore);
    expect(await t.database.db.select().from(passwordResets)).toHaveLength(linksBefore);
  });

  it(`sends one account at most ${MAX_RESET_LINKS_PER_HOUR} links an hour, answering the same`, async () => {
    const { user } = await member({ email: 'flood@reset.test' });
    for (let i = 0; i < MAX_RESET_LINKS_PER_HOUR + 2; i++) expect((await ask('flood@reset.test')).json()).toEqual({ message: PASSWORD_RESET_SENT });
    expect(await linksOf(user.id)).toHaveLength(MAX_RESET_LINKS_PER_HOUR);
    expect(await resetEmailsTo('flood@reset.test')).toHaveLength(MAX_RESET_LINKS_PER_HOUR);
    now = new Date(now.getTime() + 61 * MINUTE);
    await ask('flood@reset.test');
    expect(await linksOf(user.id)).toHaveLength(MAX_RESET_LINKS_PER_HOUR + 1);
  });

  it('limits requests per address, and refuses an empty field', async () => {
    const agent = new Agent(t.app);
    const empty = await ask('   ', agent);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: 'usernameOrEmail: Enter your username or email address' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask(`someone-${i}`, agent)).statusCode);
    expect(statuses.slice(0, 9).every((s) => s === 200)).toBe(true);
    expect(statuses[9]).toBe(429);
    expect((await ask('someone', new Agent(t.app))).statusCode).toBe(200);
  });
});

describe('using a link', () => {
  it('shows whose password it sets, sets it, ends every session and signs this browser in', async () => {
    const { user, username, password } = await member({ email: 'ola@reset.test' });
    const elsewhere = await signIn(username, password);
    expect(elsewhere.status).toBe(200);
    const token = await tokenFor(username, 'ola@reset.test');
    const second = await tokenFor(username, 'ola@reset.test');

    const browser = new Agent(t.app);
    const shown = await browser.get(`/api/password-reset/${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ username });

    const done = await browser.post(`/api/password-reset/${token}`, { password: 'a brand new passphrase' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, username, companyName: 'Reset Co', companyRole: 'recruiter' });
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.agent.get('/api/user')).statusCode).toBe(401);

    expect((await signIn(username, password)).status).toBe(401);
    expect((await signIn(username, 'a brand new passphrase')).status).toBe(200);

    // Used, and the account's other open link with it.
    for (const used of [token, second]) {
      const again = await new Agent(t.app).get(`/api/password-reset/${used}`);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ code: 'LINK_NO_LONGER_VALID', error: RESET_LINK_USED, details: { reason: 'used' } });
      const reuse = await new Agent(t.app).post(`/api/password-reset/${used}`, { password: 'yet another passphrase' });
      expect(reuse.statusCode).toBe(410);
    }
    expect((await signIn(username, 'a brand new passphrase')).status).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'password_reset'), eq(auditLog.subject, `user:${user.id}`)));
    expect(entry).toMatchObject({ actorUserId: user.id, companyId });
  });

  it('works for an hour by the app clock, then answers 410 with a sentence', async () => {
    const { username, password } = await member({ email: 'late@reset.test' });
    const token = await tokenFor(username, 'late@reset.test');
    now = new Date(now.getTime() + 59 * MINUTE);
    expect((await new Agent(t.app).get(`/api/password-reset/${token}`)).statusCode).toBe(200);
    now = new Date(now.getTime() + 1 * MINUTE);
    const expired = await new Agent(t.app).get(`/api/password-reset/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ code: 'LINK_NO_LONGER_VALID', error: RESET_LINK_EXPIRED, details: { reason: 'expired' } });
    const use = await new Agent(t.app).post(`/api/password-reset/${token}`, { password: 'a brand new passphrase' });
    expect(use.statusCode).toBe(410);
    expect(use.json<{ error: string }>().error).toBe(RESET_LINK_EXPIRED);
    expect((await signIn(username, password)).status).toBe(200);
  });

  it('answers 404 for a link nobody was sent, and 400 for one too long to be a link', async () => {
    const unknown = await new Agent(t.app).get('/api/password-reset/not-a-token-we-made');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', error: RESET_LINK_UNKNOWN });
    expect((await new Agent(t.app).post('/api/password-reset/not-a-token-we-made', { password: 'a brand new passphrase' })).statusCode).toBe(404);
    const long = await new Agent(t.app).get(`/api/password-reset/${'x'.repeat(80)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
  });

  it('holds the new password to the registration rules and keeps the link for another try', async () => {
    const { username } = await member({ email: 'rules@reset.test' });
    const token = await tokenFor(username, 'rules@reset.test');
    const short = await new Agent(t.app).post(`/api/password-reset/${token}`, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ code: 'VALIDATION_FAILED', error: 'password: Password must be at least 8 characters' });
    const common = await new Agent(t.app).post(`/api/password-reset/${token}`, { password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json<{ error: string }>().error).toBe(COMMON_PASSWORD);
    expect((await new Agent(t.app).post(`/api/password-reset/${token}`, { password: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  it('stops working when the account is removed, or its email changes', async () => {
    const removed = await member({ email: 'leaver@reset.test' });
    const token = await tokenFor(removed.username, 'leaver@reset.test');
    await t.database.db.update(users).set({ removedAt: now }).where(eq(users.id, removed.user.id));
    expect((await new Agent(t.app).get(`/api/password-reset/${token}`)).statusCode).toBe(404);

    const moved = await member({ email: 'old@reset.test' });
    const oldLink = await tokenFor(moved.username, 'old@reset.test');
    const { agent } = await signIn(moved.username, moved.password);
    expect((await agent.request('PATCH', '/api/account', { email: 'new@reset.test' })).statusCode).toBe(200);
    expect((await new Agent(t.app).get(`/api/password-reset/${oldLink}`)).json()).toEqual({ code: 'LINK_NO_LONGER_VALID', error: RESET_LINK_USED, details: { reason: 'used' } });
  });

  it('replaces a session the browser already had', async () => {
    const first = await member({ email: 'first@reset.test' });
    const second = await member({ email: 'second@reset.test' });
    const { agent } = await signIn(first.username, first.password);
    const firstCookie = agent.cookie;
    const token = await tokenFor(second.username, 'second@reset.test');
    expect((await agent.post(`/api/password-reset/${token}`, { password: 'a brand new passphrase' })).statusCode).toBe(200);
    expect((await agent.get('/api/user')).json()).toMatchObject({ username: second.username });
    const old = new Agent(t.app);
    old.cookie = firstCookie;
    expect((await old.get('/api/user')).statusCode).toBe(401);
  });
});
