import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationView, ApplyPageState, ApplyRefused, PublicApplyPage } from '../../../contracts/apply';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { applications, auditLog, phoneScreeningCandidates, webhookDeliveries, webhookEndpoints, users } from '../../db/schema';
import { Agent, createTestApp, nextAddress, type TestApp } from '../../test/app';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { multipart } from '../../test/multipart';
import { waitFor } from '../../test/wait';
import { dispatchDueCalls } from '../phone-calls/scheduler';

// Public apply pages for phone screenings (issue 17.1, docs/decisions/035-apply-pages.md): the
// applicant is scheduled for the next calling hours on their own clock (weekdays 09:00-18:00), the
// existing dispatcher calls them when that time comes, and they are emailed when they gave an email.

let smtp: TestSmtp;
let t: TestApp;
let recruiter: Agent;
let companyId: number;
// Tuesday 2026-11-24 10:00 UTC: 19:00 in Tokyo, 05:00 in New York.
let clock = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' }, { clock: () => clock });
  recruiter = new Agent(t.app);
  await recruiter.register('screen-owner', 'Northwind Logistics');
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'screen-owner'));
  companyId = owner!.companyId;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function screeningWithPage(jobTitle: string): Promise<{ screening: PhoneScreening; slug: string }> {
  const created = await recruiter.post('/api/phone-screening', { jobTitle, jobDescription: 'Drive a route around the city, five days a week.' });
  expect(created.statusCode).toBe(201);
  const screening = created.json<PhoneScreening>();
  const on = await recruiter.request('PUT', `/api/phone-screening/${screening.id}/apply-page`, { enabled: true });
  expect(on.statusCode).toBe(200);
  return { screening, slug: on.json<ApplyPageState>().slug! };
}

async function apply(slug: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const page = (await t.app.inject({ method: 'GET', url: `/api/apply/${slug}`, remoteAddress: nextAddress() })).json<PublicApplyPage>();
  const sent = { candidateName: 'Kenji Sato', countryCode: '+81', phoneNumber: '90 1234 5678', timeZone: 'Asia/Tokyo', email: '', consent: 'on', noticeVersion: page.notice.version, formToken: page.formToken, ...fields };
  clock = new Date(clock.getTime() + 30_000);
  return t.app.inject({ method: 'POST', url: `/api/apply/${slug}`, remoteAddress: nextAddress(), ...multipart(Object.entries(sent).map(([name, value]) => ({ name, value }))) });
}

const candidatesOf = (screeningId: number) => t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.screeningId, screeningId));

describe('applying to a phone screening', () => {
  it('shows the phone notice, schedules the call for the next calling hours on the candidate clock, and emails them', async () => {
    const { screening, slug } = await screeningWithPage('Delivery Driver');
    const page = (await t.app.inject({ method: 'GET', url: `/api/apply/${slug}` })).json<PublicApplyPage>();
    expect(page).toMatchObject({ kind: 'screening', companyName: 'Northwind Logistics', title: 'Delivery Driver', isOpen: true });
    expect(page.notice.title).toBe('About this AI phone screening');
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({ companyId, url: 'https://hooks.example.com/screening', events: ['candidate.applied'], secret: `whsec_${randomBytes(24).toString('base64')}` })
      .returning();

    const res = await apply(slug, { email: 'kenji@example.com', coverNote: 'I drove delivery vans in Osaka.' });
    expect(res.statusCode).toBe(201);
    // 19:00 in Tokyo on a Tuesday: the next opening is Wednesday 09:00 there, 00:00 UTC.
    expect(res.json()).toEqual({
      outcome: 'scheduled',
      callAt: '2026-11-25T00:00:00.000Z',
      timeZone: 'Asia/Tokyo',
      localTime: 'Wednesday, November 25, 2026 at 09:00 (Asia/Tokyo)',
      message: 'Thank you, Kenji Sato. An AI assistant will call you on Wednesday, November 25, 2026 at 09:00 (Asia/Tokyo). We have emailed the details to kenji@example.com.',
    });
    const [candidate] = await candidatesOf(screening.id);
    expect(candidate).toMatchObject({ candidateName: 'Kenji Sato', countryCode: '+81', phoneNumber: '90 1234 5678', timeZone: 'UTC+09:00', email: 'kenji@example.com', source: 'apply', status: 'pending' });
    expect(candidate!.nextCallAt!.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(candidate!.interviewTime.toISOString()).toBe('2026-11-25T00:00:00.000Z');

    const mail = await waitFor('the confirmation email', () => smtp.messages.find((m) => m.subject === 'Your application for Delivery Driver at Northwind Logistics'));
    expect(mail.text).toContain('on Wednesday, November 25, 2026 at 09:00 (Asia/Tokyo)');
    expect(mail.text).toContain('+81 90 1234 5678');

    const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
    expect(delivery!.payload).toMatchObject({ type: 'candidate.applied', data: { kind: 'screening', screeningId: screening.id, candidateId: candidate!.id, name: 'Kenji Sato', email: 'kenji@example.com', source: 'apply' } });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'consent_given'), eq(auditLog.subject, `phone_candidate:${candidate!.id}`)))).toHaveLength(1);

    // The recruiter's list says where they came from; the result page reads the cover note.
    const listed = (await recruiter.get(`/api/phone-screening/${screening.id}/candidates`)).json<ScreeningCandidate[]>();
    expect(listed.map((c) => c.source)).toEqual(['apply']);
    const view = (await recruiter.get(`/api/phone-screening/candidates/${candidate!.id}/application`)).json<ApplicationView>();
    expect(view.application).toMatchObject({ coverNote: 'I drove delivery vans in Osaka.', cv: null });

    // Nobody types anything: at the call time the dispatcher claims the candidate for a call.
    const sent: unknown[] = [];
    const queue = { send: async (_name: string, data: object) => (sent.push(data), 'job') };
    expect(await dispatchDueCalls({ db: t.database.db, queue }, new Date('2026-11-24T23:59:00Z'))).toEqual([]);
    expect(await dispatchDueCalls({ db: t.database.db, queue }, new Date('2026-11-25T00:00:00Z'))).toEqual([candidate!.id]);
    expect(sent).toEqual([{ candidateId: candidate!.id, attempt: 1 }]);
  });

  it('takes the zone summer time into account, and works without an email (nothing is sent)', async () => {
    const { screening, slug } = await screeningWithPage('Route Planner');
    // 05:00 in New York (UTC-05:00 in November): 09:00 the same day, 14:00 UTC.
    const res = await apply(slug, { candidateName: 'Maria Lopez', countryCode: '+1', phoneNumber: '(555) 010-0199', timeZone: 'America/New_York' });
    expect(res.json()).toMatchObject({ outcome: 'scheduled', callAt: '2026-11-24T14:00:00.000Z', localTime: 'Tuesday, November 24, 2026 at 09:00 (America/New_York)' });
    const [candidate] = await candidatesOf(screening.id);
    expect(candidate).toMatchObject({ timeZone: 'UTC-05:00', email: null, source: 'apply' });
    expect(smtp.messages.some((m) => m.subject === 'Your application for Route Planner at Northwind Logistics')).toBe(false);
  });

  it('collapses a second application with the same email or the same phone number into the first', async () => {
    const { screening, slug } = await screeningWithPage('Van Loader');
    expect((await apply(slug, { email: 'aiko@example.com' })).json()).toMatchObject({ outcome: 'scheduled' });
    expect((await apply(slug, { email: 'AIKO@example.com', phoneNumber: '80 0000 0000' })).json()).toMatchObject({ outcome: 'already_applied' });
    expect((await apply(slug, { email: '', phoneNumber: '90-1234-5678' })).json()).toMatchObject({ outcome: 'already_applied' });
    expect(await candidatesOf(screening.id)).toHaveLength(1);
  });

  it('needs a phone number with its country code and a time zone, each named', async () => {
    const { screening, slug } = await screeningWithPage('Dispatcher');
    const res = await apply(slug, { countryCode: '81', phoneNumber: 'call me', timeZone: 'Mars/Olympus', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApplyRefused>().details.fields).toEqual({
      countryCode: 'Please choose your country code',
      phoneNumber: 'Please enter your phone number, digits only',
      timeZone: 'Please choose your time zone',
      email: 'Please enter a valid email address',
    });
    expect(await candidatesOf(screening.id)).toHaveLength(0);
  });

  it('deletes the application and the email with the candidate data', async () => {
    const { screening, slug } = await screeningWithPage('Warehouse Driver');
    expect((await apply(slug, { email: 'erase@example.com', coverNote: 'Mine.' })).statusCode).toBe(201);
    const [candidate] = await candidatesOf(screening.id);
    const res = await recruiter.post(`/api/phone-screening/candidates/${candidate!.id}/delete-data`, { reason: 'candidate_request' });
    expect(res.json()).toEqual({ deleted: true });
    expect(await t.database.db.select().from(applications).where(eq(applications.phoneCandidateId, candidate!.id))).toEqual([]);
    const [after] = await candidatesOf(screening.id);
    expect(after).toMatchObject({ email: null, phoneNumber: '', source: 'apply' });
  });
});
