import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedInterview } from '../src/contracts/interviews';
import { FakeWhisper, WHISPER_KEY, type ReceivedTranscription, type WhisperCue } from '../src/server/test/whisper';
import { startAppServer, type AppServer } from './app-server';
import { baseUrl, launchBrowser } from './browser';
import { endResponseButton, linkPath, liveTranscript, newRoomContext, nextTurn, panelEntries, RecruiterApi, startInterview, storedTranscript, waitUntil } from './candidate-room-kit';

// Speaking without the browser's recogniser (issue 32 item 5, decision 056): Chromium with its speech
// recognition taken away, as Firefox is, on a server with STT_PROVIDER. Each answer is recorded from
// the fake microphone and sent as it ends to a Whisper that speaks OpenAI's wire format on loopback;
// its words become the candidate's answer, and the follow-up comes as after a recognised answer.

const QUESTIONS = ['Tell me about a time you fixed something that was broken.', 'Why do you want to work here?'];
/** What the fake Whisper "hears" in each answer, in order: the first is short enough for the built-in engine to follow it up. */
const HEARD = ['I fixed the build.', 'I traced a flaky test to a shared clock and gave each test its own.', 'Your team ships carefully and I want to learn that.', 'Thank you.'];
const TYPED = 'I rewired the loading dock scanner after the transcription failed.';
const FAILED_MESSAGE = 'We could not turn your spoken answer into text. Please type your answer below; the recording still has what you said.';

let whisper: FakeWhisper;
let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
/** How the fake answers an answer's audio; the whole recording after the interview is refused, so the browser's transcript is scored. */
let answerCue: (request: ReceivedTranscription, index: number) => WhisperCue | Promise<WhisperCue>;

const isAnswer = (request: ReceivedTranscription) => request.file?.name.startsWith('answer.') === true;
const answerRequests = () => whisper.requests.filter(isAnswer);

beforeAll(async () => {
  whisper = await new FakeWhisper().start();
  whisper.cue = (request, index) =>
    isAnswer(request) ? answerCue(request, index) : { kind: 'error', status: 400, message: 'Whole recordings are not transcribed in this test.' };
  const stt = { STT_PROVIDER: 'openai-compatible', STT_BASE_URL: whisper.url, STT_MODEL: 'whisper-1', STT_API_KEY: WHISPER_KEY };
  [server, browser] = await Promise.all([startAppServer({ env: stt }), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, `answer-stt-${Date.now().toString(36)}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await whisper?.close();
});

/** The candidate's browser as Firefox is: no speech recognition at all. */
async function roomWithoutRecogniser(on = server.baseUrl, retakeWindow: 'short' | 'product' = 'short') {
  const room = await newRoomContext(browser, on, { retakeWindow });
  await room.context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });
  return room;
}

async function newInterview(name: string, by = recruiter): Promise<CreatedInterview> {
  const job = await by.createJob('Maintenance Technician', 'Keeps our warehouse equipment running and fixes what breaks.', QUESTIONS);
  return by.createInterview(job.id, name, `${name.split(' ')[0]!.toLowerCase()}@example.com`);
}

const status = (page: Page) => page.locator('#current-question-label').locator('xpath=ancestor::section').getByRole('status');

it('answers are spoken, sent as each ends, and their words are the transcript; the follow-up follows', async () => {
  let heard = 0;
  answerCue = async () => {
    // Long enough for the room to say it is transcribing.
    await new Promise((r) => setTimeout(r, 700));
    const text = HEARD[Math.min(heard++, HEARD.length - 1)]!;
    return { kind: 'transcript', segments: [{ start: 0.2, end: 2, text }] };
  };
  const interview = await newInterview('Mo Salah');
  // The product's retake window: the last answer's words are read from the live panel, which the
  // room keeps on screen until the window closes and the interview is handed in.
  const { context, page } = await roomWithoutRecogniser(server.baseUrl, 'product');
  try {
    await page.goto(linkPath(interview));
    // Said before the consent: this browser cannot listen, but the server writes spoken answers down.
    await page.getByText('Your browser will record the interview; answer aloud, or type if you prefer.', { exact: true }).waitFor();
    await startInterview(page, { typing: false });
    const labels: string[] = [];
    for (let aiTurns = 0, answers = 0; ; answers++) {
      const turn = await nextTurn(page, aiTurns, 30_000);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      labels.push(turn.label);
      // Spoken, not typed: no answer box, and the room says it listens.
      expect(await page.getByLabel('Your answer').count()).toBe(0);
      expect(await status(page).textContent()).toBe('Listening… answer in your own words, then select End Response.');
      await page.getByRole('checkbox', { name: "I'd prefer to type my answers" }).waitFor();
      // The fake microphone's tone, for a moment.
      await page.waitForTimeout(1_500);
      const before = answerRequests().length;
      await endResponseButton(page).click();
      await page.getByText('Transcribing your answer…', { exact: true }).waitFor();
      await waitUntil('the answer to be sent', () => answerRequests().length > before);
      const words = HEARD[Math.min(answers, HEARD.length - 1)]!;
      await liveTranscript(page).getByText(words, { exact: true }).waitFor({ timeout: 15_000 });
      // The panel shows the words as the candidate's own line.
      expect((await panelEntries(page)).filter((e) => e.who === 'Mo Salah').map((e) => e.text)).toEqual(HEARD.slice(0, answers + 1));
    }
    // The short first answer was followed up, as the built-in engine does after a recognised answer.
    expect(labels.slice(0, 3)).toEqual(['Question 1 of 2', 'Follow-up to question 1 of 2', 'Question 2 of 2']);
  } finally {
    await context.close();
  }

  // What the provider got: each answer's own audio, a WebM file from the browser's recorder.
  const sent = answerRequests();
  expect(sent.length).toBeGreaterThanOrEqual(3);
  for (const request of sent) {
    expect(request.file!.name).toBe('answer.webm');
    expect(request.file!.type).toBe('audio/webm');
    expect(request.model).toBe('whisper-1');
    expect(request.file!.bytes.length).toBeGreaterThan(1_000);
    expect(request.file!.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  }

  // What the recruiter gets: the words as the candidate's answers, on the recording's clock.
  const saved = storedTranscript(await recruiter.waitForCompleted(interview.id, 30_000));
  const answers = saved.filter((e) => e.speaker === 'Candidate' && !e.practice);
  expect(answers.map((e) => e.text)).toEqual(HEARD.slice(0, answers.length));
  for (const entry of answers) {
    const question = saved[saved.indexOf(entry) - 1]!;
    expect(question.speaker).toBe('AI');
    expect(entry.startMs).toBeGreaterThanOrEqual(question.endMs!);
    // The answer ended when End Response was pressed, not when its words came back.
    expect(entry.endMs! - entry.startMs!).toBeGreaterThanOrEqual(1_000);
  }
}, 120_000);

it('a failed transcription falls back to typing for that answer, with a clear message, and the typed answer is saved', async () => {
  answerCue = () => ({ kind: 'error', status: 503, message: 'The engine is currently overloaded, please try again later' });
  const interview = await newInterview('Pat Jones');
  const { context, page } = await roomWithoutRecogniser();
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: false });
    for (let aiTurns = 0; ; ) {
      const turn = await nextTurn(page, aiTurns, 30_000);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      // Each answer is spoken first (a failure does not make the rest of the interview typed).
      expect(await page.getByLabel('Your answer').count()).toBe(0);
      await page.waitForTimeout(800);
      await endResponseButton(page).click();
      // The provider is asked twice (a 503 is retried once), then the room asks for the answer typed.
      await page.getByRole('alert').filter({ hasText: FAILED_MESSAGE }).waitFor({ timeout: 15_000 });
      const box = page.getByLabel('Your answer');
      expect(await box.inputValue()).toBe('');
      await box.fill(TYPED);
      await endResponseButton(page).click();
      await liveTranscript(page).getByText(TYPED, { exact: true }).first().waitFor();
    }
  } finally {
    await context.close();
  }
  const saved = storedTranscript(await recruiter.waitForCompleted(interview.id, 30_000));
  const answers = saved.filter((e) => e.speaker === 'Candidate');
  expect(answers.length).toBeGreaterThanOrEqual(2);
  expect(answers.every((e) => e.text === TYPED)).toBe(true);
}, 120_000);

it('without a provider the room offers typing, as before', async () => {
  // The shared test server has no STT_PROVIDER.
  const plain = await RecruiterApi.register(baseUrl(), `answer-typing-${Date.now().toString(36)}`);
  const interview = await newInterview('Lee Chan', plain);
  const { context, page } = await roomWithoutRecogniser(baseUrl());
  try {
    await page.goto(linkPath(interview));
    await page.getByText('Your browser will record the interview; type your answers.', { exact: true }).waitFor();
    await startInterview(page, { typing: false });
    const turn = await nextTurn(page, 0, 30_000);
    if (turn === 'completed') throw new Error('the interview ended early');
    await page.getByLabel('Your answer').waitFor();
    await page.getByText('Speech recognition is not available here, so please type your answers.', { exact: true }).waitFor();
    expect(await status(page).textContent()).toBe('Type your answer, then select End Response.');
  } finally {
    await context.close();
  }
});
