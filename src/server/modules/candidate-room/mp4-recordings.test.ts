import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_RECORDING } from '../../../contracts/candidate-room';
import type { CreatedInterview } from '../../../contracts/interviews';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { multipart } from '../../test/multipart';
import { interviews } from '../../db/schema';
import { eq } from 'drizzle-orm';

// Issue 30, part 1: Safari and every iPhone browser (WebKit) record MP4, not WebM. The resumable
// upload, the one-shot upload, playback with Range and the candidate's data export take MP4 as they
// take WebM, and keep its real content type (video or audio only).

/** An MP4 file as MediaRecorder starts one: an `ftyp` box (size, "ftyp", brand), then media data. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(size - 12)]);
const transcript = [
  { speaker: 'AI', text: 'Tell me about a busy shift.', startMs: 0 },
  { speaker: 'Candidate', text: 'On a Saturday rush I ran the register and restocked between customers.', startMs: 3000 },
];

let t: TestApp;
let owner: Agent;
let jobId: number;

beforeAll(async () => {
  t = await createTestApp({ RECORDING_MAX_BYTES: String(2 * 1024 * 1024) });
  owner = new Agent(t.app);
  expect((await owner.register('mp4-owner', 'Corner Cafe')).statusCode).toBe(201);
  jobId = (await owner.post('/api/job', { title: 'Barista', description: 'Makes coffee for the morning rush.' })).json<{ id: number }>().id;
});
afterAll(() => t.close());

async function consentedInterview(name: string, videoRecording = true) {
  const created = (await owner.post(`/api/job/${jobId}/interview`, { candidateName: name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, videoRecording })).json<CreatedInterview>();
  const token = new URL(created.candidateLink).searchParams.get('token')!;
  await giveConsent(t.app, created.id, token);
  return { id: created.id, token };
}

const candidateCall = (method: 'POST' | 'PATCH', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { 'x-candidate-token': token, ...headers }, ...(payload !== undefined ? { payload: payload as string } : {}) });

describe('an MP4 recording', () => {
  it('goes up by the resumable upload, is played as video/mp4 with Range, and is exported as recording-1.mp4', async () => {
    const iv = await consentedInterview('Ana Silva');
    expect((await candidateCall('POST', `/api/interview/${iv.id}/start`, iv.token)).statusCode).toBe(200);
    const data = mp4(150_000);
    const created = await candidateCall('POST', '/api/uploads', iv.token, undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `interviewId ${Buffer.from(String(iv.id)).toString('base64')},segment ${Buffer.from('0').toString('base64')}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    const patched = await candidateCall('PATCH', location, iv.token, data, { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' });
    expect(patched.statusCode, patched.body).toBe(204);
    const done = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/complete`, headers: { 'x-candidate-token': iv.token }, payload: { uploadIds: [uploadId], transcript } });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row!.recordingSegments).toEqual([{ uploadId, bytes: data.length, format: 'mp4' }]);

    const whole = await owner.get(`/api/interview/${iv.id}/recording`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await owner.request('GET', `/api/interview/${iv.id}/recording`, undefined, { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('ftypmp42');

    const zip = await owner.get(`/api/interview/${iv.id}/export`);
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).filter((f) => f.startsWith('recording-'))).toEqual(['recording-1.mp4']);
    expect(Buffer.from(files['recording-1.mp4']!).equals(data)).toBe(true);
  });

  it("goes up as the room sends it from Safari: metadata filetype audio/mp4, length declared with the last bytes; played as audio/mp4", async () => {
    const iv = await consentedInterview('Dana Reyes', false);
    expect((await candidateCall('POST', `/api/interview/${iv.id}/start`, iv.token)).statusCode).toBe(200);
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    const data = mp4(60_000);
    // tus-js-client with uploadLengthDeferred, and the metadata tus-attempt.ts sends.
    const created = await candidateCall('POST', '/api/uploads', iv.token, undefined, {
      'tus-resumable': '1.0.0',
      'upload-defer-length': '1',
      'upload-metadata': `interviewId ${b64(String(iv.id))},segment ${b64('0')},filetype ${b64('audio/mp4')}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const patch = (offset: number, bytes: Buffer, last: boolean) =>
      candidateCall('PATCH', location, iv.token, bytes, {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(last ? { 'upload-length': String(data.length) } : {}),
      });
    expect((await patch(0, data.subarray(0, 20_000), false)).statusCode).toBe(204);
    expect((await patch(20_000, data.subarray(20_000), true)).statusCode).toBe(204);
    const uploadId = location.split('/').pop()!;
    const done = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/complete`, headers: { 'x-candidate-token': iv.token }, payload: { uploadIds: [uploadId], transcript } });
    expect(done.statusCode, done.body).toBe(200);
    const played = await owner.get(`/api/interview/${iv.id}/recording`);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mp4');
    expect(played.rawPayload.equals(data)).toBe(true);
  });

  it('goes up by the one-shot upload, and an audio-only interview is played as audio/mp4', async () => {
    const iv = await consentedInterview('Ben Okafor', false);
    const data = mp4(40_000);
    const body = multipart([
      { name: 'transcript', value: JSON.stringify(transcript) },
      { name: 'audio', filename: 'interview.m4a', value: data, type: 'audio/mp4' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.token, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const played = await owner.get(`/api/interview/${iv.id}/recording`);
    expect(played.headers['content-type']).toBe('audio/mp4');
    expect(played.rawPayload.equals(data)).toBe(true);
  });

  it('refuses what is neither WebM nor MP4, by either upload, and keeps nothing', async () => {
    const iv = await consentedInterview('Cleo Park');
    const wav = multipart([{ name: 'audio', filename: 'a.wav', value: Buffer.from('RIFF....WAVEfmt not a recording at all') }, { name: 'transcript', value: '[]' }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.token, ...wav.headers }, payload: wav.payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: NOT_A_RECORDING, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row!.recordingSegments).toBeNull();
  });
});
