import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import {
  includesQuestion,
  linkPath,
  newRoomContext,
  nextTurn,
  personalised,
  recordedDigests,
  RecruiterApi,
  startInterview,
  storedTranscript,
  storedUploads,
  typeAnswer,
  waitUntil,
  type Turn,
} from './candidate-room-kit';

// Never lose the recording: the candidate's connection drops, and the server restarts, mid-interview.
// The server is this file's own, so restarting it leaves the shared one alone.

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const OFFLINE = /^You appear to be offline\./;
/** How long the candidate's connection stays down. */
const OUTAGE_MS = 4_000;

it('a dropped connection and a server restart mid-interview lose nothing: the stored recording is byte-identical and the interview completes', async () => {
  const recruiter = await RecruiterApi.register(server.baseUrl, `resilience-${Date.now().toString(36)}`);
  const name = 'Katherine Johnson';
  const questions = [
    'Tell me about a time you debugged a hard problem, candidate_name.',
    'How do you make sure your code keeps working after you ship it?',
    'What kind of team do you work best in?',
  ];
  const answer =
    'At my last job I traced a memory leak in our payments API. I took heap snapshots, compared them and found a cache that never expired. I fixed it with a size limit, added a test and the crashes stopped, which saved the on call team many nights.';
  const job = await recruiter.createJob('Site Reliability Engineer', 'Keeps our TypeScript services on PostgreSQL fast and available, and improves how the team ships.', questions);
  const interview = await recruiter.createInterview(job.id, name, 'katherine@example.com');

  const { context, page } = await newRoomContext(browser, server.baseUrl);
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: true });
    const offlineNotice = page.getByText(OFFLINE);
    const uploaded = async () => (await storedUploads(server.dataDir, interview.id))[0]?.bytes ?? 0;

    let asked = 0;
    let aiTurns = 0;
    const next = async (): Promise<Turn> => {
      const turn = await nextTurn(page, aiTurns, 30_000);
      if (turn === 'completed') throw new Error('the interview ended early');
      aiTurns = turn.aiTurns;
      if (turn.label.startsWith('Question')) asked++;
      return turn;
    };

    let turn = await next();
    expect(turn.label).toBe('Question 1 of 3');
    // The recording streams to the server while the interview runs.
    await waitUntil('part of the recording on the server', async () => (await uploaded()) > 0);

    // The connection drops: the candidate is told, and carries on answering.
    await context.setOffline(true);
    const offlineAt = Date.now();
    await offlineNotice.waitFor();
    expect(await offlineNotice.textContent()).toBe(
      'You appear to be offline. Keep going — your answers and recording are kept on this device and will upload when the connection returns.',
    );
    await page.getByText(/^Saving your recording… \d+%$/).waitFor();
    await typeAnswer(page, answer);
    // Without the server no follow-up or rewording is possible: the next question comes as written.
    turn = await next();
    expect(turn).toMatchObject({ label: 'Question 2 of 3', text: personalised(questions[1]!, name) });
    expect(await offlineNotice.isVisible()).toBe(true);
    // Simulating the outage: the connection stays down a while longer.
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - offlineAt))));
    const duringOutage = await uploaded();
    await context.setOffline(false);
    await offlineNotice.waitFor({ state: 'hidden' });
    // The upload catches up with what was recorded meanwhile.
    await waitUntil('the upload to resume after the outage', async () => (await uploaded()) > duringOutage, 15_000);

    // The server restarts mid-upload (the recording keeps going meanwhile).
    // While the server cannot be reached the candidate sees the same notice, gone once it is back.
    const beforeRestart = await uploaded();
    const noticed = offlineNotice.waitFor({ timeout: 60_000 }).then(
      () => true,
      () => false,
    );
    await server.restart();
    expect(await noticed, 'the offline notice while the server was down').toBe(true);
    await offlineNotice.waitFor({ state: 'hidden', timeout: 20_000 });
    await waitUntil('the upload to resume after the restart', async () => (await uploaded()) > beforeRestart, 20_000);

    for (;;) {
      const current = asked;
      await typeAnswer(page, answer);
      const after = await nextTurn(page, aiTurns, 30_000);
      if (after === 'completed') break;
      aiTurns = after.aiTurns;
      if (after.label.startsWith('Question')) {
        asked++;
        expect(after.label).toBe(`Question ${asked} of 3`);
        expect(includesQuestion(after.text, personalised(questions[asked - 1]!, name))).toBe(true);
      } else {
        expect(after.label).toBe(`Follow-up to question ${current} of 3`);
      }
    }
    expect(asked).toBe(3);
    await page.getByText('Thank you for participating. Your interview has been recorded and submitted.', { exact: true }).waitFor();

    // One recording (one page load), stored exactly as the browser recorded it.
    const recorded = await recordedDigests(page);
    expect(recorded).toHaveLength(1);
    const stored = await storedUploads(server.dataDir, interview.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.head).toBe('1a45dfa3');
    expect(stored[0]!.size).toBe(stored[0]!.bytes);
    expect({ bytes: stored[0]!.bytes, sha256: stored[0]!.sha256 }).toEqual({ bytes: recorded[0]!.bytes, sha256: recorded[0]!.sha256 });

    // And the interview completes, with every answer in its transcript.
    const detail = await recruiter.waitForCompleted(interview.id);
    const transcript = storedTranscript(detail);
    const answers = transcript.filter((e) => e.speaker === 'Candidate');
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const entry of answers) expect(entry.text).toBe(answer);
    const aiLines = transcript.filter((e) => e.speaker === 'AI').map((e) => e.text);
    for (const [i, question] of questions.entries()) {
      expect(aiLines.some((line) => includesQuestion(line, personalised(question, name))), `question ${i + 1} in the transcript`).toBe(true);
    }
  } finally {
    await context.close();
  }
}, 120_000);
