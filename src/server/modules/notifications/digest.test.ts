import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import { alternativeRequests, dataRequests, notificationSettings, phoneScreeningCandidates, phoneScreenings, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { requestDigestRun, sendDailyDigests } from './digest.service';

// The daily digest (decision 031): once a day to each member who turned it on, about their own
// company's last 24 hours, and nothing when there is nothing to report. The clock is the app's.

const HOUR = 60 * 60_000;
let now = new Date('2026-12-01T07:00:00.000Z');

let t: TestApp;
let smtp: TestSmtp;
let owner: Agent;
let job: Job;
let companyId: number;
let ownerId: number;

const ON = { interview_completed: true, screening_completed: true, candidate_request: true, daily_digest: true };

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' }, { clock: () => now });
  const { db } = t.database;
  owner = new Agent(t.app);
  expect((await owner.register('owner@acme.example', 'Acme')).statusCode).toBe(201);
  const [row] = await db.select().from(users).where(eq(users.username, 'owner@acme.example'));
  companyId = row!.companyId;
  ownerId = row!.id;
  expect((await owner.request('PUT', '/api/notifications/settings', { choices: ON })).statusCode).toBe(200);
  job = (await owner.post('/api/job', { title: 'Line Cook', description: 'Cooks on the line.', questions: ['How do you keep your station clean?'] })).json<Job>();

  // A recruiter who turned it on, a viewer who did not (the default), a removed member who had it on.
  const rec = await makeMember(db, companyId, 'recruiter', { email: 'rec@acme.example' });
  await db.insert(notificationSettings).values({ userId: rec.user.id, dailyDigest: true });
  await makeMember(db, companyId, 'viewer', { username: 'viewer@acme.example' });
  const gone = await makeMember(db, companyId, 'recruiter', { email: 'gone@acme.example', removedAt: new Date() });
  await db.insert(notificationSettings).values({ userId: gone.user.id, dailyDigest: true });
  // Another company, with the digest on and nothing happening.
  const other = new Agent(t.app);
  expect((await other.register('boss@other.example', 'Other Co')).statusCode).toBe(201);
  expect((await other.request('PUT', '/api/notifications/settings', { choices: ON })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const addressesOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
const digests = (day: string) => smtp.messages.filter((m) => m.subject === `Your daily digest for Acme: ${day}`);
const digestRun = async () => {
  await sendDailyDigests({ db: t.database.db, notifications: t.app.deps.notifications }, now);
  await t.app.deps.mailer.deliverPending();
};

describe('the daily digest', () => {
  it('summarises the company\'s last 24 hours once a day for each member who wants it', async () => {
    const { db } = t.database;
    const done = await makeInterview(db, job.id, { candidateName: 'Ada Lovelace', status: 'completed', completedAt: new Date(now.getTime() - HOUR) });
    const old = await makeInterview(db, job.id, { candidateName: 'Old Timer', status: 'completed', completedAt: new Date(now.getTime() - 30 * HOUR) });
    const [screening] = await db.insert(phoneScreenings).values({ companyId, userId: ownerId, jobTitle: 'Dispatcher', questions: ['Why dispatch?'] }).returning();
    const [screened] = await db
      .insert(phoneScreeningCandidates)
      .values({
        screeningId: screening!.id,
        candidateName: 'Katherine Johnson',
        countryCode: '+1',
        phoneNumber: '5550100',
        interviewTime: now,
        timeZone: 'UTC-05:00',
        zone: 'America/New_York',
        status: 'completed',
        completedAt: new Date(now.getTime() - 2 * HOUR),
      })
      .returning();
    const asking = await makeInterview(db, job.id, { candidateName: 'Mary Jackson' });
    await db.insert(alternativeRequests).values({ companyId, interviewId: asking.id, kind: 'human_interview', requestedAt: new Date(now.getTime() - 50 * HOUR) });
    await db.insert(dataRequests).values({ companyId, interviewId: asking.id, kind: 'deletion', requestedAt: now, dueAt: new Date('2026-12-31T07:00:00.000Z') });
    // A phone screening candidate's request from their call link.
    await db.insert(dataRequests).values({ companyId, phoneCandidateId: screened!.id, kind: 'deletion', requestedAt: now, dueAt: new Date('2026-12-30T07:00:00.000Z') });

    await digestRun();
    const sent = digests('2026-12-01');
    expect(sent.flatMap(addressesOf).sort()).toEqual(['owner@acme.example', 'rec@acme.example']);
    const text = sent.find((m) => addressesOf(m).includes('rec@acme.example'))!.text!;
    expect(text).toContain(`Interviews completed (1):\n- Line Cook: https://hire.example.com/interview/${done.id}\n`);
    expect(text).not.toContain(`/interview/${old.id}\n`);
    expect(text).toContain(`Phone screenings completed (1):\n- Dispatcher: https://hire.example.com/phone-screening/${screening!.id}/candidates/${screened!.id}`);
    expect(text).toContain('Candidate requests still open (3):');
    expect(text).toContain(
      `- Deletion of their data by 2026-12-30, asked by a candidate in the phone screening for Dispatcher: https://hire.example.com/phone-screening/${screening!.id}/candidates/${screened!.id}`,
    );
    expect(text).toContain(`- Interview with a person, asked by a candidate for Line Cook: https://hire.example.com/interview/${asking.id}`);
    expect(text).toContain(`- Deletion of their data by 2026-12-31, asked by a candidate for Line Cook: https://hire.example.com/interview/${asking.id}`);
    // No candidate is named: deleting one candidate's data could not find them in a digest (decision 031).
    for (const name of ['Ada Lovelace', 'Katherine Johnson', 'Mary Jackson']) expect(text).not.toContain(name);
    expect(text).toMatch(/"Daily digest" is on in your notification settings\.\nStop these emails: https:\/\/hire\.example\.com\/unsubscribe\?token=\d+\.daily_digest\.\S+/);
    // The other company had nothing to report, and hears nothing of Acme's.
    expect(smtp.messages.some((m) => addressesOf(m).includes('boss@other.example'))).toBe(false);

    // Later the same day, nothing more.
    now = new Date('2026-12-01T20:00:00.000Z');
    const grace = await makeInterview(db, job.id, { candidateName: 'Grace Hopper', status: 'completed', completedAt: new Date(now.getTime() - HOUR) });
    await digestRun();
    expect(digests('2026-12-01')).toHaveLength(2);
    const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, ownerId));
    expect(row!.digestSentOn).toBe('2026-12-01');

    // The next day, the next one: its own 24 hours.
    now = new Date('2026-12-02T07:00:00.000Z');
    await digestRun();
    await digestRun();
    const next = digests('2026-12-02');
    expect(next.flatMap(addressesOf).sort()).toEqual(['owner@acme.example', 'rec@acme.example']);
    expect(next[0]!.text).toContain(`Interviews completed (1):\n- Line Cook: https://hire.example.com/interview/${grace.id}\n`);
  });

  it('sends nothing on a day with nothing to report', async () => {
    const { db } = t.database;
    await db.update(alternativeRequests).set({ status: 'resolved', resolvedAt: now }).where(eq(alternativeRequests.companyId, companyId));
    await db.update(dataRequests).set({ status: 'completed', completedAt: now }).where(eq(dataRequests.companyId, companyId));
    now = new Date('2026-12-03T09:00:00.000Z');
    const before = smtp.messages.length;
    expect(await sendDailyDigests({ db, notifications: t.app.deps.notifications }, now)).toBe(0);
    await t.app.deps.mailer.deliverPending();
    expect(smtp.messages.length).toBe(before);
  });

  it('runs as a queued job, asked for once a day whatever the number of asks', async () => {
    now = new Date('2026-12-04T07:00:00.000Z');
    await makeInterview(t.database.db, job.id, { candidateName: 'Dorothy Vaughan', status: 'completed', completedAt: new Date(now.getTime() - HOUR) });
    const before = smtp.messages.length;
    expect(await requestDigestRun(t.app.deps.queue, now)).not.toBeNull();
    expect(await requestDigestRun(t.app.deps.queue, now)).toBeNull();
    await smtp.waitFor(before + 2, 10_000);
    expect(digests('2026-12-04').flatMap(addressesOf).sort()).toEqual(['owner@acme.example', 'rec@acme.example']);
  });
});
