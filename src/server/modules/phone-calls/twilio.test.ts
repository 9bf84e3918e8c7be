import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningResult } from '../../../contracts/phone-call-results';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { createBuiltinEngine } from '../../ai/builtin';
import type { AiEngine } from '../../ai/engine';
import { phoneCalls, phoneScreeningCandidates } from '../../db/schema';
import { createTwilioTelephony } from '../../telephony/twilio';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { callParams, FakeTwilioTransport, sid, signedWebhook, TWILIO_ENV, TWILIO_SETTINGS } from '../../test/twilio';
import { findCallBySid, recordCallStatus } from './calls.service';
import { callRecordingId, copyCallRecording } from './recording-copy';
import { dispatchDueCalls } from './scheduler';
import { waitFor } from '../../test/wait';
import { FOLLOW_UPS } from '../../ai/builtin/conversation';

const APP_URL = 'http://localhost:3000';
const QUESTIONS = [
  'How many years have you driven commercial trucks, and on which kinds of routes?',
  'How do you plan your day to stay within the hours of service rules?',
];
/** Answers detailed enough that the built-in engine asks no follow-up. */
const FULL_ANSWERS = [
  'I have driven commercial trucks for six years, mostly regional routes across Ohio and Indiana, with some long haul routes to Texas. I hauled dry van freight and kept a clean safety record with no accidents.',
  'I plan my day around the hours of service rules by checking my electronic logging device each morning, planning fuel and rest stops before I leave, and calling dispatch early when traffic or a late dock puts my hours at risk.',
];
const CLOSING = 'Thank you, those are all my questions. The hiring team will review your answers and be in touch. Goodbye!';
const DECLINED = 'No problem, thank you for your time. Goodbye!';

/** The fake recording Twilio serves, and what its media endpoint was asked. */
const MP3 = Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000fake mp3 frames for the screening call');
const mediaRequests: { url: string; authorization: string | undefined; range: string | undefined }[] = [];
/** Set, the media endpoint answers 404 to everything (Twilio no longer has the recording). */
let mediaGone = false;
let media: Server;
let mediaUrl: string;

let now = new Date('2027-03-01T15:00:00.000Z');

/** The built-in engine, except that scoring the candidate named here waits until the test lets it finish. */
const builtin = createBuiltinEngine();
const slowScoring: { candidateName: string | null; started: boolean; release: () => void } = { candidateName: null, started: false, release: () => {} };
const ai: AiEngine = {
  ...builtin,
  name: builtin.name,
  evaluate: async (input) => {
    if (input.candidateName === slowScoring.candidateName) {
      slowScoring.started = true;
      await new Promise<void>((resolve) => (slowScoring.release = resolve));
    }
    return builtin.evaluate(input);
  },
};
let t: TestApp;
let transport: FakeTwilioTransport;
let a: Agent;
let b: Agent;

beforeAll(async () => {
  media = createServer((req: IncomingMessage, res) => {
    mediaRequests.push({ url: req.url ?? '', authorization: req.headers.authorization, range: req.headers.range });
    const expected = `Basic ${Buffer.from(`${TWILIO_SETTINGS.accountSid}:${TWILIO_SETTINGS.authToken}`).toString('base64')}`;
    if (mediaGone) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":20404,"status":404}');
    if (req.headers.authorization !== expected) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":20003,"status":401}');
    if (!req.url?.endsWith('.mp3') || req.url.includes('REmissing')) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":20404,"status":404}');
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      return void res
        .writeHead(206, { 'content-type': 'audio/mpeg', 'content-range': `bytes ${start}-${end}/${MP3.length}`, 'content-length': end - start + 1, 'accept-ranges': 'bytes' })
        .end(MP3.subarray(start, end + 1));
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': MP3.length, 'accept-ranges': 'bytes' }).end(MP3);
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/2010-04-01/Accounts/${TWILIO_SETTINGS.accountSid}/Recordings`;

  transport = new FakeTwilioTransport();
  t = await createTestApp(
    { ...TWILIO_ENV, PHONE_CALL_MAX_ATTEMPTS: '2', PHONE_CALL_RETRY_MINUTES: '60' },
    { telephony: createTwilioTelephony(TWILIO_SETTINGS, APP_URL, { httpClient: transport }), clock: () => now, ai },
  );
  a = new Agent(t.app);
  await a.register('twilio-a', 'Alpha Freight');
  b = new Agent(t.app);
  await b.register('twilio-b', 'Beta Foods');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => media.close(resolve));
});

async function makeScreening(agent: Agent, jobTitle = 'CDL Class A Driver'): Promise<PhoneScreening> {
  const created = await agent.post('/api/phone-screening', { jobTitle, jobDescription: 'Regional routes, hours of service, safe driving.' });
  expect(created.statusCode).toBe(201);
  const res = await agent.request('PATCH', `/api/phone-screening/${created.json<PhoneScreening>().id}/questions`, { questions: QUESTIONS });
  expect(res.statusCode).toBe(200);
  return res.json<PhoneScreening>();
}

async function addCandidate(agent: Agent, screeningId: number, fields: Partial<Record<string, string>> = {}): Promise<ScreeningCandidate> {
  const res = await agent.post(`/api/phone-screening/${screeningId}/candidates`, {
    candidateName: 'Dana Whitfield',
    countryCode: '+1',
    phoneNumber: '(555) 123-4567',
    timeZone: 'UTC-05:00',
    interviewTime: now.toISOString(),
    ...fields,
  });
  expect(res.statusCode).toBe(201);
  return res.json<ScreeningCandidate>();
}

const candidateRow = async (id: number) => (await t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.id, id)))[0]!;
const callRow = async (id: number) => (await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.id, id)))[0]!;
const waitForStatus = (id: number, status: string) => waitFor(`candidate ${id} to be '${status}'`, async () => ((await candidateRow(id)).status === status ? candidateRow(id) : undefined));

interface Dialled {
  id: number;
  sid: string;
  to: string;
}

/** The candidate's call falls due now: the dispatcher claims it and the queued job dials through Twilio. */
async function dial(candidateId: number): Promise<Dialled> {
  const placedBefore = transport.calls.length;
  await t.database.db.update(phoneScreeningCandidates).set({ nextCallAt: now }).where(eq(phoneScreeningCandidates.id, candidateId));
  await dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
  const created = await waitFor('Twilio to be asked to place the call', () => transport.calls[placedBefore]);
  const call = await waitFor('the CallSid to be stored', () => findCallBySid(t.database.db, created.sid));
  expect(call.candidateId).toBe(candidateId);
  return { id: call.id, sid: created.sid, to: created.form.get('To')! };
}

const voice = (call: Dialled, extra: Record<string, string> = {}) =>
  signedWebhook(t.app, `/api/telephony/twilio/voice?callId=${call.id}`, callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human', ...extra }));
/** The candidate's answer to `turn`; without speech, the request the <Redirect> makes after silence. */
const gather = (call: Dialled, turn: number, speech?: string) =>
  signedWebhook(
    t.app,
    `/api/telephony/twilio/gather?callId=${call.id}&turn=${turn}`,
    callParams(call, { CallStatus: 'in-progress', ...(speech === undefined ? {} : { SpeechResult: speech, Confidence: '0.91' }) }),
  );
const status = (call: Dialled, callStatus: string, extra: Record<string, string> = {}) =>
  signedWebhook(t.app, `/api/telephony/twilio/status?callId=${call.id}`, callParams(call, { CallStatus: callStatus, CallbackSource: 'call-progress-events', ...extra }));
const TWILIO_BASIC = `Basic ${Buffer.from(`${TWILIO_SETTINGS.accountSid}:${TWILIO_SETTINGS.authToken}`).toString('base64')}`;
/** Our copy of a recording, once the copy job has stored all of it. */
const storedCopy = (id: string) =>
  waitFor('the recording to be copied into storage', async () => {
    const size = await t.app.deps.storage.size(id).catch(() => null);
    return size === MP3.length ? buffer(await t.app.deps.storage.read(id)) : undefined;
  });
const recording = (call: Dialled, recordingSid: string, recordingStatus = 'completed') =>
  signedWebhook(
    t.app,
    `/api/telephony/twilio/recording?callId=${call.id}`,
    callParams(call, { RecordingSid: recordingSid, RecordingUrl: `${mediaUrl}/${recordingSid}`, RecordingStatus: recordingStatus, RecordingDuration: '184', RecordingChannels: '1', RecordingSource: 'OutboundAPI' }),
  );

const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const spoken = (xml: string) => [...xml.matchAll(/<Say voice="Polly\.Joanna" language="en-US">([^<]*)<\/Say>/g)].map((m) => unescapeXml(m[1]!));

/**
 * A turn that waits for the candidate: every line spoken inside a speech <Gather> posting to the
 * gather webhook with the next turn, then a <Redirect> to the same address for silence. Answers
 * the lines and the turn.
 */
function expectQuestion(res: { statusCode: number; headers: Record<string, unknown>; body: string }, callId: number): { say: string[]; turn: number } {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/xml/);
  const match = /^<\?xml version="1\.0" encoding="UTF-8"\?><Response><Gather input="speech" action="([^"]+)" method="POST" speechTimeout="auto" language="en-US">((?:<Say [^>]*>[^<]*<\/Say>)+)<\/Gather><Redirect method="POST">([^<]+)<\/Redirect><\/Response>$/.exec(res.body);
  expect(match, res.body).not.toBeNull();
  const action = new URL(unescapeXml(match![1]!));
  expect(match![3]).toBe(match![1]);
  expect(`${action.origin}${action.pathname}`).toBe(`${APP_URL}/api/telephony/twilio/gather`);
  expect(action.searchParams.get('callId')).toBe(String(callId));
  return { say: spoken(match![2]!), turn: Number(action.searchParams.get('turn')) };
}

/** The last turn: the lines spoken, then a hang-up, and nothing gathered. */
function expectGoodbye(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string[] {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/xml/);
  expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><Response>(<Say [^>]*>[^<]*<\/Say>)+<Hangup\/><\/Response>$/);
  return spoken(res.body);
}

describe('a screening call over Twilio', () => {
  it('runs from consent through a follow-up to a scored result, idempotent under retries and out-of-order callbacks', async () => {
    const screening = await makeScreening(a);
    const candidate = await addCandidate(a, screening.id);
    const call = await dial(candidate.id);
    expect(call.to).toBe('+15551234567');
    expect(await candidateRow(candidate.id)).toMatchObject({ status: 'calling', attempts: 1, nextCallAt: null });

    for (const progress of ['initiated', 'ringing']) expect((await status(call, progress)).statusCode).toBe(204);
    expect((await callRow(call.id)).status).toBe('ringing');

    // Picked up: the agent says who it is, for whom, that it is an AI and that the call is recorded, and asks consent.
    const opening = expectQuestion(await voice(call), call.id);
    expect(opening.turn).toBe(1);
    expect(opening.say).toHaveLength(1);
    expect(opening.say[0]).toContain('Hi Dana, this is Alex, an AI assistant calling on behalf of Alpha Freight about the CDL Class A Driver position.');
    expect(opening.say[0]).toContain('This call is recorded and transcribed');
    expect(opening.say[0]).toMatch(/Is it okay to continue\?$/);
    expect((await candidateRow(candidate.id)).status).toBe('in_progress');
    // The in-progress callback arriving after the call was answered changes nothing.
    expect((await status(call, 'ringing')).statusCode).toBe(204);
    expect((await callRow(call.id)).status).toBe('in_progress');

    const consent = await gather(call, opening.turn, 'Yes, sure, go ahead.');
    const first = expectQuestion(consent, call.id);
    expect(first).toEqual({ turn: 2, say: ['Great, thank you. Here is the first question.', QUESTIONS[0]] });

    // Twilio retrying the same request gets the same TwiML, and the call does not move.
    const retried = await gather(call, opening.turn, 'Yes, sure, go ahead.');
    expect(retried.body).toBe(consent.body);
    const afterRetry = await callRow(call.id);
    expect(afterRetry.turn).toBe(2);
    expect(afterRetry.transcript.filter((e) => e.speaker === 'Candidate')).toEqual([{ speaker: 'Candidate', text: 'Yes, sure, go ahead.' }]);

    // A thin answer gets one follow-up from the built-in engine.
    const followUp = expectQuestion(await gather(call, first.turn, 'I drive trucks.'), call.id);
    expect(followUp.turn).toBe(3);
    expect(followUp.say).toHaveLength(1);
    expect(FOLLOW_UPS.more).toContain(followUp.say[0]);
    const second = expectQuestion(await gather(call, followUp.turn, FULL_ANSWERS[0]), call.id);
    expect(second).toEqual({ turn: 4, say: ['Thank you. Next question.', QUESTIONS[1]] });

    // Silence: the <Redirect> posts without a SpeechResult, and the question is asked again.
    const repeated = expectQuestion(await gather(call, second.turn), call.id);
    expect(repeated).toEqual({ turn: 5, say: [`Sorry, I didn't catch that. ${QUESTIONS[1]}`] });

    const goodbye = await gather(call, repeated.turn, FULL_ANSWERS[1]);
    expect(expectGoodbye(goodbye)).toEqual([CLOSING]);
    expect(['evaluating', 'completed']).toContain((await candidateRow(candidate.id)).status);
    // The closing retried is the same goodbye.
    expect((await gather(call, repeated.turn, FULL_ANSWERS[1])).body).toBe(goodbye.body);

    // The call ends; a late 'in-progress' and a duplicate 'completed' change nothing.
    expect((await status(call, 'completed', { CallDuration: '184', AnsweredBy: 'human' })).statusCode).toBe(204);
    for (const late of ['in-progress', 'completed']) await status(call, late, { CallDuration: '999' });
    const ended = await callRow(call.id);
    expect(ended).toMatchObject({ status: 'completed', durationSeconds: 184, answeredBy: 'human', turn: 6 });
    expect(ended.endedAt).toEqual(now);
    expect(ended.transcript.filter((e) => e.speaker === 'Candidate').map((e) => e.text)).toEqual(['Yes, sure, go ahead.', 'I drive trucks.', FULL_ANSWERS[0], FULL_ANSWERS[1]]);

    // The recording is stored once; a repeated callback and a non-final status leave it alone.
    const recordingSid = sid('RE');
    expect((await recording(call, recordingSid)).statusCode).toBe(204);
    expect((await recording(call, sid('RE'), 'absent')).statusCode).toBe(204);
    expect((await recording(call, recordingSid)).statusCode).toBe(204);
    expect(await callRow(call.id)).toMatchObject({ recordingSid, recordingUrl: `${mediaUrl}/${recordingSid}` });

    const done = await waitForStatus(candidate.id, 'completed');
    expect(done.feedback).toMatchObject({ overall: expect.any(Number), summary: expect.any(String) });
    expect(done.outcome).toBeNull();
    const result = (await a.get(`/api/phone-screening/candidates/${candidate.id}/result`)).json<ScreeningResult>();
    expect(result).toMatchObject({ status: 'completed', attempts: 1, recordingUrl: `/api/phone-screening/candidates/${candidate.id}/recording` });
    expect(result.calls).toEqual([expect.objectContaining({ id: call.id, provider: 'twilio', status: 'completed', durationSeconds: 184 })]);
    expect(transport.calls.filter((c) => c.sid === call.sid)).toHaveLength(1);

    // The recording is copied into our storage once, downloaded with the account's credentials, byte for byte.
    const stored = callRecordingId(recordingSid)!;
    const copy = await storedCopy(stored);
    expect(copy.equals(MP3)).toBe(true);
    const mediaPath = `/2010-04-01/Accounts/${TWILIO_SETTINGS.accountSid}/Recordings/${recordingSid}.mp3`;
    expect(mediaRequests.filter((r) => r.url === mediaPath)).toEqual([{ url: mediaPath, authorization: TWILIO_BASIC, range: undefined }]);

    // Played from the copy, to the owning company only, seekable, with Twilio not asked (here it no longer has the recording).
    const asked = mediaRequests.length;
    mediaGone = true;
    try {
      const audio = await a.get(result.recordingUrl!);
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      expect(audio.headers['cache-control']).toBe('private, no-store');
      expect(audio.headers['accept-ranges']).toBe('bytes');
      expect(audio.rawPayload.equals(MP3)).toBe(true);
      const partial = await a.request('GET', result.recordingUrl!, undefined, { range: 'bytes=0-3' });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-range']).toBe(`bytes 0-3/${MP3.length}`);
      expect(partial.headers['content-type']).toBe('audio/mpeg');
      expect(partial.rawPayload.equals(MP3.subarray(0, 4))).toBe(true);
      const tail = await a.request('GET', result.recordingUrl!, undefined, { range: 'bytes=-5' });
      expect(tail.statusCode).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${MP3.length - 5}-${MP3.length - 1}/${MP3.length}`);
      expect(tail.rawPayload.equals(MP3.subarray(-5))).toBe(true);
      const outside = await a.request('GET', result.recordingUrl!, undefined, { range: `bytes=${MP3.length}-` });
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${MP3.length}`);
      expect(mediaRequests).toHaveLength(asked);
    } finally {
      mediaGone = false;
    }

    // Before the copy exists (here: taken away), the recording is streamed from Twilio, a range passed through.
    await t.app.deps.storage.remove(stored);
    const proxied = await a.request('GET', result.recordingUrl!, undefined, { range: 'bytes=0-3' });
    expect(proxied.statusCode).toBe(206);
    expect(proxied.headers['content-range']).toBe(`bytes 0-3/${MP3.length}`);
    expect(proxied.rawPayload.equals(MP3.subarray(0, 4))).toBe(true);
    expect(mediaRequests.at(-1)).toEqual({ url: mediaPath, authorization: TWILIO_BASIC, range: 'bytes=0-3' });

    const stranger = await b.get(result.recordingUrl!);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'Candidate not found', code: 'NOT_FOUND' });
    expect((await new Agent(t.app).get(result.recordingUrl!)).statusCode).toBe(401);
    expect((await a.get('/api/phone-screening/candidates/999999/recording')).statusCode).toBe(404);
  });

  it('says "Recording not available" when there is none, or Twilio no longer has it', async () => {
    const screening = await makeScreening(a, 'Yard Jockey');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Lee Chen' });
    const none = await a.get(`/api/phone-screening/candidates/${candidate.id}/recording`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Recording not available', code: 'NOT_FOUND' });

    const call = await dial(candidate.id);
    expect((await recording(call, 'REmissing0000000000000000000000000')).statusCode).toBe(204);
    const gone = await a.get(`/api/phone-screening/candidates/${candidate.id}/recording`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'Recording not available', code: 'NOT_FOUND' });
  });

  it('keeps the recording whose callback arrives while the call is being scored', async () => {
    const screening = await makeScreening(a, 'Fleet Mechanic');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Robin Slow' });
    slowScoring.candidateName = 'Robin Slow';
    const call = await dial(candidate.id);
    const opening = expectQuestion(await voice(call), call.id);
    let turn = expectQuestion(await gather(call, opening.turn, 'Yes'), call.id).turn;
    for (const answer of FULL_ANSWERS) {
      const res = await gather(call, turn, answer);
      if (answer === FULL_ANSWERS[1]) expectGoodbye(res);
      else turn = expectQuestion(res, call.id).turn;
    }
    await status(call, 'completed', { CallDuration: '95', AnsweredBy: 'human' });
    await waitFor('scoring to start', () => (slowScoring.started ? true : undefined));

    const recordingSid = sid('RE');
    expect((await recording(call, recordingSid)).statusCode).toBe(204);
    slowScoring.release();
    const done = await waitForStatus(candidate.id, 'completed');
    expect(done.recordingUrl).toBe(`/api/phone-screening/candidates/${candidate.id}/recording`);
    expect((await a.get(done.recordingUrl!)).statusCode).toBe(200);

    // Deleting the candidate's data removes the recording at Twilio and our copy.
    const stored = callRecordingId(recordingSid)!;
    expect((await storedCopy(stored)).equals(MP3)).toBe(true);
    const erased = await a.post(`/api/phone-screening/candidates/${candidate.id}/delete-data`, { reason: 'candidate_request' });
    expect(erased.json()).toEqual({ deleted: true });
    expect(transport.deletedRecordings).toContain(recordingSid);
    await expect(t.app.deps.storage.size(stored)).rejects.toThrow();
    expect((await a.get(done.recordingUrl!)).statusCode).toBe(404);
  });

  it('does not keep a copy finished while the candidate\'s data was being deleted', async () => {
    const screening = await makeScreening(a, 'Night Loader');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Kim Late' });
    const call = await dial(candidate.id);
    const recordingSid = sid('RE');
    const stored = callRecordingId(recordingSid)!;
    const { db } = t.database;
    await db.update(phoneCalls).set({ recordingSid, recordingUrl: `${mediaUrl}/${recordingSid}` }).where(eq(phoneCalls.id, call.id));
    // The data goes (recording fields cleared) just as the download has been written.
    const storage = t.app.deps.storage;
    const racing = new Proxy(storage, {
      get: (target, prop) => {
        if (prop === 'put') {
          return async (id: string, body: Readable) => {
            const size = await target.put(id, body);
            await db.update(phoneCalls).set({ recordingSid: null, recordingUrl: null }).where(eq(phoneCalls.id, call.id));
            return size;
          };
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await copyCallRecording({ db, storage: racing, twilio: TWILIO_SETTINGS }, { callId: call.id, recordingSid });
    await expect(storage.size(stored)).rejects.toThrow();
    // A job for a recording the call no longer has downloads nothing.
    const asked = mediaRequests.length;
    await copyCallRecording({ db, storage, twilio: TWILIO_SETTINGS }, { callId: call.id, recordingSid });
    expect(mediaRequests).toHaveLength(asked);
    await expect(storage.size(stored)).rejects.toThrow();
  });

  it('ends politely when the candidate declines, and does not call again', async () => {
    const screening = await makeScreening(a, 'Dispatcher');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Noah Park' });
    const call = await dial(candidate.id);
    const opening = expectQuestion(await voice(call), call.id);
    expect(expectGoodbye(await gather(call, opening.turn, 'No, thank you.'))).toEqual([DECLINED]);
    await status(call, 'completed', { CallDuration: '21', AnsweredBy: 'human' });
    expect(await candidateRow(candidate.id)).toMatchObject({ status: 'declined', outcome: 'The candidate declined to continue the call.', nextCallAt: null, feedback: null });
    expect((await callRow(call.id)).status).toBe('completed');
  });
});

describe('calls that do not reach the candidate', () => {
  it('retries a no-answer inside calling hours, then gives up after the last attempt', async () => {
    // Monday 17:15 in India: an hour later is after 18:00, so the retry waits for 09:00 the next morning there.
    now = new Date('2027-03-01T11:45:00.000Z');
    const screening = await makeScreening(a, 'Warehouse Lead');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Priya Nair', countryCode: '+91', phoneNumber: '98765 43210', timeZone: 'UTC+05:30' });
    const first = await dial(candidate.id);
    expect(first.to).toBe('+919876543210');

    expect((await status(first, 'initiated')).statusCode).toBe(204);
    // Twilio's callbacks race: 'ringing' and 'no-answer' judged at the same moment still end as no answer.
    await Promise.all([recordCallStatus(t.app.deps.calls, first.id, { kind: 'progress', status: 'ringing' }), recordCallStatus(t.app.deps.calls, first.id, { kind: 'ended', reason: 'no_answer', durationSeconds: 0 })]);
    expect((await callRow(first.id)).status).toBe('no_answer');
    const waiting = await candidateRow(candidate.id);
    expect(waiting).toMatchObject({ status: 'no_answer', attempts: 1 });
    expect(waiting.nextCallAt).toEqual(new Date('2027-03-02T03:30:00.000Z'));
    expect(waiting.outcome).toBe('No answer (attempt 1 of 2). Calling again on Tuesday, March 2, 2027 at 09:00 (Asia/Kolkata).');
    // A 'ringing' arriving after the final status does not bring the call back.
    await status(first, 'ringing');
    expect((await callRow(first.id)).status).toBe('no_answer');

    now = new Date('2027-03-02T03:29:00.000Z');
    expect(await dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now)).toEqual([]);
    now = new Date('2027-03-02T03:30:00.000Z');
    const placedBefore = transport.calls.length;
    await dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
    const created = await waitFor('the second attempt', () => transport.calls[placedBefore]);
    const second = await waitFor('the second call', () => findCallBySid(t.database.db, created.sid));
    expect(second).toMatchObject({ candidateId: candidate.id, attempt: 2 });

    await status({ id: second.id, sid: created.sid, to: first.to }, 'busy');
    expect(await candidateRow(candidate.id)).toMatchObject({ status: 'unreachable', attempts: 2, nextCallAt: null, outcome: 'Line busy after 2 attempts.' });
    now = new Date('2027-03-01T15:00:00.000Z');
  });

  it('hangs up on an answering machine and counts the attempt as voicemail', async () => {
    const screening = await makeScreening(a, 'Forklift Operator');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Omar Haddad' });
    const call = await dial(candidate.id);
    const machine = await voice(call, { AnsweredBy: 'machine_start' });
    expect(machine.statusCode).toBe(200);
    expect(machine.headers['content-type']).toMatch(/^text\/xml/);
    expect(machine.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect((await callRow(call.id)).turn).toBe(0);

    await status(call, 'completed', { AnsweredBy: 'machine_start', CallDuration: '4' });
    expect(await callRow(call.id)).toMatchObject({ status: 'voicemail', answeredBy: 'machine_start' });
    const row = await candidateRow(candidate.id);
    expect(row).toMatchObject({ status: 'voicemail', attempts: 1 });
    expect(row.nextCallAt).toEqual(new Date('2027-03-01T16:00:00.000Z'));
    expect(row.outcome).toBe('Reached voicemail (attempt 1 of 2). Calling again on Monday, March 1, 2027 at 11:00 (America/New_York).');
  });

  it('does not score a call the candidate left right after consenting: it is tried again', async () => {
    const screening = await makeScreening(a, 'Route Planner');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Ana Lopez' });
    const call = await dial(candidate.id);
    const opening = expectQuestion(await voice(call), call.id);
    expectQuestion(await gather(call, opening.turn, 'Yes'), call.id);
    await status(call, 'completed', { CallDuration: '15', AnsweredBy: 'human' });
    const row = await candidateRow(candidate.id);
    expect(row).toMatchObject({ status: 'no_answer', feedback: null });
    expect(row.outcome).toMatch(/^The candidate did not respond on the call \(attempt 1 of 2\)\./);
  });

  it('records a call\'s end and its candidate\'s retry together: when one cannot be written, neither is, and Twilio\'s retry writes both', async () => {
    const screening = await makeScreening(a, 'Yard Jockey');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Lea Brandt' });
    const call = await dial(candidate.id);
    await status(call, 'ringing');
    // The candidate's row refuses the move (a failure of the database in the middle of the report).
    // (A plain function, not pg_temp: on PostgreSQL the pool's other connections must see it.)
    await t.database.db.execute(sql`create function refuse_move_in_test() returns trigger language plpgsql as $$ begin raise exception 'candidate row unavailable'; end $$`);
    await t.database.db.execute(sql.raw(`create trigger refuse_move before update on phone_screening_candidates for each row when (new.id = ${candidate.id}) execute function refuse_move_in_test()`));
    try {
      expect((await status(call, 'no-answer', { CallDuration: '0' })).statusCode).toBe(500);
      expect((await callRow(call.id)).status).toBe('ringing');
      expect(await candidateRow(candidate.id)).toMatchObject({ status: 'calling', attempts: 1 });
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_move on phone_screening_candidates`);
      await t.database.db.execute(sql`drop function refuse_move_in_test()`);
    }
    expect((await status(call, 'no-answer', { CallDuration: '0' })).statusCode).toBe(204);
    expect((await callRow(call.id)).status).toBe('no_answer');
    expect(await candidateRow(candidate.id)).toMatchObject({ status: 'no_answer', attempts: 1 });
  });

  it('marks the candidate failed, with Twilio\'s reason, when Twilio refuses the call', async () => {
    const screening = await makeScreening(a, 'Loader');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Kim Ito' });
    transport.failNext = { status: 400, code: 21211, message: "The 'To' number +15551234567 is not a valid phone number." };
    await t.database.db.update(phoneScreeningCandidates).set({ nextCallAt: now }).where(eq(phoneScreeningCandidates.id, candidate.id));
    await dispatchDueCalls({ db: t.database.db, queue: t.app.deps.queue }, now);
    const row = await waitForStatus(candidate.id, 'failed');
    expect(row.outcome).toBe("The call could not be placed: The 'To' number +15551234567 is not a valid phone number.");
    const [call] = await t.database.db.select().from(phoneCalls).where(eq(phoneCalls.candidateId, candidate.id));
    expect(call).toMatchObject({ status: 'failed', providerSid: null });
  });
});

describe('webhook authenticity', () => {
  it('refuses unsigned, wrongly signed and tampered requests, and another call\'s CallSid, changing nothing', async () => {
    const screening = await makeScreening(a, 'Night Dispatcher');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Sam Rivera' });
    const call = await dial(candidate.id);
    const other = await dial((await addCandidate(a, screening.id, { candidateName: 'Alex Kim' })).id);

    const url = `/api/telephony/twilio/voice?callId=${call.id}`;
    const params = callParams(call, { CallStatus: 'in-progress', AnsweredBy: 'human' });
    const refused = [
      await signedWebhook(t.app, url, params, { authToken: null }),
      await signedWebhook(t.app, url, params, { authToken: 'not-the-auth-token' }),
      // Signed for another address than the one requested.
      await signedWebhook(t.app, url, params, { appUrl: 'https://attacker.example' }),
      await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_SETTINGS.authToken, `${APP_URL}${url}`, params) },
        payload: new URLSearchParams({ ...params, AnsweredBy: 'machine_start' }).toString(),
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This request does not carry a valid Twilio signature', code: 'FORBIDDEN' });
    }
    for (const path of ['gather', 'status', 'recording']) {
      const res = await signedWebhook(t.app, `/api/telephony/twilio/${path}?callId=${call.id}&turn=1`, callParams(call, { CallStatus: 'completed', SpeechResult: 'Yes', RecordingSid: sid('RE'), RecordingUrl: `${mediaUrl}/x`, RecordingStatus: 'completed' }), { authToken: null });
      expect(res.statusCode).toBe(403);
    }
    // Properly signed, but naming another call's CallSid.
    const crossed = await signedWebhook(t.app, url, callParams(other, { CallStatus: 'in-progress', AnsweredBy: 'human' }));
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ error: 'Call not found', code: 'NOT_FOUND' });
    expect((await status(other, 'completed')).statusCode).toBe(204);

    const untouched = await callRow(call.id);
    expect(untouched).toMatchObject({ status: 'queued', turn: 0, transcript: [], lastReply: null, recordingSid: null });
    expect((await candidateRow(candidate.id)).status).toBe('calling');

    // The genuine request still works.
    expectQuestion(await voice(call), call.id);
  });

  it('answers a replayed answer to an earlier turn with where the call is now', async () => {
    const screening = await makeScreening(a, 'Shift Lead');
    const candidate = await addCandidate(a, screening.id, { candidateName: 'Jo Park' });
    const call = await dial(candidate.id);
    const opening = expectQuestion(await voice(call), call.id);
    const first = expectQuestion(await gather(call, opening.turn, 'Yes please'), call.id);
    const thin = expectQuestion(await gather(call, first.turn, 'I lead.'), call.id);
    const stale = expectQuestion(await gather(call, opening.turn, 'Yes please'), call.id);
    expect(stale).toEqual(thin);
    const row = await callRow(call.id);
    expect(row.turn).toBe(3);
    expect(row.transcript.filter((e) => e.speaker === 'Candidate')).toHaveLength(2);
  });

  it('refuses every webhook where Twilio is not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await signedWebhook(plain.app, '/api/telephony/twilio/status?callId=1', callParams({ sid: sid('CA'), to: '+15551234567' }, { CallStatus: 'completed' }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This request does not carry a valid Twilio signature', code: 'FORBIDDEN' });
    } finally {
      await plain.close();
    }
  });
});
