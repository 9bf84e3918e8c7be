import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningResult } from '../../../contracts/phone-call-results';
import type { CallReply } from '../../../contracts/phone-calls';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { callOptOuts, phoneCalls, phoneScreeningCandidates } from '../../db/schema';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { callParams, FakeTwilioTransport, signedWebhook, TWILIO_ENV, TWILIO_SETTINGS } from '../../test/twilio';
import { waitFor } from '../../test/wait';
import { findCallBySid } from './calls.service';
import { OPTED_OUT, stopRequest } from './conversation';
import { ASKED_NOT_TO_CALL, DECLINED_CALL } from './opt-out';
import { dispatchDueCalls } from './scheduler';

// "Stop calling me", or declining, ends every further attempt (issue 15, decision 025).

const APP_URL = 'http://localhost:3000';
const QUESTIONS = ['How many years have you driven commercial trucks?', 'How do you plan your day around the hours of service rules?'];
const DECLINED = 'No problem, thank you for your time. Goodbye!';

describe('reading a request to stop', () => {
  it.each([
    ['Please stop calling me.', 'opt_out'],
    ['Stop calling.', 'opt_out'],
    ["Don't call me again, thanks.", 'opt_out'],
    ['Do not call this number anymore', 'opt_out'],
    ['Take me off your call list please', 'opt_out'],
    ['Put me on the do not call list.', 'opt_out'],
    ['Yes, but never call me again after today', 'opt_out'],
    ['Leave me alone!', 'opt_out'],
    ["I'm not interested.", 'decline'],
    ["No thanks, I don't want to continue.", 'decline'],
    ["I'd like to end the call now", 'decline'],
    ['I withdraw my application', 'decline'],
    // Answers that only contain the words.
    ['I told the dispatcher to stop calling drivers at night and plan the route instead.', null],
    ["Customers who are not interested in the upgrade still get a friendly follow-up; we don't call them twice.", null],
    ['I want to stop at rest areas every four hours.', null],
    ['Yes, go ahead.', null],
    ['', null],
  ] as const)('reads %j as %s', (answer, expected) => {
    expect(stopRequest(answer)).toBe(expected);
  });
});

describe('over the phone', () => {
  let now = new Date('2027-03-01T15:00:00.000Z');
  let t: TestApp;
  let transport: FakeTwilioTransport;
  let a: Agent;

  beforeAll(async () => {
    transport = new FakeTwilioTransport();
    t = await createTestApp(
      { ...TWILIO_ENV, PHONE_CALL_MAX_ATTEMPTS: '3', PHONE_CALL_RETRY_MINUTES: '60' },
      { telephony: createTwilioTelephony(TWILIO_SETTINGS, APP_URL, { httpClient: transport }), clock: () => now },
    );
    a = new Agent(t.app);
    await a.register('optout-a', 'Alpha Freight');
  });
  afterAll(() => t.close());

  async function newCandidate(name: string, phoneNumber: string): Promise<ScreeningCandidate> {
    const created = await a.post('/api/phone-screening', { jobTitle: 'CDL Class A Driver', jobDescription: 'Regional routes.' });
    const screening = (await a.request('PATCH', `/api/phone-screening/${created.json<PhoneScreening>().id}/questions`, { questions: QUESTIONS })).json<PhoneScreening>();
    const res = await a.post(`/api/phone-screening/${screening.id}/candidates`, { candidateName: name, countryCode: '+1', phoneNumber, timeZone: 'UTC-05:00', interviewTime: now.toISOString() });
    expect(res.statusCode).toBe(201);
    return res.json<ScreeningCandidate>();
  }

  const candidateRow = async (id: number) => (await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;
  const dispatch = () => dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
  const dialledTo = (number: string) => transport.calls.filter((c) => c.form.get('To') === number).length;

  async function dial(candidateId: number) {
    const before = transport.calls.length;
    await t.database.db.update(phoneScreeningCandidates).set({ nextCallAt: now }).where(eq(phoneScreeningCandidates.id, candidateId));
    expect(await dispatch()).toEqual([candidateId]);
    const created = await waitFor('Twilio to be asked to place the call', () => transport.calls[before]);
    const call = await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid));
    return { id: call.id, sid: created.sid, to: created.form.get('To')! };
  }
  type Dialled = Awaited<ReturnType<typeof dial>>;

  const unescapeXml = (s: string) => s.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const spoken = (xml: string) => [...xml.matchAll(/<Say [^>]*>([^<]*)<\/Say>/g)].map((m) => unescapeXml(m[1]!));
  const turnOf = (xml: string) => Number(/turn=(\d+)/.exec(unescapeXml(xml))?.[1]);
  const voice = (call: Dialled) => signedWebhook(t.app, `/api/telephony/twilio/voice?callId=${call.id}`, callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' }));
  const gather = (call: Dialled, turn: number, speech: string) =>
    signedWebhook(t.app, `/api/telephony/twilio/gather?callId=${call.id}&turn=${turn}`, callParams(call, { CallStatus: 'in-progress', SpeechResult: speech, Confidence: '0.9' }));
  const status = (call: Dialled, callStatus: string, extra: Record<string, string> = {}) =>
    signedWebhook(t.app, `/api/telephony/twilio/status?callId=${call.id}`, callParams(call, { CallStatus: callStatus, CallbackSource: 'call-progress-events', ...extra }));

  it('ends the call when the candidate asks not to be called again mid-interview, and never dials them again, even when a retry falls due', async () => {
    const candidate = await newCandidate('Dana Whitfield', '(555) 200-0001');
    const call = await dial(candidate.id);
    const opening = await voice(call);
    const first = await gather(call, turnOf(opening.body), 'Yes, go ahead.');
    expect(spoken(first.body)).toContain(QUESTIONS[0]);
    const goodbye = await gather(call, turnOf(first.body), 'Actually, please stop calling me. I found another job.');
    expect(spoken(goodbye.body)).toEqual([OPTED_OUT]);
    expect(goodbye.body).toContain('<Hangup/>');

    // Twilio's late report takes the call for a machine: once that scheduled a retry; now nothing is.
    await status(call, 'completed', { CallDuration: '40', AnsweredBy: 'machine_end_beep' });
    const row = await candidateRow(candidate.id);
    expect(row).toMatchObject({ status: 'declined', outcome: ASKED_NOT_TO_CALL, nextCallAt: null, attempts: 1 });
    expect(await t.database.db.select().from(callOptOuts).where(eq(callOptOuts.candidateId, candidate.id))).toEqual([
      { candidateId: candidate.id, reason: 'asked_not_to_call', callId: call.id, optedOutAt: now },
    ]);
    // The recruiter reads it on the result.
    expect((await a.get(`/api/phone-screening/candidates/${candidate.id}/result`)).json<ScreeningResult>()).toMatchObject({ status: 'declined', outcome: ASKED_NOT_TO_CALL });

    // A retry that falls due anyway (any path that would set one) is not placed.
    now = new Date(now.getTime() + 2 * 60 * 60_000);
    await t.database.db.update(phoneScreeningCandidates).set({ status: 'no_answer', nextCallAt: new Date(now.getTime() - 60_000) }).where(eq(phoneScreeningCandidates.id, candidate.id));
    expect(await dispatch()).toEqual([]);
    expect(dialledTo('+15552000001')).toBe(1);
    // The recruiter changing the interview time does not bring the calls back either.
    const moved = await a.request('PATCH', `/api/phone-screening/candidates/${candidate.id}`, {
      candidateName: 'Dana Whitfield',
      countryCode: '+1',
      phoneNumber: '(555) 200-0001',
      timeZone: 'UTC-05:00',
      interviewTime: now.toISOString(),
    });
    expect(moved.statusCode).toBe(200);
    expect(await dispatch()).toEqual([]);
    expect(dialledTo('+15552000001')).toBe(1);
  });

  it('declining at the start ends every further attempt too', async () => {
    const candidate = await newCandidate('Noah Park', '(555) 200-0002');
    const call = await dial(candidate.id);
    const opening = await voice(call);
    expect(spoken((await gather(call, turnOf(opening.body), 'No, thank you.')).body)).toEqual([DECLINED]);
    await status(call, 'completed', { CallDuration: '12', AnsweredBy: 'human' });
    expect(await candidateRow(candidate.id)).toMatchObject({ status: 'declined', outcome: DECLINED_CALL, nextCallAt: null });
    expect((await t.database.db.select().from(callOptOuts).where(eq(callOptOuts.candidateId, candidate.id)))[0]).toMatchObject({ reason: 'declined', callId: call.id });

    await t.database.db.update(phoneScreeningCandidates).set({ status: 'busy', nextCallAt: now }).where(eq(phoneScreeningCandidates.id, candidate.id));
    expect(await dispatch()).toEqual([]);
    expect(dialledTo('+15552000002')).toBe(1);
  });

  it('does not dial a call claimed just before the candidate opted out, and does not count it', async () => {
    const candidate = await newCandidate('Lee Chen', '(555) 200-0003');
    await t.database.db.insert(callOptOuts).values({ candidateId: candidate.id, reason: 'asked_not_to_call', optedOutAt: now });
    // Claimed as the dispatcher would have, before the opt-out was written.
    await t.database.db.update(phoneScreeningCandidates).set({ status: 'calling', attempts: 1, nextCallAt: null }).where(eq(phoneScreeningCandidates.id, candidate.id));
    await t.app.deps.queue.send('place-screening-call', { candidateId: candidate.id, attempt: 1 });
    const row = await waitFor('the claimed call to be dropped', async () => {
      const r = await candidateRow(candidate.id);
      return r.status === 'declined' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'declined', attempts: 0, nextCallAt: null, outcome: ASKED_NOT_TO_CALL });
    expect(dialledTo('+15552000003')).toBe(0);
    expect(await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidate.id))).toEqual([]);
  });
});

describe('in the browser call', () => {
  let t: TestApp;
  let a: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    a = new Agent(t.app);
    await a.register('optout-sim', 'Alpha Freight');
  });
  afterAll(() => t.close());

  it('ends on "stop calling me" and no new call can be started', async () => {
    const created = await a.post('/api/phone-screening', { jobTitle: 'Dispatcher', jobDescription: 'Plans routes.' });
    const screening = (await a.request('PATCH', `/api/phone-screening/${created.json<PhoneScreening>().id}/questions`, { questions: QUESTIONS })).json<PhoneScreening>();
    const candidate = (
      await a.post(`/api/phone-screening/${screening.id}/candidates`, { candidateName: 'Ines Duarte', countryCode: '+1', phoneNumber: '555-200-0004', timeZone: 'UTC-05:00', interviewTime: '2027-03-01T15:00:00.000Z' })
    ).json<ScreeningCandidate>();
    const opening = (await a.post(`/api/phone-screening/candidates/${candidate.id}/simulated-call`)).json<CallReply>();
    const ended = (await a.post(`/api/phone-calls/${opening.callId}/answer`, { turn: opening.turn, text: "Don't call me again." })).json<CallReply>();
    expect(ended).toMatchObject({ done: true, say: [OPTED_OUT] });
    const result = (await a.get(`/api/phone-screening/candidates/${candidate.id}/result`)).json<ScreeningResult>();
    expect(result).toMatchObject({ status: 'declined', outcome: ASKED_NOT_TO_CALL });
    expect(result.transcript.at(-2)).toEqual({ speaker: 'Candidate', text: "Don't call me again." });

    const again = await a.post(`/api/phone-screening/candidates/${candidate.id}/simulated-call`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This candidate asked not to be called again, so no further call is made', code: 'CALL_OPTED_OUT', details: { reason: 'asked_not_to_call' } });
  });
});
