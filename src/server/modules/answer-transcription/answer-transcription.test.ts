import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_AUDIO_MAX_BYTES, type StartInterviewResult } from '../../../contracts/candidate-room';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { makeInterview, makeJob } from '../../test/factories';
import { FakeWhisper, WHISPER_KEY } from '../../test/whisper';

// One answer's audio, transcribed while the candidate waits (issue 32 item 5, decision 056): through
// the HTTP API, on PGlite, against a Whisper that speaks OpenAI's wire format on loopback.

const webm = (size = 2_000) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
const ogg = (size = 2_000) => Buffer.concat([Buffer.from('OggS'), randomBytes(size - 4)]);
const mp4 = (size = 2_000) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), randomBytes(size - 12)]);

let whisper: FakeWhisper;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  whisper = await new FakeWhisper().start();
  [t, plain] = await Promise.all([
    createTestApp({ STT_PROVIDER: 'openai-compatible', STT_BASE_URL: whisper.url, STT_MODEL: 'whisper-1', STT_API_KEY: WHISPER_KEY, STT_TIMEOUT_SECONDS: '5' }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
  await whisper.close();
});

/** An interview the candidate has started through the API (consent, then start): its id, token and the start's answer. */
async function startedInterview(app: TestApp) {
  const { job } = await makeJob(app.database.db);
  const row = await makeInterview(app.database.db, job.id);
  await giveConsent(app.app, row.id, row.candidateToken);
  const start = await app.app.inject({ method: 'POST', url: `/api/interview/${row.id}/start`, headers: { 'x-candidate-token': row.candidateToken } });
  expect(start.statusCode).toBe(200);
  return { id: row.id, token: row.candidateToken, start: start.json<StartInterviewResult>() };
}

const send = (app: TestApp, id: number, token: string | null, body: Buffer | Readable | string, contentType: string | null = 'audio/webm;codecs=opus') =>
  app.app.inject({
    method: 'POST',
    url: `/api/interview/${id}/answer-transcription`,
    headers: { ...(token ? { 'x-candidate-token': token } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    payload: body,
  });

const answerDirs = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('hireloop-answer-'));

describe('POST /api/interview/{id}/answer-transcription', () => {
  it("tells the candidate's ready page, before the start, whether spoken answers can be transcribed", async () => {
    for (const [app, expected] of [[t, true], [plain, false]] as const) {
      const { job } = await makeJob(app.database.db);
      const row = await makeInterview(app.database.db, job.id);
      const res = await app.app.inject({ method: 'GET', url: `/api/interview/${row.id}`, headers: { 'x-candidate-token': row.candidateToken } });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ answerTranscription: boolean }>().answerTranscription).toBe(expected);
    }
  });

  it('sends the answer to the provider as OpenAI expects and answers its words; the temporary file is gone afterwards', async () => {
    const { id, token, start } = await startedInterview(t);
    expect(start.answerTranscription).toBe(true);
    const audio = webm(5_000);
    whisper.cue = () => ({ kind: 'transcript', segments: [{ start: 0.4, end: 2.1, text: 'I closed the ticket backlog' }, { start: 2.1, end: 3.5, text: ' in two weeks.' }] });
    const before = whisper.requests.length;
    const dirsBefore = await answerDirs();

    const res = await send(t, id, token, audio);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: 'I closed the ticket backlog in two weeks.' });

    expect(whisper.requests).toHaveLength(before + 1);
    const received = whisper.requests.at(-1)!;
    expect(received.authorization).toBe(`Bearer ${WHISPER_KEY}`);
    expect(received.model).toBe('whisper-1');
    expect(received.responseFormat).toBe('verbose_json');
    expect(received.file).toMatchObject({ name: 'answer.webm', type: 'audio/webm' });
    expect(received.file!.bytes.equals(audio)).toBe(true);
    expect(await answerDirs()).toEqual(dirsBefore);
  });

  it('names the file by its container whatever the header says (Firefox Ogg, Safari MP4), and answers an answer with no speech as empty text', async () => {
    const { id, token } = await startedInterview(t);
    whisper.cue = () => ({ kind: 'transcript', segments: [] });
    for (const [audio, type, name] of [
      [ogg(), 'audio/ogg; codecs=opus', 'answer.ogg'],
      [mp4(), 'audio/mp4', 'answer.mp4'],
      [mp4(), 'video/mp4;codecs=avc1,mp4a.40.2', 'answer.mp4'],
      [webm(), 'video/webm;codecs=vp8,opus', 'answer.webm'],
    ] as const) {
      const res = await send(t, id, token, audio, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ text: '' });
      expect(whisper.requests.at(-1)!.file).toMatchObject({ name });
      expect(whisper.requests.at(-1)!.file!.bytes.equals(audio)).toBe(true);
    }
  });

  it('says so when the server has no provider (404), and the start tells the room to offer typing', async () => {
    const { id, token, start } = await startedInterview(plain);
    expect(start.answerTranscription).toBe(false);
    const res = await send(plain, id, token, webm());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Answers are not transcribed on this server: please type your answer', code: 'NOT_FOUND' });
  });

  it('refuses audio over 10 MB with 413, by its Content-Length or as it streams, and sends nothing on', async () => {
    const { id, token } = await startedInterview(t);
    const before = whisper.requests.length;
    const message = "The answer's audio is larger than 10 MB, the most this server transcribes at once: please type your answer";

    const declared = await send(t, id, token, webm(ANSWER_AUDIO_MAX_BYTES + 1));
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ error: message, code: 'PAYLOAD_TOO_LARGE' });

    // No Content-Length (chunked): refused once the bytes pass the limit.
    const chunks = Array.from({ length: 11 }, () => randomBytes(1024 * 1024));
    const streamed = await send(t, id, token, Readable.from(chunks));
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ error: message, code: 'PAYLOAD_TOO_LARGE' });

    // Exactly at the limit is accepted.
    whisper.cue = () => ({ kind: 'transcript', segments: [{ start: 0, end: 1, text: 'Long answer.' }] });
    const atLimit = await send(t, id, token, webm(ANSWER_AUDIO_MAX_BYTES));
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(whisper.requests).toHaveLength(before + 1);
  });

  it('is only for the candidate of an interview in progress', async () => {
    const { id, token } = await startedInterview(t);
    const before = whisper.requests.length;
    const { job } = await makeJob(t.database.db);
    const pending = await makeInterview(t.database.db, job.id);
    const submitted = await makeInterview(t.database.db, job.id, { status: 'evaluating' });

    const anonymous = await send(t, id, null, webm());
    expect(anonymous.statusCode).toBe(401);
    const wrong = await send(t, id, 'not-a-token', webm());
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'This interview link is invalid or has expired', code: 'UNAUTHENTICATED' });
    const notStarted = await send(t, pending.id, pending.candidateToken, webm());
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toEqual({ error: 'The interview has not been started', code: 'INTERVIEW_NOT_STARTED' });
    const done = await send(t, submitted.id, submitted.candidateToken, webm());
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ error: 'This interview has already been submitted', code: 'INTERVIEW_SUBMITTED' });
    // Another interview's link does not reach this one.
    const other = await send(t, id, pending.candidateToken, webm());
    expect(other.statusCode).toBe(404);
    // A recruiter's preview has no answers to transcribe.
    const recruiter = new Agent(t.app);
    await recruiter.register('answer-stt-recruiter');
    const preview = await recruiter.request('POST', `/api/interview/${id}/answer-transcription`, webm(), { 'content-type': 'audio/webm' });
    expect(preview.statusCode).toBe(401);

    expect(whisper.requests).toHaveLength(before);
    // The candidate's own call still works.
    whisper.cue = () => ({ kind: 'transcript', segments: [{ start: 0, end: 1, text: 'Yes.' }] });
    expect((await send(t, id, token, webm())).statusCode).toBe(200);
  });

  it("answers 502 with the provider's failure, after one retry of a 500", async () => {
    const { id, token } = await startedInterview(t);
    const before = whisper.requests.length;
    whisper.cue = () => ({ kind: 'error', status: 500, message: 'The server had an error while processing your request.' });
    const res = await send(t, id, token, webm());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'Your answer could not be transcribed: HTTP 500 Internal Server Error from the transcription server: The server had an error while processing your request.',
      code: 'TRANSCRIPTION_FAILED',
    });
    expect(whisper.requests).toHaveLength(before + 2);

    whisper.cue = () => ({ kind: 'raw', body: '<html>Bad gateway</html>', contentType: 'text/html' });
    const garbage = await send(t, id, token, webm());
    expect(garbage.statusCode).toBe(502);
    expect(garbage.json()).toEqual({ error: 'Your answer could not be transcribed: the transcription server did not answer with JSON', code: 'TRANSCRIPTION_FAILED' });
  });

  it('refuses a body that is empty (400) or not audio (415) before calling the provider', async () => {
    const { id, token } = await startedInterview(t);
    const before = whisper.requests.length;
    const empty = await send(t, id, token, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "The answer's audio is empty: send the recording as the request body", code: 'BAD_REQUEST' });
    const none = await send(t, id, token, '', null);
    expect(none.statusCode).toBe(400);

    const formats = "Send the answer's audio as WebM, Ogg or MP4 (audio/webm, audio/ogg or audio/mp4)";
    for (const [body, type] of [
      [JSON.stringify({ audio: 'x' }), 'application/json'],
      ['hello', 'text/plain'],
      [webm(), 'audio/wav'],
    ] as const) {
      const res = await send(t, id, token, body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toEqual({ error: formats, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    const octets = await send(t, id, token, webm(), 'application/octet-stream');
    expect(octets.statusCode).toBe(415);
    const notAudio = await send(t, id, token, Buffer.from('RIFF....WAVEfmt garbage that is no container'), 'audio/webm');
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json()).toEqual({ error: `The answer's audio is not a WebM, Ogg or MP4 file. ${formats}`, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(whisper.requests).toHaveLength(before);
  });
});
