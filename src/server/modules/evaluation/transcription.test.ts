import type { StoredEvaluation } from '../../../contracts/ai';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../../contracts/ai';
import type { CreatedInterview } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import type { InterviewTranscripts } from '../../../contracts/report';
import { interviews } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { makeInterview } from '../../test/factories';
import { waitFor } from '../../test/wait';
import { syntheticWebm, clustersOf, readWebm } from '../../test/webm';
import { FakeWhisper, WHISPER_KEY, type CueSegment, type ReceivedTranscription } from '../../test/whisper';
import { requestEvaluation, runEvaluation } from './evaluation.service';
import { createSpeechToText } from '../../speech/stt';
import { RecordingStorage } from '../../storage/recordings';

/** A small WebM-signed recording; each test's bytes differ, so the file sent can be told apart. */
const recording = (size = 3_000) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);

const QUESTION_1 = 'Tell me about a time you helped an upset customer.';
const QUESTION_2 = 'How do you explain a complicated fix to a customer?';

/** What the browser heard: timed questions, and answers its speech recognition mostly missed. */
const browserTranscript: TranscriptEntry[] = [
  { speaker: 'AI', text: QUESTION_1, startMs: 0, endMs: 3_000 },
  { speaker: 'Candidate', text: 'um yes so I', startMs: 4_000, endMs: 15_000 },
  { speaker: 'AI', text: QUESTION_2, startMs: 20_000, endMs: 23_000 },
  { speaker: 'Candidate', text: 'step', startMs: 24_000, endMs: 30_000 },
];

/** What Whisper heard in the recording: the questions from the speakers, and the whole answers. */
const heard: CueSegment[] = [
  { start: 0.2, end: 2.8, text: 'Tell me about a time you helped an upset customer.' },
  { start: 4.1, end: 8.0, text: "Last winter a customer's order was three days late for her daughter's birthday." },
  { start: 8.0, end: 10.4, text: 'I apologised, traced the parcel to a depot' },
  { start: 10.4, end: 12.5, text: 'and arranged a same-day courier at our cost.' },
  { start: 12.5, end: 15.0, text: 'She received it that evening and later left us a five-star review.' },
  { start: 20.3, end: 22.8, text: 'How do you explain a complicated fix to a customer?' },
  { start: 24.2, end: 29.5, text: 'I explain the plan in three short steps, check they understood, and follow up by email the next day.' },
];
const serverWords = heard.filter((_, i) => i !== 0 && i !== 5).map((s) => s.text);

let whisper: FakeWhisper;
let t: TestApp;
let recruiter: Agent;
let job: Job;

beforeAll(async () => {
  whisper = await new FakeWhisper().start();
  t = await createTestApp({
    STT_PROVIDER: 'openai-compatible',
    STT_BASE_URL: whisper.url,
    STT_MODEL: 'whisper-1',
    STT_API_KEY: WHISPER_KEY,
    STT_TIMEOUT_SECONDS: '1',
    STT_MAX_BYTES: String(8 * 1024),
  });
  recruiter = new Agent(t.app);
  await recruiter.register('transcripts-owner', 'Transcripts Co');
  job = (
    await recruiter.post('/api/job', {
      title: 'Customer Support Specialist',
      description: 'Help customers by phone and email.',
      questions: [QUESTION_1, QUESTION_2],
      rubric: [
        { name: 'Customer service', description: 'Resolves customer problems with empathy.', weight: 60 },
        { name: 'Communication', description: 'Clear, structured answers.', weight: 40 },
      ],
    })
  ).json<Job>();
});
afterAll(async () => {
  await t.close();
  await whisper.close();
});

const multipart = (file: Buffer, transcript: TranscriptEntry[]) => {
  const boundary = `----hireloop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="interview.webm"\r\nContent-Type: video/webm\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="transcript"\r\n\r\n${JSON.stringify(transcript)}\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** A candidate takes the interview and submits the recording through the spec's upload endpoint. */
async function interviewWithRecording(file: Buffer, transcript = browserTranscript) {
  const created = (await recruiter.post(`/api/job/${job.id}/interview`, { candidateName: 'Sam Rivera', email: 'sam@example.com' })).json<CreatedInterview>();
  const token = new URL(created.candidateLink).searchParams.get('token')!;
  const headers = { 'x-candidate-token': token };
  await giveConsent(t.app, created.id, token);
  expect((await t.app.inject({ method: 'POST', url: `/api/interview/${created.id}/start`, headers })).statusCode).toBe(200);
  const body = multipart(file, transcript);
  const submitted = await t.app.inject({ method: 'POST', url: `/api/interview/${created.id}/recording`, headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(submitted.statusCode).toBe(200);
  return created.id;
}

const evaluated = (id: number) =>
  waitFor(`interview ${id} to be evaluated`, async () => {
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, id));
    return row?.status === 'completed' ? row : undefined;
  });

const transcriptsOf = async (id: number) => {
  const res = await recruiter.get(`/api/interview/${id}/transcripts`);
  expect(res.statusCode).toBe(200);
  return res.json<InterviewTranscripts>();
};

const quotesOf = (feedback: StoredEvaluation | null) => (feedback?.criteria ?? []).flatMap((c) => c.evidence);

describe('server transcription before evaluation', () => {
  it('sends an MP4 recording (Safari, iPhone) as interview.mp4, video/mp4; one past the limit is not cut, and says so (issue 30)', async () => {
    const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(size - 12)]);
    const file = mp4(6_000);
    whisper.cue = () => ({ kind: 'transcript', segments: heard, duration: 31 });
    const row = await evaluated(await interviewWithRecording(file));
    expect(row.transcriptionError).toBeNull();
    expect(row.transcriptSource).toBe('server');
    const sent = whisper.requests.at(-1)!;
    expect(sent.file).toMatchObject({ name: 'interview.mp4', type: 'video/mp4' });
    expect(sent.file!.bytes.equals(file)).toBe(true);

    const before = whisper.requests.length;
    const large = await evaluated(await interviewWithRecording(mp4(20_000)));
    expect(whisper.requests.length).toBe(before);
    expect(large.transcriptSource).toBe('browser');
    expect(large.transcriptionError).toBe('recording too large to transcribe (20 KB > 8 KB)');
  });

  it("sends the recording in OpenAI's wire format and scores the server's words, questions placed by time", async () => {
    const file = recording();
    whisper.cue = () => ({ kind: 'transcript', segments: heard, duration: 31 });
    const id = await interviewWithRecording(file);
    const row = await evaluated(id);

    const sent = whisper.requests.at(-1)!;
    expect(sent).toMatchObject({ authorization: `Bearer ${WHISPER_KEY}`, model: 'whisper-1', responseFormat: 'verbose_json', timestampGranularities: ['segment'] });
    expect(sent.file).toMatchObject({ name: 'interview.webm', type: 'video/webm' });
    expect(sent.file!.bytes.equals(file)).toBe(true);

    expect(row.transcriptSource).toBe('server');
    expect(row.transcriptionError).toBeNull();
    // The questions as the browser has them (the speakers' echo is dropped); the answers as Whisper heard them, a sentence per entry.
    expect(row.serverTranscript!.transcript).toEqual([
      browserTranscript[0],
      { speaker: 'Candidate', text: heard[1]!.text, startMs: 4_100, endMs: 8_000 },
      { speaker: 'Candidate', text: `${heard[2]!.text} ${heard[3]!.text}`, startMs: 8_000, endMs: 12_500 },
      { speaker: 'Candidate', text: heard[4]!.text, startMs: 12_500, endMs: 15_000 },
      browserTranscript[2],
      { speaker: 'Candidate', text: heard[6]!.text, startMs: 24_200, endMs: 29_500 },
    ]);
    // The browser's transcript is kept as it was.
    expect(row.transcript).toEqual({ transcript: browserTranscript });

    // Evidence quotes words only the server heard, at the times Whisper gave.
    const quotes = quotesOf(row.feedback);
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) {
      expect(serverWords.join(' ')).toContain(q.quote);
      expect(browserTranscript.map((e) => e.text).join(' ')).not.toContain(q.quote);
      expect([4_100, 8_000, 12_500, 24_200]).toContain(q.atMs);
    }

    const api = await transcriptsOf(id);
    expect(api).toMatchObject({ scored: 'server', fallbackReason: null, browser: browserTranscript, server: { provider: 'openai-compatible', model: 'whisper-1', language: 'english' } });
    expect(api.server!.transcript).toEqual(row.serverTranscript!.transcript);
  });

  it('falls back to the browser transcript after a timeout, and still evaluates', async () => {
    whisper.cue = () => ({ kind: 'hang' });
    const before = whisper.requests.length;
    const id = await interviewWithRecording(recording());
    const row = await evaluated(id);
    expect(whisper.requests.length - before).toBe(2); // one retry, then the fallback
    expect(row).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'server transcription failed (timeout after 1 s)', serverTranscript: null });
    expect(row.feedback?.criteria.length).toBe(2);
    expect(await transcriptsOf(id)).toEqual({ scored: 'browser', fallbackReason: 'server transcription failed (timeout after 1 s)', browser: browserTranscript, server: null });
  });

  it('falls back on a server error, with the provider\'s message, after one retry', async () => {
    whisper.cue = () => ({ kind: 'error', status: 500, message: 'The server had an error while processing your request. Sorry about that!' });
    const before = whisper.requests.length;
    const id = await interviewWithRecording(recording());
    const row = await evaluated(id);
    expect(whisper.requests.length - before).toBe(2);
    const reason = 'server transcription failed (HTTP 500 Internal Server Error from the transcription server: The server had an error while processing your request. Sorry about that!)';
    expect(row).toMatchObject({ transcriptSource: 'browser', transcriptionError: reason });
    expect(row.feedback).not.toBeNull();
    expect((await transcriptsOf(id)).fallbackReason).toBe(reason);
  });

  it('falls back without retrying on garbage: not JSON, or JSON without a text', async () => {
    whisper.cue = () => ({ kind: 'raw', body: '<html><body>upstream connect error</body></html>', contentType: 'text/html' });
    const before = whisper.requests.length;
    const html = await evaluated(await interviewWithRecording(recording()));
    expect(whisper.requests.length - before).toBe(1);
    expect(html).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'server transcription failed (the transcription server did not answer with JSON)' });
    expect(html.feedback).not.toBeNull();

    whisper.cue = () => ({ kind: 'raw', body: JSON.stringify({ segments: [], status: 'queued' }) });
    const noText = await evaluated(await interviewWithRecording(recording()));
    expect(noText).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'server transcription failed (the transcription server answered without a transcript text)' });
    expect(noText.feedback).not.toBeNull();

    whisper.cue = () => ({ kind: 'transcript', segments: [{ start: 0, end: 1, text: '   ' }] });
    const empty = await evaluated(await interviewWithRecording(recording()));
    expect(empty).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'server transcription failed (the transcription was empty)' });
  });

  it('refuses a client error without retrying', async () => {
    whisper.cue = () => ({ kind: 'error', status: 400, message: 'Audio file might be corrupted or unsupported' });
    const before = whisper.requests.length;
    const row = await evaluated(await interviewWithRecording(recording()));
    expect(whisper.requests.length - before).toBe(1);
    expect(row.transcriptionError).toBe('server transcription failed (HTTP 400 Bad Request from the transcription server: Audio file might be corrupted or unsupported)');
  });

  it('does not send a recording larger than the provider accepts when it cannot be cut into pieces (not a WebM it can read)', async () => {
    whisper.cue = () => ({ kind: 'transcript', segments: heard });
    const before = whisper.requests.length;
    const row = await evaluated(await interviewWithRecording(recording(9 * 1024)));
    expect(whisper.requests.length).toBe(before);
    expect(row).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'recording too large to transcribe (9 KB > 8 KB)' });
  });

  it('sends a recording larger than the provider accepts in pieces of whole clusters, each on the recording\'s clock', async () => {
    // 31 one-second clusters of about 2 KB: about 62 KB against the 8 KB the provider takes here.
    const file = syntheticWebm(clustersOf(31, 2, 1_000));
    const seconds = (request: ReceivedTranscription) => readWebm(request.file!.bytes).timecodes.length;
    // Each piece: the candidate's words from half a second in, to its end (times within the piece).
    whisper.cue = (request, index) => ({ kind: 'transcript', duration: seconds(request), segments: [{ start: 0.5, end: seconds(request), text: `Piece ${index} of my answer, with the steps I took.` }] });
    const before = whisper.requests.length;
    const row = await evaluated(await interviewWithRecording(file));
    const sent = whisper.requests.slice(before);

    expect(sent.length).toBeGreaterThan(3);
    for (const r of sent) {
      expect(r.file!.bytes.length).toBeLessThanOrEqual(8 * 1024);
      expect(r.file!.type).toBe('video/webm');
      expect(readWebm(r.file!.bytes)).toMatchObject({ hasTracks: true, timecodes: expect.arrayContaining([0]) });
    }
    // Every block of the recording went to the provider once, in order.
    expect(Buffer.concat(sent.flatMap((r) => readWebm(r.file!.bytes).blocks))).toEqual(Buffer.concat(readWebm(file).blocks));
    expect(row).toMatchObject({ transcriptSource: 'server', transcriptionError: null });
    const starts = sent.map((r, i) => sent.slice(0, i).reduce((ms, p) => ms + seconds(p) * 1_000, 0));
    expect(row.serverTranscript!.segments.map((s) => s.startMs)).toEqual(starts.map((ms) => ms + 500));
  });

  it('transcribes every part of a reloaded interview, later parts on the whole recording\'s clock', async () => {
    // An audio-only interview whose page was reloaded once: two parts, uploaded resumably.
    const created = (
      await recruiter.post(`/api/job/${job.id}/interview`, { candidateName: 'Ari Lee', email: 'ari@example.com', videoRecording: false })
    ).json<CreatedInterview>();
    const token = new URL(created.candidateLink).searchParams.get('token')!;
    const headers = { 'x-candidate-token': token };
    await giveConsent(t.app, created.id, token);
    await t.app.inject({ method: 'POST', url: `/api/interview/${created.id}/start`, headers });
    const parts = [recording(), recording()];
    const uploadIds: string[] = [];
    for (const [segment, bytes] of parts.entries()) {
      const b64 = (v: number) => Buffer.from(String(v)).toString('base64');
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': `interviewId ${b64(created.id)},segment ${b64(segment)}` },
      });
      const location = String(made.headers.location);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: { ...headers, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: bytes,
      });
      expect(patched.statusCode).toBe(204);
      uploadIds.push(location.split('/').pop()!);
    }
    // After the reload the browser's clock went on from its last offset plus a second.
    const browser: TranscriptEntry[] = [
      { speaker: 'AI', text: QUESTION_1, startMs: 0, endMs: 3_000 },
      { speaker: 'Candidate', text: 'a late order', startMs: 4_000, endMs: 9_000 },
      { speaker: 'AI', text: QUESTION_2, startMs: 10_000, endMs: 13_000 },
      { speaker: 'Candidate', text: 'steps', startMs: 14_000, endMs: 20_000 },
    ];
    whisper.cue = (request) =>
      request.file!.bytes.equals(parts[0]!)
        ? { kind: 'transcript', duration: 9.5, segments: [{ start: 0.2, end: 2.8, text: QUESTION_1 }, { start: 4, end: 9, text: 'A parcel was late, so I found it and sent a courier.' }] }
        : { kind: 'transcript', duration: 10.5, segments: [{ start: 0.4, end: 3, text: QUESTION_2 }, { start: 4.5, end: 10, text: 'I use three short steps and check they understood.' }] };
    const before = whisper.requests.length;
    const done = await t.app.inject({ method: 'POST', url: `/api/interview/${created.id}/complete`, headers, payload: { uploadIds, transcript: browser } });
    expect(done.statusCode).toBe(200);
    const row = await evaluated(created.id);

    const sent = whisper.requests.slice(before);
    expect(sent.map((r) => r.file!.type)).toEqual(['audio/webm', 'audio/webm']);
    expect(sent.map((r) => r.file!.bytes.equals(parts[0]!) ? 0 : r.file!.bytes.equals(parts[1]!) ? 1 : -1)).toEqual([0, 1]);
    expect(row.transcriptSource).toBe('server');
    expect(row.serverTranscript!.segments.map((s) => s.startMs)).toEqual([200, 4_000, 9_900, 14_000]);
    expect(row.serverTranscript!.transcript).toEqual([
      browser[0],
      { speaker: 'Candidate', text: 'A parcel was late, so I found it and sent a courier.', startMs: 4_000, endMs: 9_000 },
      browser[2],
      { speaker: 'Candidate', text: 'I use three short steps and check they understood.', startMs: 14_000, endMs: 19_500 },
    ]);
  });

  it('scores the browser transcript of an interview without a recording, and says why', async () => {
    const before = whisper.requests.length;
    const iv = await makeInterview(t.database.db, job.id, { status: 'in_progress', transcript: { transcript: browserTranscript } });
    await requestEvaluation({ db: t.database.db, queue: t.app.deps.queue }, iv.id);
    const row = await evaluated(iv.id);
    expect(whisper.requests.length).toBe(before);
    expect(row).toMatchObject({ transcriptSource: 'browser', transcriptionError: 'no recording to transcribe' });
    expect(row.feedback).not.toBeNull();
  });

  it('keeps the first decision when the job runs again, without asking the provider again', async () => {
    whisper.cue = () => ({ kind: 'transcript', segments: heard, duration: 31 });
    const id = await interviewWithRecording(recording());
    const first = await evaluated(id);
    const asked = whisper.requests.length;
    // A retried job (the evaluation failed after the transcript was decided) finds the decision stored.
    await t.database.db.update(interviews).set({ status: 'evaluating' }).where(eq(interviews.id, id));
    whisper.cue = () => ({ kind: 'error', status: 500, message: 'down' });
    const deps = { db: t.database.db, ai: t.app.deps.ai, log: t.app.log, transcription: { stt: createSpeechToText(t.config.stt)!, storage: new RecordingStorage(t.config.dataDir) } };
    expect(await runEvaluation(deps, id)).toBe('completed');
    expect(whisper.requests.length).toBe(asked);
    const [again] = await t.database.db.select().from(interviews).where(eq(interviews.id, id));
    expect(again).toMatchObject({ transcriptSource: 'server', serverTranscript: first.serverTranscript, transcriptionError: null });
  });

  it('shows the transcripts to the interview\'s company only', async () => {
    whisper.cue = () => ({ kind: 'transcript', segments: heard, duration: 31 });
    const id = await interviewWithRecording(recording());
    await evaluated(id);
    const other = new Agent(t.app);
    await other.register('transcripts-other', 'Other Co');
    expect((await other.get(`/api/interview/${id}/transcripts`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/interview/${id}/transcripts` })).statusCode).toBe(401);
  });
});

