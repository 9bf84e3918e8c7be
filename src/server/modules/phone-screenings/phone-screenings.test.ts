import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineInterviewTime, COUNTRY_CODES, TIME_SLOTS, TIME_ZONES, type PhoneScreening, type ScreeningCandidate } from '../../../contracts/phone-screenings';
import { phoneScreenings } from '../../db/schema';
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

const create = async (agent: Agent, body: Record<string, string | undefined>) => {
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

describe('agent name', () => {
  it('is Alex unless named on create, and changes with PATCH', async () => {
    const named = await create(a, { jobTitle: 'Welder', agentName: "  Mary-Jo O'Neil " });
    expect(named.agentName).toBe("Mary-Jo O'Neil");
    const s = await create(a, { jobTitle: 'Forklift Operator' });
    expect(s.agentName).toBe('Alex');

    const res = await a.request('PATCH', `/api/phone-screening/${s.id}`, { agentName: ' Jordan ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<PhoneScreening>()).toMatchObject({ id: s.id, agentName: 'Jordan', jobTitle: 'Forklift Operator', questions: s.questions, rubric: s.rubric });
    expect((await a.get(`/api/phone-screening/${s.id}`)).json<PhoneScreening>().agentName).toBe('Jordan');
    expect((await a.request('PATCH', `/api/phone-screening/${s.id}`, {})).json<PhoneScreening>().agentName).toBe('Jordan');
  });

  it('must be 1 to 40 letters, spaces, hyphens or apostrophes', async () => {
    const s = await create(a, { jobTitle: 'Baker' });
    const refusal = async (agentName: unknown) => {
      const res = await a.request('PATCH', `/api/phone-screening/${s.id}`, { agentName });
      expect(res.statusCode).toBe(400);
      return res.json<{ error: string; code: string }>();
    };
    expect(await refusal('   ')).toEqual({ error: 'agentName: Agent name is required', code: 'VALIDATION_FAILED' });
    expect((await refusal('A'.repeat(41))).error).toBe('agentName: Agent name must be at most 40 characters');
    expect((await refusal('R2-D2')).error).toBe('agentName: Agent name may use only letters, spaces, hyphens and apostrophes');
    expect((await refusal('<b>Alex</b>')).error).toBe('agentName: Agent name may use only letters, spaces, hyphens and apostrophes');
    expect((await a.post('/api/phone-screening', { jobTitle: 'Baker', agentName: '' })).json<{ error: string }>().error).toBe('agentName: Agent name is required');
    expect((await a.request('PATCH', `/api/phone-screening/${s.id}`, { agentName: 'Zoë' })).json<PhoneScreening>().agentName).toBe('Zoë');
    expect((await b.request('PATCH', `/api/phone-screening/${s.id}`, { agentName: 'Mallory' })).statusCode).toBe(404);
    expect((await a.get(`/api/phone-screening/${s.id}`)).json<PhoneScreening>().agentName).toBe('Zoë');
  });
});

describe('rubric', () => {
  const storedRubric = async (id: number) => (await t.database.db.select({ rubric: phoneScreenings.rubric }).from(phoneScreenings).where(eq(phoneScreenings.id, id)))[0]?.rubric;
  const upload = (agent: Agent, id: number, body: string, contentType: string) => agent.request('PUT', `/api/phone-screening/${id}/rubric`, body, { 'content-type': contentType });
  const lines = (...rows: string[]) => rows.join('\n');

  it("is the AI's on create, the same the engine writes for the role", async () => {
    const s = await create(a, { jobTitle: 'CDL Class A Driver', jobDescription: 'Regional routes.', skills: 'hours of service' });
    const plan = await t.app.deps.ai.planInterview({ title: 'CDL Class A Driver', description: 'Regional routes.', skills: 'hours of service' });
    expect(plan.rubric.length).toBeGreaterThan(0);
    expect(s.rubric).toEqual(plan.rubric);
    expect(await storedRubric(s.id)).toEqual(plan.rubric);
    expect((await a.get(`/api/phone-screening/${s.id}`)).json<PhoneScreening>().rubric).toEqual(plan.rubric);
  });

  it('takes a CSV file: header in another order, quoted commas and line breaks, weights scaled to 100', async () => {
    const s = await create(a, { jobTitle: 'Dispatcher' });
    const csv = 'Weight,Name,Description\r\n2,Safety,"Pre-trip checks, hours of service"\r\n1,Communication,"Explains delays.\r\nStays calm."\r\n1,Reliability,Shows up\r\n';
    const res = await upload(a, s.id, csv, 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(200);
    const expected = [
      { name: 'Safety', description: 'Pre-trip checks, hours of service', weight: 50 },
      { name: 'Communication', description: 'Explains delays.\r\nStays calm.', weight: 25 },
      { name: 'Reliability', description: 'Shows up', weight: 25 },
    ];
    expect(res.json<PhoneScreening>()).toMatchObject({ id: s.id, jobTitle: 'Dispatcher', agentName: 'Alex', questions: s.questions, rubric: expected });
    expect(await storedRubric(s.id)).toEqual(expected);
  });

  it('takes JSON: a list, or { rubric: [...] }, and rounds to exactly 100', async () => {
    const s = await create(a, { jobTitle: 'Warehouse Associate' });
    const criteria = [
      { name: 'Speed', description: 'Picks fast', weight: 1 },
      { name: 'Accuracy', description: 'No mispicks', weight: 1 },
      { name: 'Safety', description: 'Lifts safely', weight: 1 },
    ];
    expect((await upload(a, s.id, JSON.stringify(criteria), 'application/json')).statusCode).toBe(200);
    expect((await storedRubric(s.id))?.map((c) => c.weight)).toEqual([33, 33, 34]);
    const wrapped = await a.request('PUT', `/api/phone-screening/${s.id}/rubric`, {
      rubric: [
        { name: 'Teamwork', description: 'Helps others', weight: 40 },
        { name: 'Punctuality', description: '', weight: 40 },
      ],
    });
    expect(wrapped.statusCode).toBe(200);
    expect(await storedRubric(s.id)).toEqual([
      { name: 'Teamwork', description: 'Helps others', weight: 50 },
      { name: 'Punctuality', description: '', weight: 50 },
    ]);
  });

  it('refuses a bad file with 400, naming the row and field, and keeps the rubric it had', async () => {
    const s = await create(a, { jobTitle: 'Cashier' });
    const before = await storedRubric(s.id);
    const bad = await upload(a, s.id, lines('name,description,weight', 'Accuracy,Counts change,50', 'Friendliness,Greets everyone,lots', ',No name,10'), 'text/csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Row 3: weight must be a positive number up to 100, not "lots"; Row 4: name is missing', code: 'VALIDATION_FAILED' });
    const json = await upload(a, s.id, '[{"name": "A", "weight": 0}]', 'application/json');
    expect(json.json()).toEqual({ error: 'Criterion 1: weight must be a positive number up to 100, not 0', code: 'VALIDATION_FAILED' });
    const broken = await upload(a, s.id, '{"rubric": [', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ error: string; code: string }>().error).toMatch(/^The file is not valid JSON/);
    expect((await upload(a, s.id, '', 'text/csv')).json<{ error: string }>().error).toMatch(/^The file is empty/);
    expect((await upload(a, s.id, lines('name,description,weight', 'A,a,1'), 'text/plain')).json()).toEqual({
      error: 'body: Send the rubric file with the content type text/csv or application/json',
      code: 'VALIDATION_FAILED',
    });
    const tooBig = await upload(a, s.id, lines('name,description,weight', ...Array<string>(12_000).fill('A,a,1')), 'text/csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ code: string }>().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedRubric(s.id)).toEqual(before);
  });

  it("answers 404 for another company's screening, whatever the file", async () => {
    const s = await create(a, { jobTitle: 'Line Cook' });
    const before = await storedRubric(s.id);
    expect((await upload(b, s.id, lines('name,description,weight', 'Theft,Took it,100'), 'text/csv')).statusCode).toBe(404);
    expect((await upload(b, s.id, 'garbage', 'text/csv')).statusCode).toBe(404);
    expect((await b.post(`/api/phone-screening/${s.id}/rubric/regenerate`)).statusCode).toBe(404);
    expect(await storedRubric(s.id)).toEqual(before);
    expect((await upload(new Agent(t.app), s.id, lines('name,weight', 'A,1'), 'text/csv')).statusCode).toBe(401);
  });

  it("goes back to the AI's rubric", async () => {
    const s = await create(a, { jobTitle: 'Line Cook' });
    await upload(a, s.id, lines('name,weight', 'Knife skills,1'), 'text/csv');
    expect(await storedRubric(s.id)).toEqual([{ name: 'Knife skills', description: '', weight: 100 }]);
    const res = await a.post(`/api/phone-screening/${s.id}/rubric/regenerate`);
    expect(res.statusCode).toBe(200);
    expect(res.json<PhoneScreening>().rubric).toEqual(s.rubric);
    expect(await storedRubric(s.id)).toEqual(s.rubric);
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
