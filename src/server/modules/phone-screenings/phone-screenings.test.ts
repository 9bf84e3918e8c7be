import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineInterviewTime, COUNTRY_CODES, TIME_SLOTS, TIME_ZONES, type PhoneScreening, type ScreeningCandidate } from '../../../contracts/phone-screenings';
import { Agent, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('screener-a', 'Alpha Freight');
  b = new Agent(t.app);
  await b.register('screener-b', 'Beta Foods');
});
afterAll(() => t.close());

const create = async (agent: Agent, body: Record<string, string>) => {
  const res = await agent.post('/api/phone-screening', body);
  expect(res.statusCode).toBe(201);
  return res.json<PhoneScreening>();
};
const candidate = { candidateName: 'Priya Nair', countryCode: '+91', phoneNumber: '98765 43210', timeZone: 'UTC+05:30', notes: 'Prefers mornings', interviewTime: '2026-12-01T04:00:00.000Z' };

describe('phone screenings', () => {
  it('creates a screening with AI questions from whatever is given, defaults with only a title', async () => {
    const full = await create(a, { jobTitle: 'CDL Class A Driver', jobDescription: 'Regional routes.\nPre-trip inspections.', skills: 'hours of service, load securement' });
    expect(full).toMatchObject({ jobTitle: 'CDL Class A Driver', jobDescription: 'Regional routes.\nPre-trip inspections.', skills: 'hours of service, load securement', agentName: 'Alex' });
    expect(full.questions.join(' ')).toContain('hours of service');
    const titleOnly = await create(a, { jobTitle: 'Cashier' });
    expect(titleOnly.questions.length).toBeGreaterThanOrEqual(5);
    expect(titleOnly.jobDescription).toBeNull();
    const list = (await a.get('/api/phone-screening')).json<{ id: number }[]>();
    expect(list.map((s) => s.id)).toEqual([titleOnly.id, full.id]);
    const missing = await a.post('/api/phone-screening', { jobTitle: ' ' });
    expect(missing.json()).toEqual({ error: 'jobTitle: Job title is required', code: 'VALIDATION_FAILED' });
  });

  it('edits questions with the job rules and hides everything from other companies', async () => {
    const s = await create(a, { jobTitle: 'Dispatcher' });
    const res = await a.request('PATCH', `/api/phone-screening/${s.id}/questions`, { questions: ['New question', '  ', 'Why dispatch?'] });
    expect(res.json<PhoneScreening>().questions).toEqual(['New question', 'Why dispatch?']);
    expect((await a.request('PATCH', `/api/phone-screening/${s.id}/questions`, { questions: [''] })).json<{ error: string }>().error).toBe('Please add at least one question');
    for (const res of [
      await b.get(`/api/phone-screening/${s.id}`),
      await b.request('PATCH', `/api/phone-screening/${s.id}/questions`, { questions: ['x'] }),
      await b.get(`/api/phone-screening/${s.id}/candidates`),
      await b.post(`/api/phone-screening/${s.id}/candidates`, candidate),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await b.get('/api/phone-screening')).json()).toEqual([]);
  });
});

describe('candidates', () => {
  it('adds and edits candidates, validating every field', async () => {
    const s = await create(a, { jobTitle: 'Line Cook' });
    const added = await a.post(`/api/phone-screening/${s.id}/candidates`, { ...candidate, screeningId: s.id });
    expect(added.statusCode).toBe(201);
    const c = added.json<ScreeningCandidate>();
    expect(c).toMatchObject({ candidateName: 'Priya Nair', countryCode: '+91', phoneNumber: '98765 43210', timeZone: 'UTC+05:30', status: 'pending', interviewTime: '2026-12-01T04:00:00.000Z', notes: 'Prefers mornings' });

    const edited = await a.request('PATCH', `/api/phone-screening/candidates/${c.id}`, { ...candidate, phoneNumber: '555-123-4567', countryCode: '+1', timeZone: 'UTC-05:00' });
    expect(edited.json<ScreeningCandidate>()).toMatchObject({ phoneNumber: '555-123-4567', countryCode: '+1', timeZone: 'UTC-05:00' });
    expect((await b.request('PATCH', `/api/phone-screening/candidates/${c.id}`, candidate)).statusCode).toBe(404);

    const bad = await a.post(`/api/phone-screening/${s.id}/candidates`, { candidateName: '', countryCode: '', phoneNumber: '123', timeZone: 'Mars', interviewTime: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    const error = bad.json<{ error: string }>().error;
    for (const m of ['candidateName: Name is required', 'countryCode: Country code is required', 'phoneNumber: Phone number is required', 'timeZone: Time zone is required', 'interviewTime: Invalid interview date or time']) {
      expect(error).toContain(m);
    }
    expect((await a.get(`/api/phone-screening/${s.id}/candidates`)).json()).toHaveLength(1);
  });
});

describe('form constants and time', () => {
  it('offers the spec\'s time zones, country codes and 48 half-hour slots', () => {
    expect(TIME_ZONES).toHaveLength(26);
    expect(TIME_ZONES[0]?.value).toBe('UTC-12:00');
    expect(TIME_ZONES.at(-1)?.value).toBe('UTC+12:00');
    expect(TIME_ZONES.find((z) => z.value === 'UTC+05:30')?.label).toBe('UTC+05:30 (India)');
    expect(TIME_ZONES.find((z) => z.value === 'UTC-05:00')?.label).toBe('UTC-05:00 (Eastern)');
    expect(COUNTRY_CODES.map((c) => c.value)).toEqual(['+1', '+44', '+91', '+61', '+81', '+86', '+49', '+33', '+39', '+7', '+65', '+82', '+55', '+52', '+27']);
    expect(TIME_SLOTS).toHaveLength(48);
    expect(TIME_SLOTS[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(TIME_SLOTS[27]).toEqual({ value: '13:30', label: '1:30 PM' });
  });

  it('combines date and time in the chosen zone into one UTC instant', () => {
    expect(combineInterviewTime('2026-12-01', '09:30', 'UTC+05:30')).toBe('2026-12-01T04:00:00.000Z');
    expect(combineInterviewTime('2026-12-01', '09:00', 'UTC-05:00')).toBe('2026-12-01T14:00:00.000Z');
    expect(combineInterviewTime('2026-02-30', '09:00', 'UTC-05:00')).toBeNull();
    expect(combineInterviewTime('2026-12-01', '25:00', 'UTC-05:00')).toBeNull();
    expect(combineInterviewTime('', '09:00', 'UTC-05:00')).toBeNull();
    expect(combineInterviewTime('2026-12-01', '9am', 'UTC-05:00')).toBeNull();
  });
});
