import { eq } from 'drizzle-orm';
import type { AdminAccount } from '../../../contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emails, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { waitFor } from '../../test/wait';

let smtp: TestSmtp;
let t: TestApp;
let operator: Agent;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Hireloop <no-reply@hireloop.test>' });
  operator = new Agent(t.app);
  await operator.register('operator', 'Hireloop Ops');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const accountId = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

describe('account review', () => {
  it('lists pending accounts first for the operator, and hides the admin API from others', async () => {
    const recruiter = new Agent(t.app);
    await recruiter.register('pending@acme.test', 'Acme');
    const list = await operator.get('/api/admin/accounts');
    expect(list.statusCode).toBe(200);
    const rows = list.json<AdminAccount[]>();
    expect(rows[0]).toMatchObject({ username: 'pending@acme.test', reviewStatus: 'pending' });
    expect(rows.find((r) => r.username === 'operator')).toMatchObject({ reviewStatus: 'approved', reviewedBy: null, reviewedVia: 'first_account' });
    expect(rows[0]).toMatchObject({ reviewedAt: null, reviewedBy: null, reviewedVia: null });
    expect(list.body).not.toContain('passwordHash');

    expect((await recruiter.get('/api/admin/accounts')).statusCode).toBe(404);
    expect((await recruiter.post(`/api/admin/accounts/${await accountId('operator')}/reject`)).statusCode).toBe(404);
    expect((await new Agent(t.app).get('/api/admin/accounts')).statusCode).toBe(401);
  });

  it('approves an account, records who and when, and emails the user over SMTP', async () => {
    const recruiter = new Agent(t.app);
    await recruiter.register('hiring@retail.test', 'Retail Co');
    expect((await recruiter.get('/api/user')).json()).toMatchObject({ isApproved: false });

    const before = smtp.messages.length;
    const res = await operator.post(`/api/admin/accounts/${await accountId('hiring@retail.test')}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'hiring@retail.test', reviewStatus: 'approved', isApproved: true, reviewedBy: 'operator', reviewedVia: 'admin_page' });
    expect(Date.parse(res.json<{ reviewedAt: string }>().reviewedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await recruiter.get('/api/user')).json()).toMatchObject({ isApproved: true });
    const mail = (await smtp.waitFor(before + 1)).at(-1)!;
    expect(mail.subject).toBe('Your Hireloop account has been approved');
    expect(mail.text).toContain('http://localhost:3000/auth');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('hiring@retail.test');

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account_approved'));
    // By id, not by the username (an email address here): the log keeps no personal data (decision 024).
    expect(audit).toMatchObject({ actorUserId: await accountId('operator'), subject: `user:${await accountId('hiring@retail.test')}` });
    // The mailer marks the row sent after the SMTP server accepted the message, so it can lag the message by a moment.
    const email = await waitFor('the approval email marked sent', async () => {
      const [row] = await t.database.db.select().from(emails).where(eq(emails.toAddress, 'hiring@retail.test'));
      return row?.status === 'sent' ? row : undefined;
    });
    expect(email.sentAt).not.toBeNull();
  });

  it('rejects an account: its sessions end and it can no longer sign in', async () => {
    const recruiter = new Agent(t.app);
    await recruiter.register('spammer', 'Spam LLC');
    const res = await operator.post(`/api/admin/accounts/${await accountId('spammer')}/reject`);
    expect(res.json()).toMatchObject({ reviewStatus: 'rejected', isApproved: false });
    expect((await recruiter.get('/api/user')).statusCode).toBe(401);
    const login = await new Agent(t.app).post('/api/login', { username: 'spammer', password: 'correct horse battery' });
    expect(login.statusCode).toBe(403);
    expect(login.json<{ code: string }>().code).toBe('ACCOUNT_REJECTED');
  });

  it('answers 404 for an unknown account and 400 for a bad id', async () => {
    expect((await operator.post('/api/admin/accounts/99999/approve')).json()).toEqual({ error: 'Account not found', code: 'NOT_FOUND' });
    const bad = await operator.post('/api/admin/accounts/abc/approve');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('id');
  });
});

describe('demo requests', () => {
  it('stores a valid request and shows it to the operator', async () => {
    const res = await new Agent(t.app).post('/api/demo-request', {
      fullName: 'Dana Lee',
      email: 'dana@example.com',
      companyName: 'Fleet Logistics',
      phoneNumber: '+1 555 0100',
      message: 'We hire 200 drivers a month.',
    });
    expect(res.statusCode).toBe(201);
    const list = await operator.get('/api/admin/demo-requests');
    expect(list.json()).toEqual([
      expect.objectContaining({ fullName: 'Dana Lee', email: 'dana@example.com', companyName: 'Fleet Logistics', message: 'We hire 200 drivers a month.' }),
    ]);
  });

  it('applies the spec messages and stores nothing invalid', async () => {
    const res = await new Agent(t.app).post('/api/demo-request', { fullName: 'D', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('fullName: Name is required; email: Invalid email address');
    const missing = await new Agent(t.app).post('/api/demo-request', {});
    expect(missing.json<{ error: string }>().error).toBe('fullName: Required; email: Required');
    expect((await operator.get('/api/admin/demo-requests')).json()).toHaveLength(1);
  });
});

describe('outbox without SMTP', () => {
  it('keeps the approval email in the in-app outbox', async () => {
    const local = await createTestApp();
    try {
      const op = new Agent(local.app);
      await op.register('root');
      await new Agent(local.app).register('user@shop.test', 'Shop');
      const [u] = await local.database.db.select().from(users).where(eq(users.username, 'user@shop.test'));
      await op.post(`/api/admin/accounts/${u!.id}/approve`);
      await local.app.deps.mailer.deliverPending();
      const outbox = await op.get('/api/admin/outbox');
      expect(outbox.json()).toEqual([expect.objectContaining({ toAddress: 'user@shop.test', status: 'outbox', subject: 'Your Hireloop account has been approved' })]);
    } finally {
      await local.close();
    }
  });
});
