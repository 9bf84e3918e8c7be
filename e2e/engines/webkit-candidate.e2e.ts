import { afterAll, beforeAll, expect, it } from 'vitest';
import { personalised } from '../candidate-room-kit';
import { ANSWERS, completedAnswers, playRecording, QUESTIONS, setUpInterview, takeInterview, type Setup } from './candidate-flow';
import type { EngineSession } from './engine-session';
import { launchWebKit } from './webkit-driver';

// WebKit (Safari's and every iPhone browser's engine: Debian's MiniBrowser through WebKitWebDriver,
// on Xvfb): the candidate's whole interview, typed (no speech recognition) and recorded in MP4, then
// the recruiter plays it in WebKit too. Audio only: WebKitGTK on Debian 12 records no video from
// its mock camera (a GStreamer element its encoder needs is missing), while audio/mp4 records.

const NAME = 'Sam Taylor';
let webkit: EngineSession | undefined;
let setup: Setup;

beforeAll(async () => {
  const [browser, created] = await Promise.allSettled([launchWebKit(), setUpInterview({ video: false, candidateName: NAME })]);
  if (browser.status === 'fulfilled') webkit = browser.value;
  else throw browser.reason;
  if (created.status === 'rejected') throw created.reason;
  setup = created.value;
});

afterAll(async () => {
  await webkit?.close();
});

it('WebKit: the candidate types every answer, the room records MP4 (audio) and completes, and the recruiter plays it', async () => {
  const session = webkit!;
  const run = await takeInterview(session, setup.interview);
  // A fresh interview opens with the practice question (issue 32), answered here like the others.
  expect(run.turns[0]?.label).toBe('Practice question');
  const asked = run.turns.filter((t) => t.label.startsWith('Question'));
  expect(asked.map((t) => t.label)).toEqual(['Question 1 of 2', 'Question 2 of 2']);
  asked.forEach((turn, i) => expect(turn.text.toLowerCase()).toContain(personalised(QUESTIONS[i]!, NAME).toLowerCase().replace(/\.$/, '')));
  expect(run.completedText).toContain('Thank you for participating. Your interview has been recorded and submitted.');
  // WebKit records no WebM: the room falls back to MP4 (AAC audio).
  expect(run.recorderMimeTypes).toHaveLength(1);
  expect(run.recorderMimeTypes[0]).toMatch(/^audio\/mp4/);

  const { answers } = await completedAnswers(setup.recruiter, setup.interview.id);
  for (const answer of ANSWERS) expect(answers).toContain(answer);

  const view = await playRecording(session, setup.baseUrl, setup.username, setup.interview.id);
  expect(view.contentType).toBe('audio/mp4');
  // An MP4 file: its first box is 'ftyp'.
  expect(Buffer.from(view.head.slice(8, 16), 'hex').toString('latin1')).toBe('ftyp');
  expect(view.bytes).toBeGreaterThan(2_000);
  expect(view.readyState).toBeGreaterThanOrEqual(2);
  expect(view.playedSeconds).toBeGreaterThanOrEqual(1);
}, 90_000);
