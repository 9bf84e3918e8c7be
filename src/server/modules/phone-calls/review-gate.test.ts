import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallLink, CandidateCallInfo } from '../../../contracts/phone-call-results';
import type { CallReply } from '../../../contracts/phone-calls';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { phoneCalls, phoneScreeningCandidates } from '../../db/schema';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { callParams, FakeTwilioTransport, signedWebhook, TWILIO_ENV, TWILIO_SETTINGS } from '../../test/twilio';
import { findCallBySid, placeScreeningCall } from './calls.service';
import { dispatchDueCalls } from './scheduler';
import { waitFor } from '../../test/wait';

// Issue 10, item 2: an account that is pending or rejected never causes a call to a candidate
// (decision 009, "Accounts under review").

const AWAITING = { error: 'Your account is awaiting approval', code: 'NOT_APPROVED' };
const PENDING_NOTE = 'Your account is awaiting approval, so this call has not been placed. It will be placed once your account is approved.';
const REJECTED_NOTE = 'Your account application was not approved, so no calls are placed.';
const LINK_UNAVAILABLE = { error: 'This screening call is not available yet. Please check with the company that sent you the link.', code: 'FORBIDDEN' };

const at = (iso: string) => new Date(iso);
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** Signs up a company account; every account after an install's first waits for review. */
async function registerRecruiter(t: TestApp, username: string, companyName: string): Promise<{ agent: Agent; id: number }> {
  const agent = new Agent(t.app);
  const reg = await agent.register(username, companyName);
  expect(reg.statusCode, reg.body).toBe(201);
  const me = (await agent.get('/api/user')).json<{ id: number; isApproved: boolean }>();
  return { agent, id: me.id };
}

async function review(operator: Agent, userId: number, verb: 'approve' | 'reject') {
  const res = await operator.post(`/api/admin/accounts/${userId}/${verb}`);
  expect(res.statusCode).toBe(200);
}

async function makeScreening(agent: Agent, jobTitle: string): Promise<PhoneScreening> {
  const created = await agent.post('/api/phone-screening', { jobTitle });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<PhoneScreening>();
}

async function addCandidate(agent: Agent, screeningId: number, fields: { candidateName: string; phoneNumber: string; interviewTime: string }): Promise<ScreeningCandidate> {
  const res = await agent.post(`/api/phone-screening/${screeningId}/candidates`, { countryCode: '+44', timeZone: 'UTC+00:00', ...fields });
  expect(res.statusCode).toBe(201);
  return res.json<ScreeningCandidate>();
}

const candidateRow = async (t: TestApp, id: number) => (await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;
const callRows = (t: TestApp, candidateId: number) => t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidateId));

describe('automated calls wait for the account to be approved', () => {
  let t: TestApp;
  let transport: FakeTwilioTransport;
  let operator: Agent;

  beforeAll(async () => {
    transport = new FakeTwilioTransport();
    t = await createTestApp(TWILIO_ENV, {
      telephony: createTwilioTelephony(TWILIO_SETTINGS, 'http://localhost:3000', { httpClient: transport }),
      // The app's own dispatcher runs on this clock and so never finds a call due: the tests choose every instant.
      clock: () => at('2000-01-01T00:00:00.000Z'),
    });
    operator = new Agent(t.app);
    await operator.register('gate-operator', 'Hireloop Ops');
  });
  afterAll(() => t.close());

  const dispatch = (now: Date) => dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
  const callsTo = (to: string) => transport.calls.filter((c) => c.form.get('To') === to);
  /** The card as the recruiter's candidate list shows it. */
  const card = async (agent: Agent, screeningId: number, candidateId: number) => {
    const res = await agent.get(`/api/phone-screening/${screeningId}/candidates`);
    expect(res.statusCode).toBe(200);
    return res.json<ScreeningCandidate[]>().find((c) => c.id === candidateId)!;
  };

  it("does not call a pending account's candidate, says why on the card, and calls once the account is approved", async () => {
    const { agent, id } = await registerRecruiter(t, 'gate-pending', 'Pending Haulage');
    const screening = await makeScreening(agent, 'Night Driver');
    const due = at('2027-04-01T12:00:00.000Z');
    const kim = await addCandidate(agent, screening.id, { candidateName: 'Kim Lee', phoneNumber: '7700 900201', interviewTime: due.toISOString() });

    expect(await dispatch(due)).toEqual([]);
    expect(await dispatch(plus(due, 1))).toEqual([]);
    expect(callsTo('+447700900201')).toEqual([]);
    expect(await callRows(t, kim.id)).toEqual([]);
    // Still waiting for its call, unchanged but for the reason.
    expect(await candidateRow(t, kim.id)).toMatchObject({ status: 'pending', attempts: 0, nextCallAt: due, outcome: PENDING_NOTE });
    expect(await card(agent, screening.id, kim.id)).toMatchObject({ status: 'pending', outcome: PENDING_NOTE });

    await review(operator, id, 'approve');
    expect(await dispatch(plus(due, 2))).toEqual([kim.id]);
    const created = await waitFor('Twilio to be asked for the call', () => callsTo('+447700900201')[0]);
    const call = await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid));
    expect(call).toMatchObject({ candidateId: kim.id, attempt: 1, provider: 'twilio' });
    expect(await card(agent, screening.id, kim.id)).toMatchObject({ status: 'calling', outcome: null, attempts: 1 });
  });

  it("does not call a rejected account's candidate", async () => {
    const { agent, id } = await registerRecruiter(t, 'gate-rejected', 'Rejected Removals');
    const screening = await makeScreening(agent, 'Mover');
    const due = at('2027-04-02T12:00:00.000Z');
    const ola = await addCandidate(agent, screening.id, { candidateName: 'Ola Berg', phoneNumber: '7700 900202', interviewTime: due.toISOString() });
    // Approved first, then rejected: approval can be taken back.
    await review(operator, id, 'approve');
    await review(operator, id, 'reject');

    expect(await dispatch(due)).toEqual([]);
    expect(callsTo('+447700900202')).toEqual([]);
    expect(await callRows(t, ola.id)).toEqual([]);
    expect(await candidateRow(t, ola.id)).toMatchObject({ status: 'pending', attempts: 0, nextCallAt: due, outcome: REJECTED_NOTE });
  });

  it('checks again when the call is dialled: an account rejected after the dispatch places no call', async () => {
    const { agent, id } = await registerRecruiter(t, 'gate-revoked', 'Revoked Retail');
    await review(operator, id, 'approve');
    const screening = await makeScreening(agent, 'Cashier');
    const due = at('2027-04-05T12:00:00.000Z');
    const ada = await addCandidate(agent, screening.id, { candidateName: 'Ada Obi', phoneNumber: '7700 900203', interviewTime: due.toISOString() });

    // The dispatcher claims the call; the job that dials is held back so the account can be rejected first.
    const queued: { name: string; data: unknown }[] = [];
    const heldQueue = {
      send: async (name: string, data: object) => {
        queued.push({ name, data });
        return null;
      },
    };
    expect(await dispatchDueCalls({ db: t.database.db, queue: heldQueue }, due)).toEqual([ada.id]);
    expect(queued).toEqual([{ name: 'place-screening-call', data: { candidateId: ada.id, attempt: 1 } }]);
    expect(await candidateRow(t, ada.id)).toMatchObject({ status: 'calling', attempts: 1 });

    await review(operator, id, 'reject');
    await placeScreeningCall({ ...t.app.deps.calls, telephony: t.app.deps.telephony! }, ada.id, 1);
    expect(callsTo('+447700900203')).toEqual([]);
    expect(await callRows(t, ada.id)).toEqual([]);
    // Not left 'calling': back to waiting for its call, with the reason.
    const held = await candidateRow(t, ada.id);
    expect(held).toMatchObject({ status: 'pending', attempts: 0, outcome: REJECTED_NOTE });
    expect(held.nextCallAt).not.toBeNull();
    expect(await dispatch(plus(due, 1))).toEqual([]);
    expect(callsTo('+447700900203')).toEqual([]);

    // Approved again, the call goes out.
    await review(operator, id, 'approve');
    expect(await dispatch(plus(due, 2))).toEqual([ada.id]);
    const created = await waitFor('Twilio to be asked for the call', () => callsTo('+447700900203')[0]);
    expect(await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid))).toMatchObject({ candidateId: ada.id, attempt: 1 });
  });

  it('lets a call Twilio has already placed go on when the account is rejected, but places no retry', async () => {
    const { agent, id } = await registerRecruiter(t, 'gate-midcall', 'Midcall Movers');
    await review(operator, id, 'approve');
    const screening = await makeScreening(agent, 'Driver');
    const due = at('2027-04-06T12:00:00.000Z');
    const ben = await addCandidate(agent, screening.id, { candidateName: 'Ben Cole', phoneNumber: '7700 900204', interviewTime: due.toISOString() });
    expect(await dispatch(due)).toEqual([ben.id]);
    const created = await waitFor('Twilio to be asked for the call', () => callsTo('+447700900204')[0]);
    const call = await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid));
    const params = (extra: Record<string, string>) => callParams({ sid: created.sid, to: '+447700900204' }, extra);

    await review(operator, id, 'reject');
    // The phone has rung and the candidate picks up: the agent speaks as usual.
    const picked = await signedWebhook(t.app, `/api/telephony/twilio/voice?callId=${call.id}`, params({ CallStatus: 'in-progress', AnsweredBy: 'human' }));
    expect(picked.statusCode).toBe(200);
    expect(picked.body).toContain('Hi Ben, this is Alex');
    // The candidate hangs up before the first question: normally tried again later, but not for a rejected account.
    expect((await signedWebhook(t.app, `/api/telephony/twilio/status?callId=${call.id}`, params({ CallStatus: 'completed', CallDuration: '12' }))).statusCode).toBe(204);
    expect(await candidateRow(t, ben.id)).toMatchObject({ status: 'no_answer', attempts: 1, nextCallAt: expect.any(Date) });
    expect(await dispatch(plus(due, 24 * 60))).toEqual([]);
    expect(callsTo('+447700900204')).toHaveLength(1);
    expect(await candidateRow(t, ben.id)).toMatchObject({ status: 'no_answer', attempts: 1, outcome: REJECTED_NOTE });
  });
});

describe('browser calls need an approved account', () => {
  let t: TestApp;
  let operator: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    operator = new Agent(t.app);
    await operator.register('sim-operator', 'Hireloop Ops');
  });
  afterAll(() => t.close());

  const startCall = (agent: Agent, candidateId: number, headers: Record<string, string> = {}) => agent.post(`/api/phone-screening/candidates/${candidateId}/simulated-call`, {}, headers);
  const interviewTime = '2027-04-10T12:00:00.000Z';

  it("refuses a pending recruiter's simulated call and call link with the reason, and allows them once approved", async () => {
    const { agent, id } = await registerRecruiter(t, 'sim-pending', 'Pending Parcels');
    const screening = await makeScreening(agent, 'Courier');
    const noor = await addCandidate(agent, screening.id, { candidateName: 'Noor Ali', phoneNumber: '7700 900301', interviewTime });

    // The call page itself may be previewed.
    expect((await agent.get(`/api/phone-call/${noor.id}`)).statusCode).toBe(200);
    for (const res of [await startCall(agent, noor.id), await agent.post(`/api/phone-screening/candidates/${noor.id}/call-link`)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(AWAITING);
    }
    expect(await callRows(t, noor.id)).toEqual([]);
    expect(await candidateRow(t, noor.id)).toMatchObject({ status: 'pending', attempts: 0, candidateToken: null });

    await review(operator, id, 'approve');
    const started = await startCall(agent, noor.id);
    expect(started.statusCode).toBe(201);
    expect(started.json<CallReply>().say[0]).toContain('Hi Noor, this is Alex');
    expect((await agent.post(`/api/phone-screening/candidates/${noor.id}/call-link`)).statusCode).toBe(200);
  });

  it("refuses a candidate's link while the account is not approved, without saying why; a call under way may finish", async () => {
    const { agent, id } = await registerRecruiter(t, 'sim-revoked', 'Revoked Freight');
    await review(operator, id, 'approve');
    const screening = await makeScreening(agent, 'Warehouse Lead');
    const priya = await addCandidate(agent, screening.id, { candidateName: 'Priya Nair', phoneNumber: '7700 900302', interviewTime });
    const omar = await addCandidate(agent, screening.id, { candidateName: 'Omar Haddad', phoneNumber: '7700 900303', interviewTime });
    const tokenOf = async (candidateId: number) => {
      const res = await agent.post(`/api/phone-screening/candidates/${candidateId}/call-link`);
      expect(res.statusCode).toBe(200);
      return new URL(res.json<CallLink>().url).searchParams.get('token')!;
    };
    const priyaToken = await tokenOf(priya.id);
    const omarToken = await tokenOf(omar.id);

    // Priya starts her call while the account is approved.
    const visitor = new Agent(t.app);
    const opening = (await startCall(visitor, priya.id, { 'x-candidate-token': priyaToken })).json<CallReply>();

    await review(operator, id, 'reject');

    // Omar's link opens nothing now, and says nothing about the account.
    for (const res of [await visitor.get(`/api/phone-call/${omar.id}?token=${omarToken}`), await startCall(visitor, omar.id, { 'x-candidate-token': omarToken })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(LINK_UNAVAILABLE);
      expect(res.body).not.toContain('Revoked Freight');
    }
    expect(await callRows(t, omar.id)).toEqual([]);
    expect(await candidateRow(t, omar.id)).toMatchObject({ status: 'pending', attempts: 0 });

    // Priya's call, already under way, goes on: a reload resumes it and her answers are heard.
    const info = await visitor.get(`/api/phone-call/${priya.id}?token=${priyaToken}`);
    expect(info.statusCode).toBe(200);
    expect(info.json<CandidateCallInfo>()).toMatchObject({ callUnderway: true });
    const resumed = await startCall(visitor, priya.id, { 'x-candidate-token': priyaToken });
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json<CallReply>()).toEqual(opening);
    const next = await visitor.post(`/api/phone-calls/${opening.callId}/answer`, { turn: opening.turn, text: 'Yes, go ahead.' }, { 'x-candidate-token': priyaToken });
    expect(next.statusCode).toBe(200);
    expect(next.json<CallReply>().turn).toBe(2);
  });

  it('refuses a link made before this rule while the account is pending', async () => {
    const { agent } = await registerRecruiter(t, 'sim-old-link', 'Old Link Logistics');
    const screening = await makeScreening(agent, 'Picker');
    const li = await addCandidate(agent, screening.id, { candidateName: 'Li Wei', phoneNumber: '7700 900304', interviewTime });
    // A pending account could make links before calls were gated.
    await t.database.db.update(phoneScreeningCandidates).set({ candidateToken: 'an-old-link-token-made-while-pending' }).where(eq(phoneScreeningCandidates.id, li.id));
    const visitor = new Agent(t.app);
    const headers = { 'x-candidate-token': 'an-old-link-token-made-while-pending' };
    for (const res of [await visitor.get(`/api/phone-call/${li.id}?token=an-old-link-token-made-while-pending`), await startCall(visitor, li.id, headers)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(LINK_UNAVAILABLE);
    }
    expect(await callRows(t, li.id)).toEqual([]);
  });
});
