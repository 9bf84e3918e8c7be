import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { endResponseButton, linkPath, newRoomContext, nextTurn, panelEntries, RecruiterApi, startInterview, waitUntil } from './candidate-room-kit';
import { makeTrack, missingAudioTools, type Placed } from './speech-audio';

// Answers that end by themselves (issue 32): Chromium's fake microphone plays real speech (espeak-ng,
// sox) into the candidate room, whose voice-activity detector decides when the answer is over.

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let dir: string;
let timeline: Placed[];

const SAYS = 'The answer below is spoken, with pauses of one and two seconds and a cough.';

beforeAll(async () => {
  const missing = missingAudioTools();
  if (missing.length > 0) throw new Error(`these tests need ${missing.join(', ')}: apt-get install -y espeak-ng sox`);
  dir = await mkdtemp(path.join(tmpdir(), 'answer-ending-'));
  // The microphone opens when the interview starts; the first question is read out before the
  // candidate answers, so the answer starts after a few seconds of silence.
  const track = await makeTrack(dir, 'answer', [
    { kind: 'pause', seconds: 7 },
    { kind: 'speech', text: 'I ran the night receiving dock for two years at a grocery warehouse.' },
    { kind: 'pause', seconds: 1 },
    { kind: 'speech', text: 'We unloaded about twelve trailers a night, and I trained the new starters.' },
    { kind: 'pause', seconds: 0.8 },
    { kind: 'cough' },
    { kind: 'pause', seconds: 1.2 },
    { kind: 'speech', text: 'Our accuracy went up to ninety nine percent in my second year.' },
    { kind: 'pause', seconds: 40 },
  ]);
  timeline = track.timeline;
  [server, browser] = await Promise.all([startAppServer(), launchBrowser({ fakeAudio: track.file })]);
  recruiter = await RecruiterApi.register(server.baseUrl, `ending-recruiter-${Date.now().toString(36)}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Seconds since the page first opened the microphone (when the fake microphone starts its file). */
const audioClock = (page: Page) => page.evaluate(() => (window as unknown as { __micOpenedAt?: number }).__micOpenedAt ?? null).then((at) => at);

it('an answer ends by itself after the pause, not inside shorter pauses or at a cough; a silent candidate gets one gentle line', async () => {
  const job = await recruiter.createJob('Receiving Lead', SAYS, ['Tell me about your last warehouse job.', 'What shift can you work?']);
  await recruiter.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: true, pauseMs: 2500, thinkingMs: 5000 });
  const interview = await recruiter.createInterview(job.id, 'Rosa Diaz', 'rosa@example.com');
  const { context, page } = await newRoomContext(browser, server.baseUrl, { speech: true });
  await context.addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const w = window as unknown as { __micOpenedAt?: number };
      w.__micOpenedAt ??= performance.now();
      return open(constraints);
    };
  });
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: false });
    const first = await nextTurn(page, 0);
    if (first === 'completed') throw new Error('the interview ended early');
    expect(await page.getByRole('checkbox', { name: 'End my answer automatically when I pause' }).isChecked()).toBe(true);

    // While the candidate is silent mid-answer, the room says it is still listening, with a bar that fills.
    await page.getByText('Still listening. Your answer ends after', { exact: false }).waitFor({ timeout: 30_000 });
    // Nobody presses End Response: the answer ends by itself (End Response goes grey while the
    // interviewer decides and says the next line), after the last word and the pause, not inside the
    // 1 s and 2.3 s pauses (the second with a cough in it).
    await waitUntil('the answer to end by itself', () => endResponseButton(page).isDisabled(), 40_000, 20);
    const endedAt = (await page.evaluate(() => performance.now())) - ((await audioClock(page)) ?? 0);
    const lastWord = timeline.filter((p) => p.kind === 'speech').at(-1)!.end * 1000;
    expect(endedAt).toBeGreaterThan(lastWord + 2500);
    expect(endedAt).toBeLessThan(lastWord + 2500 + 2000);
    const second = await nextTurn(page, first.aiTurns, 40_000);
    if (second === 'completed') throw new Error('the interview ended early');

    // Nothing more is said: after the job's thinking time (5 s), one gentle line.
    await page.getByText('Take your time. Start whenever you are ready.', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Still listening', { exact: false }).count()).toBe(0);
    // A silent candidate's answer never ends by itself; End Response still ends it at once.
    await page.waitForTimeout(3000);
    expect((await panelEntries(page)).filter((e) => e.who === 'AI Interviewer')).toHaveLength(second.aiTurns);
    await endResponseButton(page).click();
    await waitUntil('the line after the silent answer', async () => (await panelEntries(page)).filter((e) => e.who === 'AI Interviewer').length > second.aiTurns, 20_000);
  } finally {
    await context.close();
  }
}, 120_000);

it('where the browser cannot run the detector (no AudioWorklet), the room says so and answers end by button', async () => {
  const job = await recruiter.createJob('Night Cashier', SAYS, ['Tell me about handling cash.']);
  const interview = await recruiter.createInterview(job.id, 'Sam Lee', 'sam@example.com');
  const { context, page } = await newRoomContext(browser, server.baseUrl, { speech: true });
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.AudioWorkletNode;
    (AudioContext.prototype as unknown as Record<string, unknown>).createScriptProcessor = undefined;
  });
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: false });
    const first = await nextTurn(page, 0);
    if (first === 'completed') throw new Error('the interview ended early');
    await page.getByText('Missing AudioWorklet support. Maybe this is not running in a secure context.', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('checkbox', { name: 'End my answer automatically when I pause' }).count()).toBe(0);
    await endResponseButton(page).click();
    await nextTurn(page, first.aiTurns);
  } finally {
    await context.close();
  }
}, 60_000);
