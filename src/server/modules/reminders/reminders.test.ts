import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import { buildApp } from '../../app';
import { emails, interviews, jobs } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { REMINDER_SWEEP, sendDueReminders } from './reminders.service';

// The one automatic reminder (issue 16, decision 030): three days after the invitation, to
// candidates who have not started, once; two app instances on one database send one each.

const DAY = 24 * 60 * 60 * 1000;

let smtp: TestSmtp;
let t: TestApp;
let other: FastifyInstance;
let now = new Date();
let owner: Agent;
let job: Job;
const clock = () => now;
/**
 * Moves the clock to `ms` after the later of itself and the real time: an invitation's time is the
 * database's (the email row's creation), which the sweep compares with the app's clock.
 */
const advance = (ms: number) => (now = new Date(Math.max(now.getTime(), Date.now()) + ms));

beforeAll(async () => {
  smtp = await startTestSmtp();
  const env = { SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com', SESSION_IDLE_MINUTES: String(30 * 24 * 60), SESSION_MAX_DAYS: '90' };
  t = await createTestApp(env, { clock });
  other = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5, clock });
  await other.ready();
  // The sweep each app asks for at start-up runs first, before the clock moves: later, it would race the sweeps below.
  await startupSweepDone();
  owner = new Agent(t.app);
  await owner.register('owner@bistro.example', 'Bistro Group');
  job = (await owner.post('/api/job', { title: 'Line Cook', description: 'Cook on the line.' })).json<Job>();
});
afterAll(async () => {
  await other.close();
  await t.close();
  await smtp.close();
});

/** Waits (the queue polls) until the sweep asked for at start-up has run. */
async function startupSweepDone(): Promise<void> {
  const until = Date.now() + 20_000;
  const done = async () =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`, [REMINDER_SWEEP])).rows[0]!.n;
  while ((await done()) === 0) {
    if (Date.now() > until) throw new Error('the reminder sweep asked for at start-up did not run');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An interview whose invitation email went now (by the app's clock and the database's). */
async function invited(name: string, jobId = job.id) {
  const email = `${name.toLowerCase().replace(/\s/g, '.')}@example.com`;
  const iv = (await owner.post(`/api/job/${jobId}/interview`, { candidateName: name, email })).json<CreatedInterview>();
  const sent = await owner.post('/api/send-candidate-emails', { subject: 'Interview at {{companyName}}', body: 'Start: {{candidateLink}}', candidates: [{ name, email, jobId, interviewId: iv.id }] });
  expect(sent.json()).toMatchObject({ sent: 1 });
  return { ...iv, token: new URL(iv.candidateLink).searchParams.get('token')! };
}
const remindersTo = async (address: string) =>
  (await t.database.db.select().from(emails).where(eq(emails.toAddress, address))).filter((e) => e.kind === 'reminder');
/** The reminder the SMTP server received for `address`, waiting for mail as it arrives (notifications to the team go too). */
async function reminderMailTo(address: string, after: number) {
  for (let count = after + 1; ; count++) {
    const found = (await smtp.waitFor(count, 15_000)).slice(after).find((m) => m.subject?.startsWith('Reminder:') && (m.to as { text: string }).text === address);
    if (found) return found;
  }
}
const deps = (app: FastifyInstance) => ({ db: app.deps.database.db, mailer: app.deps.mailer, appUrl: app.deps.config.appUrl });

describe('the candidate reminder', () => {
  it('goes once, three days after the invitation, only to candidates who can still start and have not', async () => {
    const due = await invited('Dana Due');
    const started = await invited('Sam Started');
    await giveConsent(t.app, started.id, started.token);
    expect((await t.app.inject({ method: 'POST', url: `/api/interview/${started.id}/start`, headers: { 'x-candidate-token': started.token } })).statusCode).toBe(200);
    const expiring = await invited('Eve Expiring');
    await t.database.db.update(interviews).set({ linkExpiresAt: new Date(now.getTime() + 2 * DAY) }).where(eq(interviews.id, expiring.id));
    const deleted = await invited('Del Deleted');
    await t.database.db.update(interviews).set({ dataDeletedAt: now }).where(eq(interviews.id, deleted.id));
    const asked = await invited('Alt Asked');
    const alternative = await t.app.inject({ method: 'POST', url: `/api/interview/${asked.id}/alternative-requests`, headers: { 'x-candidate-token': asked.token }, payload: { kind: 'human_interview' } });
    expect(alternative.statusCode).toBe(201);
    const closedJob = (await owner.post('/api/job', { title: 'Sous Chef', description: 'Run the pass.' })).json<Job>();
    await invited('Cal Closed', closedJob.id);
    await t.database.db.update(jobs).set({ closedAt: now }).where(eq(jobs.id, closedJob.id));
    // A link the recruiter copied and shared themselves: no invitation went, so no reminder goes.
    expect((await owner.post(`/api/job/${job.id}/interview`, { candidateName: 'Una Linked', email: 'una@example.com' })).statusCode).toBe(201);

    // Not yet three days.
    advance(3 * DAY - 60_000);
    expect(await sendDueReminders(deps(t.app), now)).toEqual({ sent: 0 });

    now = new Date(now.getTime() + 2 * 60_000);
    const before = smtp.messages.length;
    expect(await sendDueReminders(deps(t.app), now)).toEqual({ sent: 1 });
    const mail = await reminderMailTo('dana.due@example.com', before);
    expect(mail.subject).toBe('Reminder: your interview for Line Cook at Bistro Group');
    expect(mail.text).toContain(`Start your interview here: ${due.candidateLink}`);
    expect(mail.text).toContain('Your interview link is valid until');
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, due.id));
    expect(row!.reminderSentAt?.toISOString()).toBe(now.toISOString());
    for (const address of ['sam.started@example.com', 'eve.expiring@example.com', 'alt.asked@example.com', 'cal.closed@example.com', 'una@example.com']) {
      expect(await remindersTo(address), address).toEqual([]);
    }
    expect(await t.database.db.select().from(emails).where(eq(emails.interviewId, deleted.id)).then((r) => r.filter((e) => e.kind === 'reminder'))).toEqual([]);

    // Once: later runs send nothing more, even after a resend.
    expect((await owner.post(`/api/interview/${due.id}/resend`)).statusCode).toBe(200);
    now = new Date(now.getTime() + 4 * DAY);
    expect(await sendDueReminders(deps(t.app), now)).toEqual({ sent: 0 });
    expect(await remindersTo('dana.due@example.com')).toHaveLength(1);
  });

  it('is sent once per candidate when two instances sweep at the same moment', async () => {
    const names = ['Ada One', 'Ben Two', 'Cy Three', 'Di Four', 'Ed Five'];
    for (const name of names) await invited(name);
    advance(3 * DAY + 1000);
    const before = smtp.messages.length;
    const [a, b] = await Promise.all([sendDueReminders(deps(t.app), now), sendDueReminders(deps(other), now)]);
    expect(a.sent + b.sent).toBe(names.length);
    for (const name of names) {
      const address = `${name.toLowerCase().replace(/\s/g, '.')}@example.com`;
      await reminderMailTo(address, before);
      expect(await remindersTo(address), address).toHaveLength(1);
      expect(smtp.messages.filter((m) => m.subject?.startsWith('Reminder:') && (m.to as { text: string }).text === address), address).toHaveLength(1);
    }
  });

  it('runs as the app’s queue job, on the app’s clock', async () => {
    const iv = await invited('Quinn Queue');
    advance(3 * DAY + 1000);
    const before = smtp.messages.length;
    await t.app.deps.queue.send(REMINDER_SWEEP, {});
    const mail = await reminderMailTo('quinn.queue@example.com', before);
    expect(mail.subject).toBe('Reminder: your interview for Line Cook at Bistro Group');
    expect(mail.text).toContain(iv.candidateLink);
  });
});
