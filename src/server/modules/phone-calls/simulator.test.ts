import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallLink, CallMode, CandidateCallInfo, ScreeningResult } from '../../../contracts/phone-call-results';
import type { CallReply } from '../../../contracts/phone-calls';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { phoneCalls, phoneScreeningCandidates } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { FOLLOW_UPS } from '../../ai/builtin/conversation';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('caller-a', 'Alpha Freight');
  b = new Agent(t.app);
  await b.register('caller-b', 'Beta Foods');
});
afterAll(() => t.close());

const QUESTIONS = [
  'How many years have you driven commercial trucks, and on which kinds of routes?',
  'How do you plan your day to stay within the hours of service rules?',
];

/** Answers detailed enough that the built-in engine asks no follow-up. */
const FULL_ANSWERS = [
  'I have driven commercial trucks for six years, mostly regional routes across Ohio and Indiana, with some long haul routes to Texas. I hauled dry van freight and kept a clean safety record with no accidents.',
  'I plan my day around the hours of service rules by checking my electronic logging device each morning, planning fuel and rest stops before I leave, and calling dispatch early when traffic or a late dock puts my hours at risk.',
];

async function makeScreening(agent: Agent, jobTitle = 'CDL Class A Driver'): Promise<PhoneScreening> {
  const created = await agent.post('/api/phone-screening', { jobTitle, jobDescription: 'Regional routes, hours of service, safe driving.' });
  expect(created.statusCode).toBe(201);
  const { id } = created.json<PhoneScreening>();
  const res = await agent.request('PATCH', `/api/phone-screening/${id}/questions`, { questions: QUESTIONS });
  expect(res.statusCode).toBe(200);
  return res.json<PhoneScreening>();
}

async function addCandidate(agent: Agent, screeningId: number, fields: Partial<Record<string, string>> = {}): Promise<ScreeningCandidate> {
  const res = await agent.post(`/api/phone-screening/${screeningId}/candidates`, {
    candidateName: 'Dana Whitfield',
    countryCode: '+1',
    phoneNumber: '555-123-4567',
    timeZone: 'UTC-05:00',
    interviewTime: '2026-12-01T15:00:00.000Z',
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json<ScreeningCandidate>();
}

const startCall = (agent: Agent, candidateId: number, headers: Record<string, string> = {}) =>
  agent.post(`/api/phone-screening/candidates/${candidateId}/simulated-call`, {}, headers);

const answer = (agent: Agent, reply: Pick<CallReply, 'callId' | 'turn'>, text: string, headers: Record<string, string> = {}) =>
  agent.post(`/api/phone-calls/${reply.callId}/answer`, { turn: reply.turn, text }, headers);

async function candidateRow(id: number) {
  const [row] = await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id));
  return row!;
}

async function waitForStatus(id: number, status: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await candidateRow(id);
    if (row.status === status) return row;
    if (Date.now() > until) throw new Error(`candidate ${id} is '${row.status}', not '${status}'`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the call simulator', () => {
  it('runs a call from consent to a scored result, with follow-ups, idempotent answers and stale turns refused', async () => {
    const mode = await a.get('/api/phone-screening/call-mode');
    expect(mode.json<CallMode>()).toEqual({ mode: 'simulator' });

    const screening = await makeScreening(a);
    const candidate = await addCandidate(a, screening.id);

    const started = await startCall(a, candidate.id);
    expect(started.statusCode).toBe(201);
    const opening = started.json<CallReply>();
    expect(opening).toMatchObject({ turn: 1, done: false, agentName: 'Alex' });
    expect(opening.say).toHaveLength(1);
    expect(opening.say[0]).toContain('Hi Dana, this is Alex, an AI assistant calling on behalf of Alpha Freight about the CDL Class A Driver position.');
    expect(opening.say[0]).toContain('This call is recorded and transcribed');
    expect(opening.say[0]).toMatch(/Is it okay to continue\?$/);
    expect((await candidateRow(candidate.id)).status).toBe('in_progress');

    // Starting again (a reload) resumes the same call with the same words.
    const resumed = await startCall(a, candidate.id);
    expect(resumed.json<CallReply>()).toEqual(opening);
    const info = (await a.get(`/api/phone-call/${candidate.id}`)).json<CandidateCallInfo>();
    expect(info).toMatchObject({ candidateName: 'Dana Whitfield', agentName: 'Alex', companyName: 'Alpha Freight', jobTitle: 'CDL Class A Driver', status: 'in_progress', questionsCount: 2, callUnderway: true });
    expect(info.transcript).toEqual([{ speaker: 'AI', text: opening.say[0] }]);

    const consent = await answer(a, opening, 'Yes, sure, go ahead.');
    expect(consent.statusCode).toBe(200);
    const first = consent.json<CallReply>();
    expect(first).toMatchObject({ callId: opening.callId, turn: 2, done: false, say: ['Great, thank you. Here is the first question.', QUESTIONS[0]] });

    // The same answer again (a double click) gets the same reply and changes nothing.
    const again = await answer(a, opening, 'Yes, sure, go ahead.');
    expect(again.statusCode).toBe(200);
    expect(again.json<CallReply>()).toEqual(first);
    const [callAfterRepeat] = await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.id, opening.callId));
    expect(callAfterRepeat!.turn).toBe(2);
    expect(callAfterRepeat!.transcript.filter((e) => e.speaker === 'Candidate')).toHaveLength(1);

    // A thin answer gets one follow-up; the answer to it moves on to the next question.
    const followUp = (await answer(a, first, 'I drive trucks.')).json<CallReply>();
    expect(followUp).toMatchObject({ turn: 3, done: false });
    expect(followUp.say).toHaveLength(1);
    expect(FOLLOW_UPS.more).toContain(followUp.say[0]);
    const second = (await answer(a, followUp, FULL_ANSWERS[0]!)).json<CallReply>();
    expect(second).toMatchObject({ turn: 4, done: false, say: ['Thank you. Next question.', QUESTIONS[1]] });

    // An answer to an earlier turn is refused.
    const stale = await answer(a, first, 'A late answer to the first question.');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'This answer belongs to an earlier point of the call', code: 'CALL_TURN_STALE' });

    const last = (await answer(a, second, FULL_ANSWERS[1]!)).json<CallReply>();
    expect(last).toMatchObject({ turn: 5, done: true });
    expect(last.say[0]).toMatch(/^Thank you, those are all my questions\./);

    // Scored through the queue by the video interviews' evaluation; the candidate becomes 'completed'.
    const done = await waitForStatus(candidate.id, 'completed');
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.feedback).toMatchObject({ overall: expect.any(Number), summary: expect.any(String), evaluatedAt: expect.any(String) });
    expect((done.transcript as { transcript: unknown[] }).transcript).toHaveLength(11);
    // The operator's metrics count the call and its evaluation (decision 037).
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('hireloop_screening_calls_total{outcome="completed"} 1');
    expect(metrics).toContain('hireloop_evaluations_total{kind="screening_call",engine="builtin",fallback="no"} 1');

    const res = await a.get(`/api/phone-screening/candidates/${candidate.id}/result`);
    expect(res.statusCode).toBe(200);
    const result = res.json<ScreeningResult>();
    expect(result).toMatchObject({
      id: candidate.id,
      screeningId: screening.id,
      jobTitle: 'CDL Class A Driver',
      agentName: 'Alex',
      candidateName: 'Dana Whitfield',
      countryCode: '+1',
      phoneNumber: '555-123-4567',
      timeZone: 'UTC-05:00',
      status: 'completed',
      outcome: null,
      attempts: 1,
      nextCallAt: null,
      recordingUrl: null,
    });
    expect(result.completedAt).toBe(done.completedAt!.toISOString());
    expect(result.transcript[0]).toEqual({ speaker: 'AI', text: opening.say[0] });
    expect(result.transcript).toContainEqual({ speaker: 'Candidate', text: FULL_ANSWERS[1] });
    const feedback = result.feedback!;
    expect(feedback.overall).toBeGreaterThan(0);
    expect(feedback.summary.length).toBeGreaterThan(0);
    expect(feedback.engine).toBe('builtin');
    expect(feedback.criteria.length).toBeGreaterThanOrEqual(3);
    expect(feedback.criteria.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    for (const c of feedback.criteria) expect(c).toMatchObject({ name: expect.any(String), weight: expect.any(Number), feedback: expect.any(String), evidence: expect.any(Array) });
    expect(feedback.criteria.flatMap((c) => c.evidence).length).toBeGreaterThan(0);
    expect(result.calls).toEqual([
      { id: opening.callId, attempt: 1, provider: 'simulator', status: 'completed', startedAt: expect.any(String), endedAt: expect.any(String), durationSeconds: expect.any(Number), error: null },
    ]);

    // Once scored, the screening cannot be taken again, and answers change nothing.
    const restart = await startCall(a, candidate.id);
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toEqual({ error: 'This phone screening has already been completed', code: 'SCREENING_COMPLETED' });
    expect((await answer(a, last, 'one more thing')).json<CallReply>()).toEqual(last);
    expect((await candidateRow(candidate.id)).status).toBe('completed');
  });

  it('ends politely on a no, and the card and result say why', async () => {
    const screening = await makeScreening(a, 'Dispatcher');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Noah Park' });
    const opening = (await startCall(a, candidate.id)).json<CallReply>();
    const declined = (await answer(a, opening, 'No, not now, thanks.')).json<CallReply>();
    expect(declined).toMatchObject({ turn: 2, done: true, say: ['No problem, thank you for your time. Goodbye!'] });

    const row = await candidateRow(candidate.id);
    expect(row).toMatchObject({ status: 'declined', outcome: 'The candidate declined to continue the call.', feedback: null });
    const result = (await a.get(`/api/phone-screening/candidates/${candidate.id}/result`)).json<ScreeningResult>();
    expect(result).toMatchObject({ status: 'declined', outcome: 'The candidate declined to continue the call.', feedback: null, attempts: 1 });
    expect(result.transcript.map((e) => e.speaker)).toEqual(['AI', 'Candidate', 'AI']);
    expect(result.calls).toEqual([expect.objectContaining({ provider: 'simulator', status: 'completed' })]);
  });
});

describe('who may take and see a call', () => {
  it('lets the candidate in by their own link only', async () => {
    const screening = await makeScreening(a, 'Warehouse Lead');
    const priya = await addCandidate(a, screening.id, { candidateName: 'Priya Nair', countryCode: '+91', phoneNumber: '98765 43210', timeZone: 'UTC+05:30' });
    const other = await addCandidate(a, screening.id, { candidateName: 'Omar Haddad' });

    const link = await a.post(`/api/phone-screening/candidates/${priya.id}/call-link`);
    expect(link.statusCode).toBe(200);
    const { url } = link.json<CallLink>();
    expect(url).toMatch(new RegExp(`^http://localhost:3000/phone-call/${priya.id}\\?token=[A-Za-z0-9_-]{32,}$`));
    // The link is made once: asked again, the same one.
    expect((await a.post(`/api/phone-screening/candidates/${priya.id}/call-link`)).json<CallLink>().url).toBe(url);
    const token = new URL(url).searchParams.get('token')!;
    const otherToken = new URL((await a.post(`/api/phone-screening/candidates/${other.id}/call-link`)).json<CallLink>().url).searchParams.get('token')!;

    const visitor = new Agent(t.app);
    const info = await visitor.get(`/api/phone-call/${priya.id}?token=${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json<CandidateCallInfo>()).toEqual({
      candidateId: priya.id,
      candidateName: 'Priya Nair',
      agentName: 'Alex',
      companyName: 'Alpha Freight',
      jobTitle: 'Warehouse Lead',
      status: 'pending',
      questionsCount: 2,
      callUnderway: false,
      transcript: [],
    });

    const viaHeader = { 'x-candidate-token': token };
    const started = await startCall(visitor, priya.id, viaHeader);
    expect(started.statusCode).toBe(201);
    const opening = started.json<CallReply>();
    expect(opening.say[0]).toContain('Hi Priya, this is Alex');
    const next = await answer(visitor, opening, 'Yes', viaHeader);
    expect(next.statusCode).toBe(200);
    expect(next.json<CallReply>().say[1]).toBe(QUESTIONS[0]);

    // Another candidate's link, a wrong one, or none at all opens nothing.
    for (const res of [
      await visitor.get(`/api/phone-call/${priya.id}?token=${otherToken}`),
      await startCall(visitor, priya.id, { 'x-candidate-token': otherToken }),
      await answer(visitor, next.json<CallReply>(), 'My answer', { 'x-candidate-token': otherToken }),
      await visitor.get(`/api/phone-call/${priya.id}?token=not-the-token`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'This call link is invalid or has expired', code: 'UNAUTHENTICATED' });
    }
    const bare = await visitor.get(`/api/phone-call/${priya.id}`);
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ error: 'A call link or a signed-in account is required', code: 'UNAUTHENTICATED' });
    // The link is not a recruiter's: no result, no new links.
    expect((await visitor.get(`/api/phone-screening/candidates/${priya.id}/result?token=${token}`)).statusCode).toBe(401);
    expect((await visitor.post(`/api/phone-screening/candidates/${priya.id}/call-link`, {}, viaHeader)).statusCode).toBe(401);
    // An unknown candidate looks the same to a visitor as one they may not see.
    expect((await visitor.get(`/api/phone-call/999999?token=${token}`)).statusCode).toBe(401);
  });

  it("hides one company's candidates and calls from another's recruiters", async () => {
    const screening = await makeScreening(a, 'Forklift Operator');
    const candidate = await addCandidate(a, screening.id);
    const opening = (await startCall(a, candidate.id)).json<CallReply>();
    for (const res of [
      await b.get(`/api/phone-call/${candidate.id}`),
      await startCall(b, candidate.id),
      await b.post(`/api/phone-screening/candidates/${candidate.id}/call-link`),
      await b.get(`/api/phone-screening/candidates/${candidate.id}/result`),
      await a.get('/api/phone-screening/candidates/999999/result'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Candidate not found', code: 'NOT_FOUND' });
    }
    const foreignAnswer = await answer(b, opening, 'Yes');
    expect(foreignAnswer.statusCode).toBe(404);
    expect(foreignAnswer.json()).toEqual({ error: 'Call not found', code: 'NOT_FOUND' });
    expect((await answer(a, { callId: 999999, turn: 1 }, 'Yes')).statusCode).toBe(404);
    // Nothing the stranger did moved the call on.
    const [call] = await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.id, opening.callId));
    expect(call!.turn).toBe(1);
    expect((await new Agent(t.app).get('/api/phone-screening/call-mode')).statusCode).toBe(401);
  });
});

describe('with telephony configured', () => {
  it('turns the browser simulator off', async () => {
    const phone = await createTestApp({}, { telephony: { provider: 'twilio', placeCall: async () => ({ sid: 'CA00000000000000000000000000000000' }), deleteRecording: async () => {} } });
    try {
      const agent = new Agent(phone.app);
      await agent.register('phone-operator', 'Gamma Retail');
      expect((await agent.get('/api/phone-screening/call-mode')).json<CallMode>()).toEqual({ mode: 'twilio' });
      const screening = (await agent.post('/api/phone-screening', { jobTitle: 'Cashier' })).json<PhoneScreening>();
      const candidate = await addCandidate(agent, screening.id);
      for (const res of [await startCall(agent, candidate.id), await agent.post(`/api/phone-screening/candidates/${candidate.id}/call-link`)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json<{ error: string }>().error).toBe('Screening calls are placed by phone on this server, so the browser call simulator is turned off');
      }
    } finally {
      await phone.close();
    }
  });
});
