import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineInterviewTime, zoneOfOption, type PhoneScreening, type ScreeningCandidate } from '../../../contracts/phone-screenings';
import { phoneCalls, phoneScreeningCandidates } from '../../db/schema';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { FakeTwilioTransport, TWILIO_ENV, TWILIO_SETTINGS, type CreatedCall } from '../../test/twilio';
import { findCallBySid, placeScreeningCall } from './calls.service';
import { callableFrom } from './calling-hours';
import { dispatchDueCalls } from './scheduler';
import { waitFor } from '../../test/wait';

const APP_URL = 'http://localhost:3000';
const at = (iso: string) => new Date(iso);
const minus = (date: Date, ms: number) => new Date(date.getTime() - ms);

describe('callableFrom: weekdays 09:00-18:00 on the candidate\'s clock', () => {
  it.each([
    // A fixed offset (an option naming no place, or an older applicant's): UTC+05:30 opens 03:30-12:30 UTC.
    ['UTC+05:30', '2027-03-01T03:29:59.000Z', '2027-03-01T03:30:00.000Z'],
    ['UTC+05:30', '2027-03-01T03:30:00.000Z', '2027-03-01T03:30:00.000Z'],
    ['UTC+05:30', '2027-03-01T12:29:59.000Z', '2027-03-01T12:29:59.000Z'],
    ['UTC+05:30', '2027-03-01T12:30:00.000Z', '2027-03-02T03:30:00.000Z'],
    // Friday 18:30 there: Monday 09:00.
    ['UTC+05:30', '2027-03-05T13:00:00.000Z', '2027-03-08T03:30:00.000Z'],
    // UTC-12:00: Monday 23:00 there is 11:00 UTC on Tuesday; Tuesday 09:00 there is 21:00 UTC.
    ['UTC-12:00', '2027-03-02T11:00:00.000Z', '2027-03-02T21:00:00.000Z'],
    // UTC+12:00: Tuesday 00:30 there is 12:30 UTC on Monday; 09:00 there is 21:00 UTC the same (UTC) day.
    ['UTC+12:00', '2027-03-01T12:30:00.000Z', '2027-03-01T21:00:00.000Z'],
    // Across the year's end (a Friday).
    ['UTC+00:00', '2026-12-31T21:00:00.000Z', '2027-01-01T09:00:00.000Z'],
  ])('in %s, %s is callable at %s', (zone, from, expected) => {
    expect(callableFrom(at(from), zone).toISOString()).toBe(expected);
  });

  it('keeps the candidate\'s local hour across a change to summer time, where a fixed offset would not', () => {
    // New York leaves summer time on Sunday 1 November 2026. 07:00 local on both Fridays is too early:
    // 09:00 local is 13:00 UTC before the change and 14:00 UTC after.
    expect(callableFrom(at('2026-10-30T11:00:00.000Z'), 'America/New_York').toISOString()).toBe('2026-10-30T13:00:00.000Z');
    expect(callableFrom(at('2026-11-06T12:00:00.000Z'), 'America/New_York').toISOString()).toBe('2026-11-06T14:00:00.000Z');
    // The same option as a fixed UTC-05:00 would call at 10:00 New York time before the change.
    expect(callableFrom(at('2026-10-30T11:00:00.000Z'), 'UTC-05:00').toISOString()).toBe('2026-10-30T14:00:00.000Z');
    expect(zoneOfOption('UTC-05:00')).toBe('America/New_York');
    expect(zoneOfOption('UTC-03:00')).toBe('UTC-03:00');
  });
});

let t: TestApp;
let transport: FakeTwilioTransport;
let a: Agent;
let screening: PhoneScreening;

beforeAll(async () => {
  transport = new FakeTwilioTransport();
  t = await createTestApp(TWILIO_ENV, {
    telephony: createTwilioTelephony(TWILIO_SETTINGS, APP_URL, { httpClient: transport }),
    // The app's own 15-second dispatcher runs on this clock and so never finds a call due: the tests choose every instant.
    clock: () => at('2000-01-01T00:00:00.000Z'),
  });
  a = new Agent(t.app);
  await a.register('scheduler-a', 'Alpha Freight');
  const created = await a.post('/api/phone-screening', { jobTitle: 'Warehouse Associate' });
  expect(created.statusCode).toBe(201);
  screening = created.json<PhoneScreening>();
});
afterAll(() => t.close());

const dispatch = (now: Date) => dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
const candidateRow = async (id: number) => (await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;

/** A candidate added through the API, with the interview at `date` `time` on the candidate's own clock. */
async function addCandidate(name: string, phone: { countryCode: string; phoneNumber: string }, timeZone: string, date: string, time: string): Promise<ScreeningCandidate> {
  const interviewTime = combineInterviewTime(date, time, timeZone);
  expect(interviewTime).not.toBeNull();
  const res = await a.post(`/api/phone-screening/${screening.id}/candidates`, { candidateName: name, ...phone, timeZone, interviewTime });
  expect(res.statusCode).toBe(201);
  const candidate = res.json<ScreeningCandidate>();
  expect((await candidateRow(candidate.id)).nextCallAt, 'adding a candidate schedules the first call at the interview time').toEqual(new Date(interviewTime!));
  return candidate;
}

const callsTo = (to: string) => transport.calls.filter((c) => c.form.get('To') === to);
/** The queued job dials: Twilio receives calls.create for this number. */
const waitForDial = (to: string, count = 1): Promise<CreatedCall> => waitFor(`call ${count} to ${to}`, () => callsTo(to)[count - 1]);

/** Twilio was asked for exactly the call the issue describes: recorded, machine-detected, every webhook naming the call. */
async function expectPlaced(created: CreatedCall, candidateId: number, to: string) {
  const call = await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid));
  expect(call).toMatchObject({ candidateId, attempt: 1, provider: 'twilio', status: 'queued' });
  const hooks = `${APP_URL}/api/telephony/twilio`;
  expect(Object.fromEntries(created.form)).toEqual({
    To: to,
    From: TWILIO_SETTINGS.fromNumber,
    Url: `${hooks}/voice?callId=${call.id}`,
    Method: 'POST',
    StatusCallback: `${hooks}/status?callId=${call.id}`,
    StatusCallbackMethod: 'POST',
    StatusCallbackEvent: 'completed',
    MachineDetection: 'Enable',
    Record: 'true',
    RecordingStatusCallback: `${hooks}/recording?callId=${call.id}`,
    RecordingStatusCallbackMethod: 'POST',
    RecordingStatusCallbackEvent: 'completed',
    Timeout: '30',
  });
  expect(created.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
  expect(await candidateRow(candidateId)).toMatchObject({ status: 'calling', attempts: 1, nextCallAt: null, outcome: null });
}

describe('placing calls at the candidate\'s time', () => {
  it('calls each candidate at the interview time set in their own time zone, not a minute before', async () => {
    const priya = await addCandidate('Priya Nair', { countryCode: '+91', phoneNumber: '98765 43210' }, 'UTC+05:30', '2027-03-01', '10:30');
    const kenji = await addCandidate('Kenji Sato', { countryCode: '+81', phoneNumber: '90-1234-5678' }, 'UTC+09:00', '2027-03-01', '17:30');
    const dana = await addCandidate('Dana Whitfield', { countryCode: '+1', phoneNumber: '(555) 123-4567' }, 'UTC-05:00', '2027-03-01', '09:00');
    const schedule = [
      { candidate: priya, due: at('2027-03-01T05:00:00.000Z'), to: '+919876543210' },
      { candidate: kenji, due: at('2027-03-01T08:30:00.000Z'), to: '+819012345678' },
      { candidate: dana, due: at('2027-03-01T14:00:00.000Z'), to: '+15551234567' },
    ];
    // Adding a candidate schedules the first call at the interview time.
    for (const { candidate, due } of schedule) {
      expect(candidate.interviewTime).toBe(due.toISOString());
      expect(await candidateRow(candidate.id)).toMatchObject({ status: 'pending', nextCallAt: due, attempts: 0 });
    }

    for (const { candidate, due, to } of schedule) {
      expect(await dispatch(minus(due, 60_000))).toEqual([]);
      expect((await candidateRow(candidate.id)).status).toBe('pending');
      expect(callsTo(to)).toEqual([]);

      expect(await dispatch(due)).toEqual([candidate.id]);
      await expectPlaced(await waitForDial(to), candidate.id, to);
    }
    // Each was called once.
    expect(schedule.map(({ to }) => callsTo(to).length)).toEqual([1, 1, 1]);
  });

  it('moves a time outside weekday calling hours to the next opening on their clock, and calls then', async () => {
    // Friday 22:00 in India is 16:30 UTC; the next opening there is Monday 09:00, 03:30 UTC.
    const late = await addCandidate('Arjun Mehta', { countryCode: '+91', phoneNumber: '91234 56789' }, 'UTC+05:30', '2027-03-05', '22:00');
    // 06:00 in New York is 11:00 UTC; calling hours open at 14:00 UTC the same day.
    const early = await addCandidate('Maria Gomez', { countryCode: '+1', phoneNumber: '555-987-6543' }, 'UTC-05:00', '2027-03-05', '06:00');

    expect(await dispatch(at('2027-03-05T11:00:00.000Z'))).toEqual([]);
    expect(await candidateRow(early.id)).toMatchObject({
      status: 'pending',
      nextCallAt: at('2027-03-05T14:00:00.000Z'),
      outcome: "Calls are placed on weekdays between 9:00 and 18:00 in the candidate's time zone: calling on Friday, March 5, 2027 at 09:00 (America/New_York).",
    });
    expect(await dispatch(at('2027-03-05T14:00:00.000Z'))).toEqual([early.id]);
    await expectPlaced(await waitForDial('+15559876543'), early.id, '+15559876543');

    expect(await dispatch(at('2027-03-05T16:30:00.000Z'))).toEqual([]);
    expect(await candidateRow(late.id)).toMatchObject({
      status: 'pending',
      nextCallAt: at('2027-03-08T03:30:00.000Z'),
      outcome: "Calls are placed on weekdays between 9:00 and 18:00 in the candidate's time zone: calling on Monday, March 8, 2027 at 09:00 (Asia/Kolkata).",
    });
    expect(await dispatch(at('2027-03-08T03:29:59.000Z'))).toEqual([]);
    expect(callsTo('+919123456789')).toEqual([]);
    expect(await dispatch(at('2027-03-08T03:30:00.000Z'))).toEqual([late.id]);
    await expectPlaced(await waitForDial('+919123456789'), late.id, '+919123456789');
  });

  it('places one call when two dispatchers claim the same candidate, and a retried job does not dial again', async () => {
    const sam = await addCandidate('Sam Rivera', { countryCode: '+44', phoneNumber: '7700 900123' }, 'UTC+00:00', '2027-03-10', '12:00');
    const due = at('2027-03-10T12:00:00.000Z');
    const claims = await Promise.all([dispatch(due), dispatch(due), dispatch(due)]);
    expect(claims.flat()).toEqual([sam.id]);
    const created = await waitForDial('+447700900123');
    await expectPlaced(created, sam.id, '+447700900123');

    // pg-boss may run a job twice: the attempt already dialled is not dialled again.
    await placeScreeningCall({ ...t.app.deps.calls, telephony: t.app.deps.telephony! }, sam.id, 1);
    // Time for a second job, had one been queued, to reach the transport.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(callsTo('+447700900123')).toHaveLength(1);
    expect(await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, sam.id))).toHaveLength(1);
  });

  it('dials once when jobs for the same attempt run at once, as on several instances', async () => {
    const kim = await addCandidate('Kim Okafor', { countryCode: '+44', phoneNumber: '7700 900456' }, 'UTC+00:00', '2027-03-11', '12:00');
    expect(await dispatch(at('2027-03-11T12:00:00.000Z'))).toEqual([kim.id]);
    const deps = { ...t.app.deps.calls, telephony: t.app.deps.telephony! };
    // Besides the job the dispatch queued: three more for the same attempt, all at once.
    await Promise.all([placeScreeningCall(deps, kim.id, 1), placeScreeningCall(deps, kim.id, 1), placeScreeningCall(deps, kim.id, 1)]);
    expect(await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, kim.id))).toHaveLength(1);
    await expectPlaced(await waitForDial('+447700900456'), kim.id, '+447700900456');
    expect(callsTo('+447700900456')).toHaveLength(1);
  });

  it('moves the call when the recruiter changes a pending candidate\'s interview time', async () => {
    const ines = await addCandidate('Ines Duarte', { countryCode: '+33', phoneNumber: '6 12 34 56 78' }, 'UTC+01:00', '2027-03-08', '09:00');
    const moved = combineInterviewTime('2027-03-09', '14:30', 'UTC+01:00')!;
    const res = await a.request('PATCH', `/api/phone-screening/candidates/${ines.id}`, { candidateName: 'Ines Duarte', countryCode: '+33', phoneNumber: '6 12 34 56 78', timeZone: 'UTC+01:00', interviewTime: moved });
    expect(res.statusCode).toBe(200);
    expect((await candidateRow(ines.id)).nextCallAt).toEqual(new Date(moved));
    // The old time passes without a call; the new one places it.
    expect(await dispatch(at('2027-03-08T08:00:00.000Z'))).toEqual([]);
    expect(callsTo('+33612345678')).toEqual([]);
    expect(await dispatch(at('2027-03-09T13:30:00.000Z'))).toEqual([ines.id]);
    await expectPlaced(await waitForDial('+33612345678'), ines.id, '+33612345678');
  });

  it('does not call a candidate who has finished or declined', async () => {
    const done = await addCandidate('Lee Chen', { countryCode: '+1', phoneNumber: '555-000-1111' }, 'UTC-05:00', '2027-03-12', '10:00');
    await t.database.db.update(phoneScreeningCandidates).set({ status: 'declined' }).where(eq(phoneScreeningCandidates.id, done.id));
    expect(await dispatch(at('2027-03-12T15:00:00.000Z'))).toEqual([]);
    expect((await candidateRow(done.id)).status).toBe('declined');
    expect(callsTo('+15550001111')).toEqual([]);
  });
});
