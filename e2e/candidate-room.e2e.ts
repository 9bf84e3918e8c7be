import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
  personalised,
  recordedDigests,
  RecruiterApi,
  startInterview,
  storedTranscript,
  storedUploads,
  submitViaMultipart,
  typeAnswer,
  waitUntil,
  CONSENT,
  type Turn,
} from './candidate-room-kit';

// The candidate's interview screen, against a server of this file's own (its data directory holds
// the recordings the tests compare with what the browser recorded).

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let counter = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, `room-recruiter-${Date.now().toString(36)}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const DESCRIPTION = 'A backend engineer who builds and runs our TypeScript APIs on PostgreSQL, and works closely with product and support.';

async function newInterview(questions: string[], candidateName: string) {
  const n = ++counter;
  const job = await recruiter.createJob(`Backend Engineer ${n}`, DESCRIPTION, questions);
  expect(job.questions).toEqual(questions);
  const interview = await recruiter.createInterview(job.id, candidateName, `candidate${n}@example.com`);
  return { job, interview };
}

async function withRoom(opts: { speech?: boolean }, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newRoomContext(browser, server.baseUrl, opts);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const notFound = async (page: Page) => {
  await page.getByRole('heading', { name: 'Interview Not Found' }).waitFor();
  await page.getByText('This interview link appears to be invalid or has expired.', { exact: true }).waitFor();
  expect(await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).count()).toBe(0);
};

it('a link without a valid token shows Interview Not Found', async () => {
  const { interview } = await newInterview(['What drew you to this role?', 'How do you test your code?'], 'Nora Link');
  const other = await newInterview(['Why us?', 'What do you build?'], 'Otto Other');
  const token = new URL(interview.candidateLink).searchParams.get('token') ?? '';
  expect(token).not.toBe('');
  await withRoom({}, async (page) => {
    // A wrong token on the candidate link's own path.
    await page.goto(`/interview/${interview.id}?token=not-the-right-token`);
    await notFound(page);
    // Another interview's (valid) token.
    await page.goto(`/interview/${interview.id}?token=${new URL(other.interview.candidateLink).searchParams.get('token')}`);
    await notFound(page);
    // The other path, with no token at all, and with an empty one.
    await page.goto(`/candidate/${interview.id}`);
    await notFound(page);
    await page.goto(`/candidate/${interview.id}?token=`);
    await notFound(page);
    // A token for an id that does not exist.
    await page.goto(`/candidate/999999?token=${token}`);
    await notFound(page);
    // The same token on /candidate/{id} does work (so the views above are about the token).
    await page.goto(`/candidate/${interview.id}?token=${token}`);
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).waitFor();
    await page.getByText('Hello, Nora Link!').waitFor();
  });
});

it('the ready view explains the interview, asks for consent and lets the candidate test camera and microphone', async () => {
  const { job, interview } = await newInterview(['Tell me about yourself.', 'Why this role?', 'What do you want to learn next?'], 'Grace Hopper');
  await withRoom({}, async (page) => {
    await page.goto(linkPath(interview));
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview', level: 1 }).waitFor();
    await page.getByText('Hello, Grace Hopper!').waitFor();
    expect(await page.getByText(`This interview is for the ${job.title} position.`).isVisible()).toBe(true);

    // What to expect and what is needed.
    const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const expectList = async (title: string, items: string[]) => {
      expect(await section(title).getByRole('listitem').allTextContents()).toEqual(items);
    };
    await expectList('What to Expect', [
      'You will be asked 3 questions, one at a time. The interviewer may ask a short follow-up.',
      'Listen carefully to each question.',
      'Take your time to think before answering.',
      "Click 'End Response' when you finish each answer.",
      'A short practice question comes first. It is not scored, and you can skip it.',
      'Right after an answer, you can redo it once.',
    ]);
    await expectList('Technical Requirements', ['A working webcam and microphone', 'A stable internet connection', 'A quiet environment', 'Good lighting']);
    // The candidate is told that an AI interviews and evaluates them, and that they are recorded.
    await expectList('How this interview works', [
      'An AI interviewer conducts this interview: it asks the questions aloud and listens to your answers.',
      'An AI evaluates your answers against the criteria set by the employer.',
      'Your video and audio are recorded, and a written transcript is made of what you say.',
      "The employer's recruiters review the results and make the hiring decision.",
    ]);

    // 'Ready to Start' waits for the consent.
    const ready = page.getByRole('button', { name: 'Ready to Start' });
    const consent = page.getByRole('checkbox', { name: CONSENT });
    expect(await ready.isDisabled()).toBe(true);
    expect(await consent.isChecked()).toBe(false);
    await page.getByText('Please tick the box above to start.').waitFor();
    await consent.check();
    expect(await ready.isEnabled()).toBe(true);
    await consent.uncheck();
    expect(await ready.isDisabled()).toBe(true);
    await consent.check();
    expect(await ready.isEnabled()).toBe(true);

    // The device check: a live preview of the (fake) camera, and the microphone's level.
    expect(await page.getByLabel('Your camera preview').count()).toBe(0);
    await page.getByRole('button', { name: 'Test camera and microphone' }).click();
    const preview = page.getByLabel('Your camera preview');
    await preview.waitFor();
    await waitUntil('the preview video to play', () =>
      preview.evaluate((v: HTMLVideoElement) => v.srcObject instanceof MediaStream && v.videoWidth > 0 && !v.paused && v.readyState >= 2),
    );
    const meter = page.getByRole('meter', { name: 'Microphone level' });
    await meter.waitFor();
    expect(await meter.getAttribute('aria-valuemin')).toBe('0');
    expect(await meter.getAttribute('aria-valuemax')).toBe('100');
    // Chromium's fake microphone beeps: the bar moves.
    await waitUntil('the microphone level to rise above 0', async () => Number(await meter.getAttribute('aria-valuenow')) > 0);
    await page.getByText('Speak to see the microphone bar move.').waitFor();
    expect(await page.getByRole('button', { name: 'Test camera and microphone' }).count()).toBe(0);
  });
  // Looking at the ready view starts nothing.
  expect((await recruiter.interview(interview.id)).status).toBe('pending');
});

it('a typed interview: every question, the answers, the stored transcript, the evaluation and a byte-identical recording', async () => {
  const name = 'Ada Lovelace';
  const questions = ['Hello candidate_name, tell me about a project you are proud of.', 'candidate_name, how do you handle a disagreement with a teammate?'];
  const answers = [
    'At my last job I led the rewrite of our billing service in TypeScript. I split the work into small releases, added contract tests and ran both versions side by side for two weeks. As a result we cut invoice errors by 40 percent and the team could ship changes weekly instead of monthly.',
    'Last year a teammate and I disagreed about adding a cache to the search API. I asked for data, we measured latency together on real traffic and agreed on a small experiment. In the end the cache reduced response times by half, and I learned to settle disagreements with evidence rather than opinions.',
  ];
  const { interview } = await newInterview(questions, name);

  await withRoom({}, async (page) => {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: true });

    const turns: Turn[] = [];
    const typed: string[] = [];
    let asked = -1;
    const followUps = new Set<number>();
    for (let aiTurns = 0; ; ) {
      const turn = await nextTurn(page, aiTurns);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      turns.push(turn);
      // No placeholder ever reaches the candidate.
      expect(turn.text).not.toMatch(/candidate_name/i);
      if (turn.label.startsWith('Question')) {
        asked++;
        expect(turn.label).toBe(`Question ${asked + 1} of ${questions.length}`);
        const expected = personalised(questions[asked]!, name);
        expect(includesQuestion(turn.text, expected), `'${turn.text}' should ask '${expected}'`).toBe(true);
      } else {
        // A follow-up belongs to the question just asked, and comes at most once.
        expect(turn.label).toBe(`Follow-up to question ${asked + 1} of ${questions.length}`);
        expect(followUps.has(asked)).toBe(false);
        followUps.add(asked);
      }
      // The interviewer's line is in the live transcript too.
      expect((await panelEntries(page)).filter((e) => e.who === 'AI Interviewer').at(-1)?.text).toBe(turn.text);
      const answer = answers[asked]!;
      typed.push(answer);
      await typeAnswer(page, answer);
      // The answer is a turn of the candidate's, under their name (unless it was the last, and the room moved on to submitting).
      await waitUntil('the typed answer in the live transcript', async () =>
        (await liveTranscript(page).isVisible())
          ? (await panelEntries(page)).some((e) => e.who === name && e.text === answer)
          : await page.getByRole('heading', { name: /^(Submitting your interview…|Interview Completed)$/ }).isVisible(),
      );
    }
    expect(asked).toBe(questions.length - 1);
    await page.getByText('Thank you for participating. Your interview has been recorded and submitted.', { exact: true }).waitFor();

    // The server: submitted, then evaluated by the queue.
    const submitted = await recruiter.interview(interview.id);
    expect(['evaluating', 'completed']).toContain(submitted.status);
    const detail = await recruiter.waitForCompleted(interview.id);
    const feedback = detail.feedback as { criteria: { name: string; score: number | null }[]; overall: number | null };
    expect(feedback.criteria.length).toBeGreaterThan(0);
    for (const criterion of feedback.criteria) expect(typeof criterion.score, `score of ${criterion.name}`).toBe('number');
    expect(typeof feedback.overall).toBe('number');

    // The stored transcript: the interviewer's lines and the candidate's answers, in order, on the recording's clock.
    const transcript = storedTranscript(detail);
    expect(transcript.filter((e) => e.speaker === 'AI').map((e) => e.text)).toEqual(turns.map((t) => t.text));
    expect(transcript.filter((e) => e.speaker === 'Candidate').map((e) => e.text)).toEqual(typed);
    expect(transcript.map((e) => e.speaker)).toEqual(turns.flatMap(() => ['AI', 'Candidate']));
    const starts = transcript.map((e) => e.startMs);
    for (const start of starts) expect(typeof start).toBe('number');
    for (let i = 1; i < starts.length; i++) expect(starts[i]!, `startMs of entry ${i}: ${starts.join(', ')}`).toBeGreaterThan(starts[i - 1]!);

    // The recording on disk is exactly what the browser's MediaRecorder produced.
    const recorded = await recordedDigests(page);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.bytes).toBeGreaterThan(1000);
    expect(recorded[0]!.head).toBe('1a45dfa3');
    const stored = await storedUploads(server.dataDir, interview.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.head).toBe('1a45dfa3');
    // tus recorded the final length (declared at the end), and has all of it.
    expect(stored[0]!.size).toBe(stored[0]!.bytes);
    expect({ bytes: stored[0]!.bytes, sha256: stored[0]!.sha256 }).toEqual({ bytes: recorded[0]!.bytes, sha256: recorded[0]!.sha256 });
  });
}, 90_000);

/** Focus on the page itself (no text field, no button), so Space is the page's shortcut. */
async function focusPageBody(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

const say = (page: Page, text: string, isFinal: boolean) =>
  page.evaluate(([t, f]) => (window as unknown as { __speech: { say: (t: string, f: boolean) => void } }).__speech.say(t, f), [text, isFinal] as const);
const isListening = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { listening: () => boolean } }).__speech.listening());

it('a spoken interview: live interim text, final turns under the candidate name, Space ends a response, one follow-up for a thin answer', async () => {
  const name = 'Alan Turing';
  const questions = [
    'Tell me about a system you designed, candidate_name.',
    'Have you worked on call for a production service?',
    'What would you like to learn in your next role?',
  ];
  const { interview } = await newInterview(questions, name);
  const full = [
    'At my previous company I designed the event pipeline for our order system. I chose a queue with idempotent consumers, wrote the schema and load tested it with ten times our peak traffic. As a result we handled the holiday sales without a single lost order.',
    null, // the thin one: see below
    'I would like to learn more about distributed databases and query planning, because last year I fixed a slow report by rewriting its indexes and it taught me how much the planner matters. I plan to study how PostgreSQL chooses plans and share what I learn with my team.',
  ];

  await withRoom({ speech: true }, async (page) => {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: false });

    const transcriptPanel = liveTranscript(page);
    const interim = page.getByTestId('interim-transcript');
    let aiTurns = 0;
    const next = async (): Promise<Turn> => {
      const turn = await nextTurn(page, aiTurns);
      if (turn === 'completed') throw new Error('the interview ended early');
      aiTurns = turn.aiTurns;
      await waitUntil('the recogniser to listen', () => isListening(page));
      return turn;
    };
    const endWithSpace = async () => {
      await focusPageBody(page);
      await page.keyboard.press('Space');
      // Ending the response stops listening; the interviewer speaks next, and 'End Response' waits for it.
      await waitUntil('End Response to be disabled', async () => (await endResponseButton(page).isDisabled()) || (await page.getByRole('heading', { name: 'Interview Completed' }).isVisible()));
    };
    const candidateTurns = async () => (await panelEntries(page)).filter((e) => e.who === name).map((e) => e.text);

    // Question 1: interim words show live, then the final result becomes the candidate's turn.
    let turn = await next();
    expect(turn.label).toBe('Question 1 of 3');
    expect(turn.text).toBe(personalised(questions[0]!, name));
    await page.getByRole('heading', { name: 'Interview Progress' }).waitFor();
    await say(page, 'At my previous company', false);
    await waitUntil('interim text', async () => (await interim.textContent()) === 'At my previous company');
    expect(await transcriptPanel.getByText('At my previous company', { exact: true }).isVisible()).toBe(true);
    await say(page, 'At my previous company I designed the event pipeline', false);
    await waitUntil('longer interim text', async () => (await interim.textContent()) === 'At my previous company I designed the event pipeline');
    expect(await candidateTurns()).toEqual([]);
    await say(page, full[0]!, true);
    await waitUntil('the final words as a turn of the candidate', async () => (await candidateTurns()).join('|') === full[0]);
    expect(await interim.count()).toBe(0);
    await endWithSpace();
    // While the interviewer speaks, 'End Response' (and Space) do nothing.
    await page.getByText('The interviewer is speaking…').waitFor();
    expect(await endResponseButton(page).isDisabled()).toBe(true);

    // Question 2 (maybe after a follow-up to question 1): a thin answer.
    turn = await next();
    if (turn.label.startsWith('Follow-up')) {
      expect(turn.label).toBe('Follow-up to question 1 of 3');
      await say(page, 'The pipeline also let us replay a day of orders after a bug, which saved the finance team two weeks of manual work.', true);
      await endWithSpace();
      turn = await next();
    }
    expect(turn.label).toBe('Question 2 of 3');
    expect(includesQuestion(turn.text, questions[1]!)).toBe(true);
    await say(page, 'Yes.', true);
    await waitUntil('the thin answer as a turn', async () => (await candidateTurns()).at(-1) === 'Yes.');
    await endWithSpace();

    // The interviewer follows up on it: a new AI turn that is not the next question.
    turn = await next();
    expect(turn.label).toBe('Follow-up to question 2 of 3');
    expect(includesQuestion(turn.text, questions[2]!)).toBe(false);
    expect(includesQuestion(turn.text, questions[1]!)).toBe(false);
    expect((await panelEntries(page)).filter((e) => e.who === 'AI Interviewer').at(-1)?.text).toBe(turn.text);
    // Thin again: still only one follow-up per question, so the interview moves on.
    await say(page, 'Yes.', true);
    await waitUntil('the second thin answer as a turn', async () => (await candidateTurns()).filter((t) => t === 'Yes.').length === 2);
    await endWithSpace();

    turn = await next();
    expect(turn.label).toBe('Question 3 of 3');
    expect(includesQuestion(turn.text, questions[2]!)).toBe(true);
    // Words still interim when Space is pressed are kept too.
    const cut = full[2]!.indexOf(' it taught me');
    const [finalPart, interimPart] = [full[2]!.slice(0, cut).trim(), full[2]!.slice(cut).trim()];
    await say(page, finalPart, true);
    await say(page, interimPart, false);
    await waitUntil('interim text after a final one', async () => (await interim.textContent()) === interimPart);
    await focusPageBody(page);
    await page.keyboard.press('Space');
    let finished = false;
    for (let guard = 0; guard < 2 && !finished; guard++) {
      const after = await nextTurn(page, aiTurns);
      if (after === 'completed') finished = true;
      else {
        // One follow-up to question 3 at most.
        expect(after.label).toBe('Follow-up to question 3 of 3');
        aiTurns = after.aiTurns;
        await waitUntil('the recogniser to listen', () => isListening(page));
        await say(page, 'I would start with the PostgreSQL planner documentation and a small project.', true);
        await endWithSpace();
      }
    }
    expect(finished).toBe(true);
    await page.getByText('Thank you for participating. Your interview has been recorded and submitted.', { exact: true }).waitFor();

    const transcript = storedTranscript(await recruiter.interview(interview.id));
    const said = transcript.filter((e) => e.speaker === 'Candidate').map((e) => e.text);
    expect(said[0]).toBe(full[0]);
    expect(said).toContain(`${finalPart} ${interimPart}`);
    expect(said.filter((t) => t === 'Yes.')).toHaveLength(2);
    // Exactly one follow-up to question 2: the AI turn after the first 'Yes.', then question 3.
    const yes = transcript.findIndex((e) => e.speaker === 'Candidate' && e.text === 'Yes.');
    expect(transcript[yes + 1]?.speaker).toBe('AI');
    expect(transcript[yes + 2]).toMatchObject({ speaker: 'Candidate', text: 'Yes.' });
    expect(transcript[yes + 3]?.speaker).toBe('AI');
    expect(includesQuestion(transcript[yes + 3]!.text, questions[2]!)).toBe(true);
  });
}, 90_000);

it("a submitted interview's link shows that it was already submitted, not the ready view", async () => {
  const { interview } = await newInterview(['What is your favourite tool?', 'Why?'], 'Margaret Hamilton');
  const transcript = [
    { speaker: 'AI', text: 'What is your favourite tool?' },
    { speaker: 'Candidate', text: 'A debugger, because at my last job it helped me fix a memory leak that crashed our service every night.' },
  ];

  await withRoom({}, async (page) => {
    // The candidate had the ready view open when the interview was submitted (e.g. from another tab).
    await page.goto(linkPath(interview));
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).waitFor();
    await submitViaMultipart(server.baseUrl, interview, transcript);
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: 'Ready to Start' }).click();
    await page.getByRole('heading', { name: 'Interview Completed' }).waitFor();
    await page.getByText('This interview has already been submitted. Thank you for participating.', { exact: true }).waitFor();

    // Opening the link again, while it is evaluated and once it is completed.
    for (const when of ['submitted', 'completed'] as const) {
      if (when === 'completed') await recruiter.waitForCompleted(interview.id);
      await page.goto(linkPath(interview));
      await page.getByRole('heading', { name: 'Interview Completed' }).waitFor();
      await page.getByText('This interview has already been submitted. Thank you for participating.', { exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Ready to Start' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'End Response' }).count()).toBe(0);
    }
  });
}, 45_000);
