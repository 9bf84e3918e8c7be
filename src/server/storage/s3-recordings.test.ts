import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedInterview } from '../../contracts/interviews';
import type { Job } from '../../contracts/jobs';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { interviews, stagedUploadChunks, stagedUploads } from '../db/schema';
import { Agent, createTestApp, type TestApp } from '../test/app';
import { giveConsent } from '../test/consent';
import { TestS3 } from '../test/s3';
import { multipart } from '../test/multipart';
import { waitFor } from '../test/wait';
import { FakeWhisper, WHISPER_KEY } from '../test/whisper';

const MB = 1024 * 1024;
const webm = (size: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
const transcript = [
  { speaker: 'AI', text: 'Tell me about a time you helped an upset customer.', startMs: 0, endMs: 3_000 },
  { speaker: 'Candidate', text: 'a parcel', startMs: 4_000, endMs: 9_000 },
];

let s3: TestS3;
let whisper: FakeWhisper;
let t: TestApp;
let owner: Agent;
let job: Job;

beforeAll(async () => {
  s3 = await TestS3.start();
  whisper = await new FakeWhisper().start();
  t = await createTestApp({
    ...s3.env(),
    RECORDING_MAX_BYTES: String(20 * MB),
    STT_PROVIDER: 'openai-compatible',
    STT_BASE_URL: whisper.url,
    STT_MODEL: 'whisper-1',
    STT_API_KEY: WHISPER_KEY,
  });
  owner = new Agent(t.app);
  expect((await owner.register('bucket-owner', 'Bucket Retail')).statusCode).toBe(201);
  job = (await owner.post('/api/job', { title: 'Store Associate', description: 'Helps customers on the shop floor.' })).json<Job>();
});
afterAll(async () => {
  await t.close();
  await whisper.close();
  await s3.close();
});

/** An interview the candidate has agreed to and started; its token. */
async function startedInterview(app: FastifyInstance = t.app) {
  const created = (await owner.post(`/api/job/${job.id}/interview`, { candidateName: 'Sam Rivera', email: 'sam@example.com' })).json<CreatedInterview>();
  const token = new URL(created.candidateLink).searchParams.get('token')!;
  await giveConsent(app, created.id, token);
  expect((await app.inject({ method: 'POST', url: `/api/interview/${created.id}/start`, headers: { 'x-candidate-token': token } })).statusCode).toBe(200);
  return { id: created.id, token };
}

const tus = { 'tus-resumable': '1.0.0' };
const tusCreate = (app: FastifyInstance, token: string, interviewId: number) =>
  app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...tus, 'x-candidate-token': token, 'upload-defer-length': '1', 'upload-metadata': `interviewId ${Buffer.from(String(interviewId)).toString('base64')},segment ${Buffer.from('0').toString('base64')}` },
  });
const tusPatch = (app: FastifyInstance, location: string, token: string, offset: number, body: Buffer, extra: Record<string, string> = {}) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...tus, 'x-candidate-token': token, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra },
    payload: body,
  });
const tusOffset = async (app: FastifyInstance, location: string, token: string) =>
  (await app.inject({ method: 'HEAD', url: location, headers: { ...tus, 'x-candidate-token': token } })).headers['upload-offset'];
const uploadIdOf = (res: LightMyRequestResponse) => String(res.headers.location).split('/').pop()!;
const uploadedBytes = async (app: FastifyInstance) => (await app.deps.metrics.uploadBytes.get()).values.find((v) => v.labels.storage === 's3')?.value ?? 0;

const recordingForm = (file: Buffer) =>
  multipart([
    { name: 'audio', value: file, filename: 'interview.webm', type: 'video/webm' },
    { name: 'transcript', value: JSON.stringify(transcript) },
  ]);

describe('resumable uploads staged in the bucket', () => {
  it('continues an upload on a second instance and joins the pieces into exactly those bytes', async () => {
    const iv = await startedInterview();
    // Over 5 MB, so the join is a multipart upload; pieces that are not multiples of 5 MB.
    const data = webm(6 * MB + 12_345);
    const created = await tusCreate(t.app, iv.token, iv.id);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const uploadId = uploadIdOf(created);

    expect((await tusPatch(t.app, location, iv.token, 0, data.subarray(0, 1_000_003))).headers['upload-offset']).toBe('1000003');

    // A second instance on the same database and bucket picks the upload up.
    const second = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
    try {
      await second.ready();
      expect(await tusOffset(second, location, iv.token)).toBe('1000003');
      const middle = await tusPatch(second, location, iv.token, 1_000_003, data.subarray(1_000_003, 3_333_333));
      expect(middle.statusCode).toBe(204);
      expect(middle.headers['upload-offset']).toBe('3333333');
      // The same offset again (a second instance racing): refused, nothing counted twice.
      expect((await tusPatch(t.app, location, iv.token, 1_000_003, data.subarray(1_000_003, 1_000_100))).statusCode).toBe(409);
      expect(await tusOffset(t.app, location, iv.token)).toBe('3333333');
      expect((await s3.keys()).filter((k) => k.startsWith(`staging/${uploadId}/`))).toHaveLength(2);

      const last = await tusPatch(t.app, location, iv.token, 3_333_333, data.subarray(3_333_333), { 'upload-length': String(data.length) });
      expect(last.statusCode).toBe(204);
      expect(last.headers['upload-offset']).toBe(String(data.length));
      expect((await uploadedBytes(t.app)) + (await uploadedBytes(second))).toBeGreaterThanOrEqual(data.length);
    } finally {
      await second.close();
    }

    expect((await s3.read(`recordings/${uploadId}`)).equals(data)).toBe(true);
    expect((await s3.keys()).filter((k) => k.includes(uploadId))).toEqual([`recordings/${uploadId}`]);
    expect(await t.database.db.select().from(stagedUploadChunks).where(eq(stagedUploadChunks.uploadId, uploadId))).toEqual([]);
    const [staged] = await t.database.db.select().from(stagedUploads).where(eq(stagedUploads.id, uploadId));
    expect(staged).toMatchObject({ size: data.length, completedAt: expect.any(Date) });

    const done = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/complete`, headers: { 'x-candidate-token': iv.token }, payload: { uploadIds: [uploadId], transcript } });
    expect(done.statusCode).toBe(200);

    // Playback: the owner's access checks, ranges streamed from the bucket.
    const whole = await owner.get(`/api/interview/${iv.id}/recording`);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await owner.request('GET', `/api/interview/${iv.id}/recording`, undefined, { range: 'bytes=5242870-5242979' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5242870-5242979/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(5_242_870, 5_242_980))).toBe(true);
    const tail = await owner.request('GET', `/api/interview/${iv.id}/recording`, undefined, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(data.subarray(-10))).toBe(true);
    const tooFar = await owner.request('GET', `/api/interview/${iv.id}/recording`, undefined, { range: `bytes=${data.length}-` });
    expect(tooFar.statusCode).toBe(416);
    expect(tooFar.json()).toEqual({ error: 'The requested range is outside the recording', code: 'BAD_REQUEST' });
    const stranger = new Agent(t.app);
    await stranger.register('bucket-stranger', 'Stranger Goods');
    expect((await stranger.get(`/api/interview/${iv.id}/recording`)).statusCode).toBe(404);
  });

  it('takes an MP4 recording (Safari, iPhone) into the bucket and plays it as video/mp4 (issue 30)', async () => {
    const iv = await startedInterview();
    const data = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(50_000)]);
    const created = await tusCreate(t.app, iv.token, iv.id);
    const uploadId = uploadIdOf(created);
    expect((await tusPatch(t.app, String(created.headers.location), iv.token, 0, data, { 'upload-length': String(data.length) })).statusCode).toBe(204);
    const done = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/complete`, headers: { 'x-candidate-token': iv.token }, payload: { uploadIds: [uploadId], transcript } });
    expect(done.statusCode, done.body).toBe(200);
    expect((await s3.read(`recordings/${uploadId}`)).equals(data)).toBe(true);
    const whole = await owner.get(`/api/interview/${iv.id}/recording`);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(data)).toBe(true);
  });

  it('answers 503 while the bucket refuses writes, keeps the offset, and continues once it is back', async () => {
    const iv = await startedInterview();
    const data = webm(300_000);
    const created = await tusCreate(t.app, iv.token, iv.id);
    const location = String(created.headers.location);
    expect((await tusPatch(t.app, location, iv.token, 0, data.subarray(0, 100_000))).statusCode).toBe(204);

    await s3.stop();
    try {
      const refused = await tusPatch(t.app, location, iv.token, 100_000, data.subarray(100_000), { 'upload-length': String(data.length) });
      expect(refused.statusCode).toBe(503);
      expect(refused.body).toBe('The recording could not be stored. Please try again.');
      expect(await tusOffset(t.app, location, iv.token)).toBe('100000');
    } finally {
      await s3.start();
    }

    // As the candidate's browser does: HEAD for the offset (the length is already declared), then the rest again.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...tus, 'x-candidate-token': iv.token } });
    expect(head.headers).toMatchObject({ 'upload-offset': '100000', 'upload-length': String(data.length) });
    const retried = await tusPatch(t.app, location, iv.token, 100_000, data.subarray(100_000));
    expect(retried.statusCode).toBe(204);
    expect((await s3.read(`recordings/${uploadIdOf(created)}`)).equals(data)).toBe(true);
  });

  it('refuses a finished upload that is not WebM and keeps none of it', async () => {
    const iv = await startedInterview();
    const created = await tusCreate(t.app, iv.token, iv.id);
    const wav = Buffer.from('RIFF....WAVEfmt this is not webm at all');
    const res = await tusPatch(t.app, String(created.headers.location), iv.token, 0, wav, { 'upload-length': String(wav.length) });
    expect(res.statusCode).toBe(415);
    expect((await s3.keys()).filter((k) => k.includes(uploadIdOf(created)))).toEqual([]);
  });
});

describe('the one-shot recording, transcription, export and deletion with a bucket', () => {
  it('stores the multipart recording in the bucket, transcribes it, exports it, and deletes it with the data', async () => {
    const iv = await startedInterview();
    const file = webm(40_000);
    whisper.cue = () => ({ kind: 'transcript', segments: [
        { start: 0.2, end: 2.8, text: 'Tell me about a time you helped an upset customer.' },
        { start: 4.1, end: 8.5, text: 'A parcel was late, so I arranged a courier the same day.' },
      ],
      duration: 10, });
    const body = recordingForm(file);
    const submitted = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.token, ...body.headers }, payload: body.payload });
    expect(submitted.statusCode).toBe(200);
    const row = await waitFor(`interview ${iv.id} to be evaluated`, async () => {
      const [r] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
      return r?.status === 'completed' ? r : undefined;
    });
    const uploadId = row.recordingSegments![0]!.uploadId;
    expect((await s3.read(`recordings/${uploadId}`)).equals(file)).toBe(true);
    // The transcription server got the bytes from the bucket.
    expect(whisper.requests.at(-1)!.file!.bytes.equals(file)).toBe(true);
    expect(row.transcriptionError).toBeNull();
    expect(row.transcriptSource).toBe('server');

    const exported = await owner.get(`/api/interview/${iv.id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(Buffer.from(unzipSync(new Uint8Array(exported.rawPayload))['recording-1.webm']!).equals(file)).toBe(true);

    const deleted = await owner.post(`/api/interview/${iv.id}/delete-data`, { reason: 'candidate_request' });
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await s3.keys()).filter((k) => k.includes(uploadId))).toEqual([]);
  });

  it('deletes the staged pieces of an unfinished upload with the data', async () => {
    const iv = await startedInterview();
    const created = await tusCreate(t.app, iv.token, iv.id);
    expect((await tusPatch(t.app, String(created.headers.location), iv.token, 0, webm(50_000))).statusCode).toBe(204);
    expect((await s3.keys()).filter((k) => k.includes(uploadIdOf(created)))).toHaveLength(1);
    expect((await owner.post(`/api/interview/${iv.id}/delete-data`, { reason: 'candidate_request' })).json()).toEqual({ deleted: true });
    expect((await s3.keys()).filter((k) => k.includes(uploadIdOf(created)))).toEqual([]);
    expect(await t.database.db.select().from(stagedUploads).where(eq(stagedUploads.id, uploadIdOf(created)))).toEqual([]);
  });
});

describe('a wrong object storage setting', () => {
  it('stops the start with a message naming the variable', async () => {
    const start = async (env: Record<string, string>) => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir, SESSION_SECRET: t.config.sessionSecret, ...env });
      // From the migrated dump, as every test app starts (a fresh PGlite migrates for seconds; three took 20 s on a busy machine).
      const database = await openDatabase({ dataDir: config.dataDir, memory: true, loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
      try {
        const app = await buildApp(config, { database });
        await app.close();
        return null;
      } catch (err) {
        return err;
      } finally {
        await database.close();
      }
    };
    const missing = await start(s3.env({ S3_BUCKET: 'no-such-bucket' }));
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as Error).message).toMatch(/S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/);
    // s3rver checks the key id, not SigV4 signatures: an unknown key stands for rejected keys.
    const keys = await start(s3.env({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' }));
    expect((keys as Error).message).toMatch(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: .* refused access to the bucket "hireloop-recordings"/);
    const nobody = await start(s3.env({ S3_ENDPOINT: 'http://127.0.0.1:1' }));
    expect((nobody as Error).message).toMatch(/S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:1/);
  });
});
