import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { PublicUser } from '../../../contracts/auth';
import type { Job } from '../../../contracts/jobs';
import type { OpenInvitation } from '../../../contracts/members';
import { auditLog, companies, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

// What the members and invitations tests share: one app on a fresh database with a real SMTP
// server and a clock the tests move, its first company (Acme Robotics) and owner, and helpers that
// invite, read the link from the email, and accept.

export const APP_URL = 'https://hire.example.com';
export const PASSWORD = 'correct horse battery';
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export let t: TestApp;
export let smtp: TestSmtp;
/** How far the app's clock is ahead of the real one. */
let offset = 0;
export const clockOffset = () => offset;
export const setClockOffset = (ms: number) => {
  offset = ms;
};
export let owner: Agent;
export let job: Job;
export let ownerId: number;
let emailCounter = 0;

/** Registers the hooks: the app and the owner before the file's tests, each test an hour after the one before. */
export function setupTeamApp(): void {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Sessions that outlive the clock's moves (each test starts an hour later; the expiry tests jump a week).
    const env = { SMTP_URL: smtp.url, APP_URL, SESSION_IDLE_MINUTES: String(30 * 24 * 60), SESSION_MAX_DAYS: '90' };
    t = await createTestApp(env, { clock: () => new Date(Date.now() + offset) });
    // The install's first account: its company's owner (and the operator), approved.
    owner = new Agent(t.app);
    expect((await owner.register('lee@acme.example', 'Acme Robotics')).statusCode).toBe(201);
    ownerId = (await owner.get('/api/user')).json<PublicUser>().id;
    job = (await owner.post('/api/job', { title: 'Field Engineer', description: 'Installs and services robots on site.' })).json<Job>();
  });
  // So the company's hourly invitation limit is the limit test's alone.
  beforeEach(() => {
    offset += HOUR + 60_000;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
}

export const nextEmail = () => `person${++emailCounter}@example.com`;

/** Invites an address as `by` and returns the link's token, read from the email the SMTP server received. */
export async function invite(by: Agent, email: string, companyRole: string): Promise<{ invitation: OpenInvitation; token: string; text: string; subject: string }> {
  const before = smtp.messages.length;
  const res = await by.post('/api/members/invitations', { email, companyRole });
  expect(res.statusCode, res.body).toBe(201);
  const messages = await smtp.waitFor(before + 1);
  const mail = messages.filter((m) => JSON.stringify(m.to ?? '').toLowerCase().includes(email.toLowerCase())).at(-1)!;
  const text = mail.text ?? '';
  const link = /https:\/\/hire\.example\.com\/join\/(\S+)/.exec(text);
  expect(link).not.toBeNull();
  return { invitation: res.json<OpenInvitation>(), token: link![1]!, text, subject: mail.subject ?? '' };
}

/** Accepts as a fresh browser; returns the agent (signed in when it worked) and the answer. */
export async function accept(token: string, username: string, password = PASSWORD) {
  const agent = new Agent(t.app);
  const res = await agent.post(`/api/invitations/${token}/accept`, { username, password });
  return { agent, res };
}

export async function join(companyRole: string, username: string): Promise<{ agent: Agent; user: PublicUser; email: string }> {
  const email = nextEmail();
  const { token } = await invite(owner, email, companyRole);
  const { agent, res } = await accept(token, username);
  expect(res.statusCode, res.body).toBe(201);
  return { agent, user: res.json<PublicUser>(), email };
}

export const auditRows = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** An approved owner of a company of their own, signed in. */
export async function otherCompanyOwner(name = 'Other Works') {
  const [company] = await t.database.db.insert(companies).values({ name }).returning();
  const made = await makeMember(t.database.db, company!.id, 'owner');
  const agent = new Agent(t.app);
  expect((await agent.post('/api/login', { username: made.username, password: made.password })).statusCode).toBe(200);
  return { agent, companyId: company!.id, user: made.user };
}

export async function companyOf(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return row!.companyId;
}
