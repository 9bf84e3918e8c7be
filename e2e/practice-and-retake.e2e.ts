import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TranscriptEntry } from '../src/contracts/ai';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import {
  endResponseButton,
  includesQuestion,
  linkPath,
  liveTranscript,
  newRoomContext,
  nextTurn,
  panelEntries,
  RecruiterApi,
  startInterview,
  storedTranscript,
  waitUntil,
  type Turn,
} from './candidate-room-kit';

// Issue 32: the practice question before the first real one (heard, answered by voice, never
// scored, marked in the report) and one retake of an answer (the transcript keeps the new answer,
// the report says it was redone). The candidate speaks through a scripted recogniser.

const PASSWORD = 'correct horse battery';
const NAME = 'Ada Lovelace';
const QUESTIONS = ['Tell me about a project you are proud of.', 'How do you handle a disagreement with a teammate?'];
const PRACTICE_ANSWER = 'I had porridge with blueberries and a strong black coffee.';
const FIRST_TRY = 'Hmm, sorry, let me think about which project I mean.';
const RETAKEN =
  'I led the rewrite of our billing service in TypeScript on PostgreSQL, which cut failed invoices by forty percent and let finance close the month two days earlier.';
const SECOND =
  'I book a call with the teammate, we write down both designs with their costs, benchmark them on production data and pick the faster one together.';
const FOLLOW_UP_ANSWER = 'I measured it in the month after release and shared the figures with the team in our weekly review.';

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
const username = `practice-recruiter-${Date.now().toString(36)}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, username);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const say = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { __speech: { say: (t: string, f: boolean) => void } }).__speech.say(t, true), text);
const isListening = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { listening: () => boolean } }).__speech.listening());
const redoButton = (page: Page) => page.getByRole('button', { name: 'Redo Answer' });

it('the practice question is answered by voice and never scored; one answer is redone and the report says so', async () => {
  const job = await recruiter.createJob('Platform Engineer', 'A platform engineer who builds and runs our TypeScript services on PostgreSQL.', QUESTIONS);
  const interview = await recruiter.createInterview(job.id, NAME, 'ada@example.com');
  // The product's own 6 s retake window: the one Chromium test that waits it out.
  const { context, page } = await newRoomContext(browser, server.baseUrl, { speech: true, retakeWindow: 'product' });
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: false });
    let aiTurns = 0;
    const next = async (practice?: 'answer'): Promise<Turn> => {
      const turn = await nextTurn(page, aiTurns, 20_000, { practice });
      if (turn === 'completed') throw new Error('the interview ended early');
      aiTurns = turn.aiTurns;
      await waitUntil('the recogniser to listen', () => isListening(page));
      return turn;
    };
    const answer = async (text: string) => {
      await say(page, text);
      await waitUntil(`'${text.slice(0, 30)}…' as the candidate's turn`, async () => (await panelEntries(page)).some((e) => e.who === NAME && e.text === text));
      await endResponseButton(page).click();
    };

    // The practice question: the interviewer says it, the card says it is practice, the panel marks it.
    const practice = await next('answer');
    expect(practice.label).toBe('Practice question');
    expect(practice.text).toBe('Before we begin, a practice question that is not scored: tell us what you had for breakfast.');
    expect(await page.getByText('This practice question is not scored.', { exact: false }).isVisible()).toBe(true);
    expect(await liveTranscript(page).getByText('(practice)').count()).toBe(1);
    await answer(PRACTICE_ANSWER);
    // A practice answer cannot be redone (nothing to redo) and asks for no follow-up.
    expect(await redoButton(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Skip Practice' }).count()).toBe(0);

    // The first real question, introduced after the practice.
    let turn = await next();
    expect(turn.label).toBe('Question 1 of 2');
    expect(turn.text.startsWith('Thank you, that was the practice. Here is the first question.')).toBe(true);
    expect(includesQuestion(turn.text, QUESTIONS[0]!)).toBe(true);
    const asked = turn.text;

    // A first try the candidate does not like: right after it, 'Redo Answer' takes it again.
    await answer(FIRST_TRY);
    await redoButton(page).click();
    turn = await next();
    // The card still shows the question; the interviewer's line is the retake's.
    expect(turn).toMatchObject({ label: 'Question 1 of 2', text: asked });
    expect((await panelEntries(page)).filter((e) => e.who === 'AI Interviewer').at(-1)?.text).toBe('Of course. Answer again whenever you are ready.');
    // The candidate's view drops the answer they redid.
    expect((await panelEntries(page)).some((e) => e.text === FIRST_TRY)).toBe(false);
    await answer(RETAKEN);
    // One retake per answer.
    expect(await redoButton(page).count()).toBe(0);

    turn = await next();
    if (turn.label.startsWith('Follow-up')) {
      await answer(FOLLOW_UP_ANSWER);
      turn = await next();
    }
    expect(turn.label).toBe('Question 2 of 2');
    await answer(SECOND);
    // The last answer can be redone too: the interview is handed in only once that chance is over.
    await redoButton(page).waitFor();
    expect(await page.getByRole('heading', { name: 'Interview Completed' }).count()).toBe(0);
    const canAnswer = async () => (await endResponseButton(page).isVisible()) && (await endResponseButton(page).isEnabled());
    const ended = await waitUntil(
      'the follow-up or the end of the interview',
      async () => ((await page.getByRole('heading', { name: 'Interview Completed' }).isVisible()) ? 'completed' : (await canAnswer()) && 'follow-up'),
      20_000,
    );
    if (ended === 'follow-up') {
      await answer(FOLLOW_UP_ANSWER);
      await page.getByRole('heading', { name: 'Interview Completed' }).waitFor({ timeout: 20_000 });
    }
    expect(await redoButton(page).count()).toBe(0);
  } finally {
    await context.close();
  }

  // What was stored: the practice turns and the redone answer marked, the new answer after its question.
  const detail = await recruiter.waitForCompleted(interview.id, 30_000);
  const stored = storedTranscript(detail);
  const marks = (e: TranscriptEntry) => [e.practice && 'practice', e.retake && 'retake', e.replaced && 'replaced'].filter(Boolean).join(',');
  const byText = (text: string) => stored.find((e) => e.text === text);
  expect(stored[0]).toMatchObject({ speaker: 'AI', practice: true });
  expect(byText(PRACTICE_ANSWER)).toMatchObject({ speaker: 'Candidate', practice: true });
  expect(marks(byText(FIRST_TRY)!)).toBe('replaced');
  expect(byText('Of course. Answer again whenever you are ready.')).toMatchObject({ speaker: 'AI', retake: true });
  expect(marks(byText(RETAKEN)!)).toBe('retake');
  expect(marks(byText(SECOND)!)).toBe('');
  expect(stored.filter((e) => e.replaced)).toHaveLength(1);
  // The redone answer keeps its place on the recording's clock, before the retake.
  expect(byText(FIRST_TRY)!.startMs).toBeLessThan(byText(RETAKEN)!.startMs!);

  // Scored without the practice or the redone answer: no evidence quotes them.
  const quotes = (detail.feedback?.criteria ?? []).flatMap((c) => c.evidence.map((e) => e.quote));
  expect(quotes.length).toBeGreaterThan(0);
  for (const quote of quotes) {
    expect(PRACTICE_ANSWER.includes(quote), quote).toBe(false);
    expect(FIRST_TRY.includes(quote), quote).toBe(false);
  }

  // The report marks them.
  const recruiterContext = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const res = await recruiterContext.request.post('/api/login', { data: { username, password: PASSWORD } });
    expect(res.status()).toBe(200);
    const page = await recruiterContext.newPage();
    await page.goto(`/interview/${interview.id}`);
    const card = page.getByRole('region', { name: 'Transcript', exact: true });
    // Said before the transcript is opened.
    await card.getByText('It opens with a practice question, which was not scored. The candidate redid one answer; only the new answer was scored.').waitFor();
    await card.getByRole('button', { name: 'Transcript' }).click();
    const rows = page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts).toHaveLength(stored.length);
    expect(texts[0]).toContain('Practice, not scored');
    expect(texts.find((t) => t.includes(PRACTICE_ANSWER))).toContain('Practice, not scored');
    expect(texts.find((t) => t.includes(RETAKEN))).toContain('Retaken answer');
    // The redone answer is said to exist, not shown.
    expect(texts.some((t) => t.includes(FIRST_TRY))).toBe(false);
    expect(texts.find((t) => t.includes('Redone, not scored'))).toContain('The candidate chose to redo this answer.');
  } finally {
    await recruiterContext.close();
  }
}, 120_000);
