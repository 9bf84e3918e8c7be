import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdverseImpactReport } from '../src/contracts/adverse-impact';
import type { Job } from '../src/contracts/jobs';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { linkPath, newRoomContext, nextTurn, RecruiterApi, startInterview, submitViaMultipart, typeAnswer } from './candidate-room-kit';

// The candidate's voluntary self-identification on the completed page (issue 15, decision 023).

const QUESTION = 'Tell me about a time you kept a customer.';
const ANSWER = 'A customer wanted to cancel after a late delivery, so I called her, explained what went wrong and sent the order by courier the same day. She stayed with us.';
const INTRO =
  "Answering is optional and does not affect your evaluation. Your recruiter never sees your answers: they are stored apart from your interview, never given to the AI, and only counted together with other candidates' to check that hiring treats every group fairly.";

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let job: Job;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, `self-id-${Date.now().toString(36)}`, 'Counted Fairly Co');
  job = await recruiter.createJob('Account Manager', 'Keeps our customers happy.', [QUESTION]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const section = (page: Page) => page.getByRole('region', { name: 'Optional questions about you' });
const report = () => recruiter.request<AdverseImpactReport>('GET', `/api/job/${job.id}/adverse-impact`);

it('after completing the interview the candidate answers the optional questions once; the answers count in the statistics', async () => {
  const interview = await recruiter.createInterview(job.id, 'Grace Okafor', 'grace.okafor@example.com');
  const { context, page } = await newRoomContext(browser, server.baseUrl);
  try {
    await page.goto(linkPath(interview));
    await startInterview(page, { typing: true });
    for (let aiTurns = 0; ; ) {
      const turn = await nextTurn(page, aiTurns);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      await typeAnswer(page, ANSWER);
    }
    await page.getByText('Thank you for participating. Your interview has been recorded and submitted.', { exact: true }).waitFor();

    const questions = section(page);
    await questions.getByText(INTRO, { exact: true }).waitFor();
    const sex = questions.getByRole('group', { name: 'Sex' });
    expect(await sex.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent))).toEqual(['Male', 'Female', 'Prefer not to say']);
    const race = questions.getByRole('group', { name: 'Race/ethnicity' });
    expect(await race.getByRole('radio').count()).toBe(8);
    // Nothing is chosen for the candidate.
    expect(await questions.getByRole('radio', { checked: true }).count()).toBe(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

    await sex.getByRole('radio', { name: 'Female' }).check();
    await race.getByRole('radio', { name: 'Black or African American' }).check();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/interview/${interview.id}/self-identification`) && r.request().method() === 'POST');
    await questions.getByRole('button', { name: 'Submit answers' }).click();
    expect((await sent).status()).toBe(201);
    const thanks = questions.getByRole('status');
    await thanks.getByText('Thank you. Your answers were recorded, apart from your interview.', { exact: true }).waitFor();
    expect(await thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await questions.getByRole('radio').count()).toBe(0);

    // Opening the link again does not ask again.
    await page.reload();
    await section(page).getByText('Thank you, you have already responded to these questions.', { exact: true }).waitFor();
    expect(await section(page).getByRole('radio').count()).toBe(0);
    // The other section of the page is still there.
    await page.getByRole('region', { name: 'Your data' }).waitFor();
  } finally {
    await context.close();
  }

  await recruiter.waitForCompleted(interview.id, 30_000);
  const after = await report();
  expect(after.dimensions.find((d) => d.dimension === 'sex')!.groups.find((g) => g.key === 'female')!.count).toBe(1);
  expect(after.dimensions.find((d) => d.dimension === 'intersectional')!.groups.find((g) => g.key === 'female/black_african_american')!.count).toBe(1);
});

it('a candidate who skips is not asked again, and counts as not answered', async () => {
  const interview = await recruiter.createInterview(job.id, 'Sam Doe', 'sam.doe@example.com');
  await submitViaMultipart(server.baseUrl, interview, [
    { speaker: 'AI', text: QUESTION },
    { speaker: 'Candidate', text: ANSWER },
  ]);
  const { context, page } = await newRoomContext(browser, server.baseUrl);
  try {
    // The link of a handed-in interview opens on the completed page.
    await page.goto(linkPath(interview));
    const questions = section(page);
    await questions.getByRole('button', { name: 'Skip' }).click();
    await questions.getByText('Thank you. You chose not to answer, and you will not be asked again.', { exact: true }).waitFor();
    await page.reload();
    await section(page).getByText('Thank you, you have already responded to these questions.', { exact: true }).waitFor();
  } finally {
    await context.close();
  }
  await recruiter.waitForCompleted(interview.id, 30_000);
  const sex = (await report()).dimensions.find((d) => d.dimension === 'sex')!;
  expect(sex.unknown).toEqual({ total: 1, preferNotToSay: 0, notAnswered: 1 });
});
