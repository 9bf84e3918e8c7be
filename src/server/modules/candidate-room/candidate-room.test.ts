import { randomBytes } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { interviews } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { makeInterview, makeJob } from '../../test/factories';
import { FOLLOW_UPS } from '../../ai/builtin/conversation';

const webm = (size: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);
const transcript = [
  { speaker: 'AI', text: 'Tell me about a time you helped an upset customer.', startMs: 0 },
  { speaker: 'Candidate', text: 'A customer was upset about a late order, so I called the courier, arranged same-day delivery and refunded the shipping; she thanked us.', startMs: 4000 },
];

let t: TestApp;
let jobId: number;
beforeAll(async () => {
  t = await createTestApp({ RECORDING_MAX_BYTES: String(2 * 1024 * 1024) });
  jobId = (await makeJob(t.database.db)).job.id;
});
afterAll(() => t.close());

/** An interview whose candidate has agreed to the notice (decision 025), so it can be started. */
const newInterview = async () => {
  const iv = await makeInterview(t.database.db, jobId);
  await giveConsent(t.app, iv.id, iv.candidateToken);
  return iv;
};
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'HEAD', url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { 'x-candidate-token': token, ...headers }, ...(payload !== undefined ? { payload: payload as string } : {}) });

const tusCreate = (token: string, interviewId: number, extra: Record<string, string> = {}, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      'x-candidate-token': token,
      'tus-resumable': '1.0.0',
      ...(extra['upload-length'] ? {} : { 'upload-defer-length': '1' }),
      'upload-metadata': `interviewId ${Buffer.from(String(interviewId)).toString('base64')},segment ${Buffer.from('0').toString('base64')}`,
      ...extra,
    },
  });
const tusPatch = (location: string, token: string, offset: number, body: Buffer, extra: Record<string, string> = {}, app = t.app) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: { 'x-candidate-token': token, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...extra },
    payload: body,
  });
const uploadIdOf = (res: LightMyRequestResponse) => String(res.headers.location).split('/').pop()!;

describe('starting and saving', () => {
  it('starts the interview, saves the transcript as it goes, and continues after a reload', async () => {
    const iv = await newInterview();
    const start = await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ status: 'in_progress', uploadEndpoint: '/api/uploads', videoRecording: true, transcript: [], answerTranscription: false });
    expect((await call('PUT', `/api/interview/${iv.id}/transcript`, iv.candidateToken, { transcript })).statusCode).toBe(204);
    const again = await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken);
    expect(again.json<{ transcript: unknown[] }>().transcript).toEqual(transcript);
    expect((await call('POST', `/api/interview/${iv.id}/heartbeat`, iv.candidateToken)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row).toMatchObject({ status: 'in_progress', isActive: true });
  });

  it('decides follow-ups for the candidate, never worded as one the interviewer has already said', async () => {
    const iv = await newInterview();
    const question = 'Tell me about a time you led a team.';
    const prompts = FOLLOW_UPS.prompt.map((w) => w.replace('{question}', question));
    const followUp = async () => (await call('POST', `/api/interview/${iv.id}/follow-up`, iv.candidateToken, { question, answer: "I don't know." })).json<{ followUp: string }>().followUp;
    // Next to nothing said: the question again, gently.
    const first = await followUp();
    expect(prompts).toContain(first);
    // Once that wording is in the interview's saved transcript, the same answer gets another.
    expect((await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken)).statusCode).toBe(200);
    const said = [{ speaker: 'AI', text: question, startMs: 0 }, { speaker: 'Candidate', text: "I don't know.", startMs: 1000 }, { speaker: 'AI', text: first, startMs: 2000 }];
    expect((await call('PUT', `/api/interview/${iv.id}/transcript`, iv.candidateToken, { transcript: said })).statusCode).toBe(204);
    const second = await followUp();
    expect(prompts).toContain(second);
    expect(second).not.toBe(first);
  });

  it('needs the interview\'s own token', async () => {
    const iv = await newInterview();
    const other = await newInterview();
    expect((await call('POST', `/api/interview/${iv.id}/start`, other.candidateToken)).statusCode).toBe(404);
    expect((await call('POST', `/api/interview/${iv.id}/start`, 'nope')).statusCode).toBe(401);
  });
});

describe('resumable recording upload (tus)', () => {
  it('uploads in pieces, resumes after a server restart, and submits byte-identical', async () => {
    const iv = await newInterview();
    await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken);
    const data = webm(300_000);
    const created = await tusCreate(iv.candidateToken, iv.id);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

    const first = await tusPatch(location, iv.candidateToken, 0, data.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('100000');

    // The server restarts: a new app on the same data directory and database picks up the upload.
    await t.app.close();
    const restarted = await buildApp(t.config, { database: t.database, queuePollSeconds: 0.5 });
    await restarted.ready();
    t.app = restarted;
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: { 'x-candidate-token': iv.candidateToken, 'tus-resumable': '1.0.0' } });
    expect(head.headers['upload-offset']).toBe('100000');

    const last = await tusPatch(location, iv.candidateToken, 100_000, data.subarray(100_000), { 'upload-length': String(data.length) });
    expect(last.statusCode).toBe(204);
    const storage = new RecordingStorage(t.config.dataDir);
    expect(readFileSync(storage.pathOf(uploadIdOf(created))).equals(data)).toBe(true);

    const done = await call('POST', `/api/interview/${iv.id}/complete`, iv.candidateToken, { uploadIds: [uploadIdOf(created)], transcript });
    expect(done.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row).toMatchObject({ status: expect.stringMatching(/evaluating|completed/), recordingUrl: `/api/interview/${iv.id}/recording`, recordingSegments: [{ uploadId: uploadIdOf(created), bytes: data.length }] });
    expect(row?.transcript).toEqual({ transcript });

    const twice = await call('POST', `/api/interview/${iv.id}/complete`, iv.candidateToken, { uploadIds: [uploadIdOf(created)], transcript });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'This interview has already been submitted', code: 'INTERVIEW_SUBMITTED' });
    expect((await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken)).statusCode).toBe(409);
    // A heartbeat that was on its way when the candidate submitted is not an error, and changes nothing.
    expect((await call('POST', `/api/interview/${iv.id}/heartbeat`, iv.candidateToken)).statusCode).toBe(204);
    const [after] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(after?.status).toMatch(/evaluating|completed/);
  });

  it('refuses an upload that is not WebM, too large, for another interview, or before the interview started', async () => {
    const iv = await newInterview();
    expect((await tusCreate(iv.candidateToken, iv.id)).statusCode).toBe(409);
    await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken);
    expect((await tusCreate(iv.candidateToken, iv.id + 1000)).statusCode).toBe(403);
    const tooBig = await tusCreate(iv.candidateToken, iv.id, { 'upload-length': String(3 * 1024 * 1024) });
    expect(tooBig.statusCode).toBe(413);

    const created = await tusCreate(iv.candidateToken, iv.id);
    const notWebm = Buffer.from('RIFF....WAVEfmt this is not webm at all');
    const res = await tusPatch(String(created.headers.location), iv.candidateToken, 0, notWebm, { 'upload-length': String(notWebm.length) });
    expect(res.statusCode).toBe(415);
    const complete = await call('POST', `/api/interview/${iv.id}/complete`, iv.candidateToken, { uploadIds: [uploadIdOf(created)], transcript });
    expect(complete.statusCode).toBeGreaterThanOrEqual(400);
    expect(complete.statusCode).toBeLessThan(500);

    const stranger = await newInterview();
    const headAsStranger = await t.app.inject({ method: 'HEAD', url: String(created.headers.location), headers: { 'x-candidate-token': stranger.candidateToken, 'tus-resumable': '1.0.0' } });
    expect(headAsStranger.statusCode).toBe(404);
  });

  it('refuses to complete before the upload has finished', async () => {
    const iv = await newInterview();
    await call('POST', `/api/interview/${iv.id}/start`, iv.candidateToken);
    const created = await tusCreate(iv.candidateToken, iv.id);
    await tusPatch(String(created.headers.location), iv.candidateToken, 0, webm(1000));
    const res = await call('POST', `/api/interview/${iv.id}/complete`, iv.candidateToken, { uploadIds: [uploadIdOf(created)], transcript });
    expect(res.json()).toEqual({ error: 'The recording has not finished uploading', code: 'RECORDING_INCOMPLETE' });
  });
});

describe('multipart recording upload (the spec\'s endpoint)', () => {
  const multipart = (parts: { name: string; filename?: string; content: Buffer | string }[]) => {
    const boundary = `----hireloop${randomBytes(8).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: video/webm` : ''}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores the file under a server-generated name and submits the interview', async () => {
    const iv = await newInterview();
    const data = webm(50_000);
    const body = multipart([
      { name: 'transcript', content: JSON.stringify(transcript) },
      { name: 'audio', filename: '../../etc/passwd.webm', content: data },
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.candidateToken, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    const segment = row!.recordingSegments![0]!;
    expect(segment.uploadId).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(new RecordingStorage(t.config.dataDir).pathOf(segment.uploadId)).equals(data)).toBe(true);
    expect(row?.transcript).toEqual({ transcript });
  });

  it('refuses non-WebM and oversized files and keeps nothing', async () => {
    const iv = await newInterview();
    const wav = multipart([{ name: 'audio', filename: 'a.wav', content: Buffer.from('RIFFxxxxWAVE not webm') }, { name: 'transcript', content: '[]' }]);
    const bad = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.candidateToken, ...wav.headers }, payload: wav.payload });
    expect(bad.statusCode).toBe(415);
    const big = multipart([{ name: 'audio', filename: 'a.webm', content: webm(2 * 1024 * 1024 + 10) }, { name: 'transcript', content: '[]' }]);
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.candidateToken, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(413);
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, iv.id));
    expect(row?.status).toBe('pending');
    const badTranscript = multipart([{ name: 'audio', filename: 'a.webm', content: webm(1000) }, { name: 'transcript', content: '{oops' }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/recording`, headers: { 'x-candidate-token': iv.candidateToken, ...badTranscript.headers }, payload: badTranscript.payload });
    expect(res.statusCode).toBe(400);
    expect(existsSync(t.config.dataDir)).toBe(true);
  });
});
