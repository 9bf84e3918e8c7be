import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedInterview } from '../src/contracts/interviews';
import type { InterviewTranscripts } from '../src/contracts/report';
import { FakeWhisper, WHISPER_KEY } from '../src/server/test/whisper';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { linkPath, newRoomContext, nextTurn, RecruiterApi, startInterview, storedTranscript, submitViaMultipart, typeAnswer, waitUntil } from './candidate-room-kit';

// Server transcripts in the report: a candidate takes the interview in Chromium (typed answers, a
// real MediaRecorder recording); the server sends the recording to a Whisper that speaks OpenAI's
// wire format on loopback, scores its words, and the report says so, shows both transcripts and
// seeks the recording from the server's timestamps. A failed transcription says why.

const PASSWORD = 'correct horse battery';
const QUESTIONS = ['Tell me about a project you are proud of, candidate_name.', 'How do you handle a disagreement with a teammate?'];
const TYPED = 'I led a rewrite of our billing service.';
/** What Whisper "heard" after each question: words the browser never wrote. */
const HEARD = [
  'I migrated our invoicing pipeline to event sourcing and cut reconciliation time from two days to an hour.',
  'I booked a call with the reviewer, we benchmarked both designs on production data and picked the faster one.',
];

let whisper: FakeWhisper;
let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let recruiterContext: BrowserContext;
let interview: CreatedInterview;
let failed: CreatedInterview;
const username = `stt-recruiter-${Date.now().toString(36)}`;

beforeAll(async () => {
  whisper = await new FakeWhisper().start();
  // Each question's answer is heard from 0.3 s after the browser says the question ended.
  whisper.cue = async (request) => {
    if (request.file!.bytes.length < 1_000) return { kind: 'error', status: 500, message: 'The server had an error while processing your request.' };
    const asked = storedTranscript(await recruiter.interview(interview.id)).filter((e) => e.speaker === 'AI');
    return {
      kind: 'transcript',
      segments: asked.map((q, i) => {
        const start = ((q.endMs ?? q.startMs ?? 0) + 300) / 1000;
        return { start, end: start + 2, text: HEARD[Math.min(i, HEARD.length - 1)]! };
      }),
    };
  };
  const stt = { STT_PROVIDER: 'openai-compatible', STT_BASE_URL: whisper.url, STT_MODEL: 'whisper-1', STT_API_KEY: WHISPER_KEY };
  [server, browser] = await Promise.all([startAppServer({ env: stt }), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, username);
  const job = await recruiter.createJob('Platform Engineer', 'A platform engineer who builds and runs our TypeScript services on PostgreSQL.', QUESTIONS);
  interview = await recruiter.createInterview(job.id, 'Ada Lovelace', 'ada@example.com');
  failed = await recruiter.createInterview(job.id, 'Pat Fallback', 'pat@example.com');

  const { context, page } = await newRoomContext(browser, server.baseUrl);
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: true });
    for (let aiTurns = 0; ; ) {
      const turn = await nextTurn(page, aiTurns);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      await typeAnswer(page, TYPED);
    }
  } finally {
    await context.close();
  }
  await recruiter.waitForCompleted(interview.id, 30_000);
  // The second interview's recording is a few bytes: this Whisper answers it with 500s.
  await submitViaMultipart(server.baseUrl, failed, [
    { speaker: 'AI', text: QUESTIONS[1]!, startMs: 0, endMs: 2_000 },
    { speaker: 'Candidate', text: TYPED, startMs: 3_000, endMs: 6_000 },
  ]);
  await recruiter.waitForCompleted(failed.id, 30_000);

  recruiterContext = await browser.newContext({ baseURL: server.baseUrl });
  recruiterContext.setDefaultTimeout(10_000);
  const res = await recruiterContext.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await whisper?.close();
});

const transcriptCard = (page: Page) => page.getByRole('region', { name: 'Transcript', exact: true });

async function openReport(id: number): Promise<Page> {
  const page = await recruiterContext.newPage();
  await page.goto(`/interview/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

it('says the server transcript was scored, shows both transcripts, and seeks the recording from the server\'s times', async () => {
  const transcripts = await recruiter.request<InterviewTranscripts>('GET', `/api/interview/${interview.id}/transcripts`);
  expect(transcripts.scored).toBe('server');
  const heardRow = transcripts.server!.transcript.filter((e) => e.speaker === 'Candidate').at(-1)!;

  const page = await openReport(interview.id);
  try {
    const card = transcriptCard(page);
    await card.getByText('Scored on the server transcript (whisper-1 on an OpenAI-compatible server)', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Transcript' }).click();

    const serverTab = card.getByRole('tab', { name: 'Server transcript (scored)' });
    expect(await serverTab.getAttribute('aria-selected')).toBe('true');
    const list = card.getByRole('list', { name: 'Transcript' });
    await list.getByText(HEARD[0]!, { exact: true }).waitFor();
    expect(await list.getByText(TYPED, { exact: true }).count()).toBe(0);

    await card.getByRole('tab', { name: "Browser's live transcript" }).click();
    await list.getByText(TYPED, { exact: true }).first().waitFor();
    expect(await list.getByText(HEARD[0]!, { exact: true }).count()).toBe(0);

    // A server row plays the recording from the time Whisper gave it.
    await serverTab.click();
    await list.getByRole('button').filter({ hasText: heardRow.text }).last().click();
    const video = page.locator('video[aria-label="Interview recording"]');
    await video.waitFor();
    const seconds = heardRow.startMs! / 1000;
    await waitUntil(
      `the video at ${seconds.toFixed(1)} s`,
      async () => {
        const state = await video.evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, d: v.duration, seeking: v.seeking, ended: v.ended }));
        if (state.seeking) return undefined;
        const end = Number.isFinite(state.d) ? state.d : Infinity;
        return Math.abs(state.t - seconds) <= 1.5 || (seconds > end && (state.ended || end - state.t <= 1.5)) ? state : undefined;
      },
      10_000,
    );
  } finally {
    await page.close();
  }
});

it('says why the browser transcript was scored when the transcription failed', async () => {
  const page = await openReport(failed.id);
  try {
    const card = transcriptCard(page);
    await card
      .getByText(
        "Scored on the browser's live transcript: server transcription failed (HTTP 500 Internal Server Error from the transcription server: The server had an error while processing your request.)",
        { exact: true },
      )
      .waitFor();
    await card.getByRole('button', { name: 'Transcript' }).click();
    expect(await card.getByRole('tab').count()).toBe(0);
    await card.getByRole('list', { name: 'Transcript' }).getByText(TYPED, { exact: true }).waitFor();
  } finally {
    await page.close();
  }
});
