import { afterAll, beforeAll, expect, it } from 'vitest';
import { personalised } from '../candidate-room-kit';
import { ANSWERS, completedAnswers, playRecording, QUESTIONS, setUpInterview, takeInterview, type Setup } from './candidate-flow';
import type { EngineSession } from './engine-session';
import { launchFirefox } from './firefox-driver';

// Firefox (Debian's firefox-esr over WebDriver BiDi): the candidate's whole interview, typed (Firefox
// has no speech recognition) and recorded in WebM, then the recruiter plays it, in Firefox too.

const NAME = 'Rosa Diaz';
let firefox: EngineSession | undefined;
let setup: Setup;

beforeAll(async () => {
  const [browser, created] = await Promise.allSettled([launchFirefox(), setUpInterview({ video: true, candidateName: NAME })]);
  if (browser.status === 'fulfilled') firefox = browser.value;
  else throw browser.reason;
  if (created.status === 'rejected') throw created.reason;
  setup = created.value;
});

afterAll(async () => {
  await firefox?.close();
});

it('Firefox: the candidate types every answer, the room records WebM and completes, and the recruiter plays the video', async () => {
  const session = firefox!;
  const run = await takeInterview(session, setup.interview);
  // A fresh interview opens with the practice question (issue 32), answered here like the others.
  expect(run.turns[0]?.label).toBe('Practice question');
  const asked = run.turns.filter((t) => t.label.startsWith('Question'));
  expect(asked.map((t) => t.label)).toEqual(['Question 1 of 2', 'Question 2 of 2']);
  asked.forEach((turn, i) => expect(turn.text.toLowerCase()).toContain(personalised(QUESTIONS[i]!, NAME).toLowerCase().replace(/\.$/, '')));
  expect(run.completedText).toContain('Thank you for participating. Your interview has been recorded and submitted.');
  // WebM VP8/Opus, the spec's format, where the browser records it.
  expect(run.recorderMimeTypes).toHaveLength(1);
  expect(run.recorderMimeTypes[0]).toMatch(/^video\/webm/);

  const { answers } = await completedAnswers(setup.recruiter, setup.interview.id);
  for (const answer of ANSWERS) expect(answers).toContain(answer);

  const view = await playRecording(session, setup.baseUrl, setup.username, setup.interview.id);
  expect(view.contentType).toBe('video/webm');
  expect(view.head.slice(0, 8)).toBe('1a45dfa3');
  expect(view.bytes).toBeGreaterThan(10_000);
  expect(view.element).toBe('VIDEO');
  expect(view.readyState).toBeGreaterThanOrEqual(2);
  expect(view.playedSeconds).toBeGreaterThanOrEqual(1);
}, 90_000);
