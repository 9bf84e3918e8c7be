import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TranscriptEntry } from '../src/contracts/ai';
import type { CreatedInterview } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import type { ReviewState } from '../src/contracts/report';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { RecruiterApi, submitViaMultipart, waitUntil } from './candidate-room-kit';
import { expectNewToast, markToastsSeen } from './hiring';

// AI–human agreement (docs/decisions/012-ai-human-agreement.md): a reviewer changes one score on a
// report, and the job page and the dashboard say how far reviewers move the AI. The interview is
// submitted through the candidate's one-shot upload and evaluated by the built-in engine.

const PASSWORD = 'correct horse battery';
const TITLE = 'Warehouse Lead';
const QUESTIONS = ['Tell me about a shift you organised from start to finish.', 'How do you keep a team safe when the pace is high?'];
const ANSWERS = [
  'Last winter I planned the night shift for a peak week. I split the pickers into two zones, set targets per hour and checked the scanners before the trucks arrived. As a result we shipped every order on time and cut overtime by a third.',
  'I start every shift with a five minute safety talk and I walk the aisles myself. When a forklift driver rushed, I paused the line, retrained him on the spot and we measured near misses weekly. They dropped by half over two months.',
];
const EMPTY =
  "Once a reviewer saves a review on an interview's report (a decision, or a score they changed), this shows how often your reviewers agree with the AI's scores (within 10 points) and how far they raise or lower them. The correlation of overall scores shows from 10 reviewed interviews on.";

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let context: BrowserContext;
let job: Job;
let interview: CreatedInterview;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const username = `agreement-${Date.now().toString(36)}`;
  recruiter = await RecruiterApi.register(server.baseUrl, username, 'Agreement Co');
  job = await recruiter.createJob(TITLE, 'A warehouse shift lead who plans picking, keeps the team safe and ships on time.', QUESTIONS);
  interview = await recruiter.createInterview(job.id, 'Rita Shift', 'rita.shift@example.com');
  const transcript: TranscriptEntry[] = QUESTIONS.flatMap((question, i) => [
    { speaker: 'AI', text: question },
    { speaker: 'Candidate', text: ANSWERS[i]! },
  ]);
  await submitViaMultipart(server.baseUrl, interview, transcript);
  await recruiter.waitForCompleted(interview.id, 30_000);

  context = await browser.newContext({ baseURL: server.baseUrl });
  context.setDefaultTimeout(10_000);
  const res = await context.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

const panel = (page: Page) => page.getByRole('region', { name: 'AI–human agreement', exact: true });
/** The figure's value: the `dd` after the `dt` with this label. */
const figure = (region: Locator, label: string) => region.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

it('before any review the job page and the dashboard say what agreement will show once reviewers save a review', async () => {
  await withPage(async (page) => {
    await page.goto(`/job/${job.id}`);
    const agreement = panel(page);
    await agreement.getByRole('heading', { name: 'AI–human agreement', level: 3 }).waitFor();
    await agreement.getByText(EMPTY, { exact: true }).waitFor();

    await page.goto('/dashboard');
    const company = panel(page);
    await company.getByRole('heading', { name: 'AI–human agreement', level: 2 }).waitFor();
    await company.getByText(EMPTY, { exact: true }).waitFor();
  });
});

it("after a reviewer lowers or raises one score on the report, the job page and the dashboard show how far reviewers move the AI", async () => {
  const before = await recruiter.request<ReviewState>('GET', `/api/interview/${interview.id}/review`);
  const judged = before.ai.criteria.filter((c) => c.score !== null);
  expect(judged.length, 'the built-in engine judged at least two criteria').toBeGreaterThanOrEqual(2);
  const criterion = judged[0]!;
  const ai = criterion.score!;
  const newScore = ai >= 50 ? Math.round(ai) - 30 : Math.round(ai) + 30;
  const difference = newScore - ai;

  await withPage(async (page) => {
    await page.goto(`/interview/${interview.id}`);
    const review = page.getByRole('region', { name: 'Human Review', exact: true });
    await review.getByRole('button', { name: `Adjust ${criterion.name}` }).click();
    await review.getByLabel(`New score for ${criterion.name}`).fill(String(newScore));
    await review.getByLabel(`Reason for the change to ${criterion.name}`).fill('The example had no measured outcome.');
    await markToastsSeen(page);
    await review.getByRole('button', { name: 'Save review' }).click();
    await expectNewToast(page, 'Review saved', 'The scores and the decision are recorded in the history.');
  });

  // Worked out by hand: one of the N judged scores moved by 30, the others kept (difference 0).
  const n = judged.length;
  const within = Math.round(((n - 1) / n) * 100);
  const average = Math.round(Math.abs(difference) / n);
  const line = `Your reviewers agree with the AI within 10 points on ${within}% of scores. On average they ${difference < 0 ? 'lower' : 'raise'} the AI's scores by ${average} ${average === 1 ? 'point' : 'points'}.`;

  await withPage(async (page) => {
    await page.goto(`/job/${job.id}`);
    const agreement = panel(page);
    await agreement.getByText(line, { exact: true }).waitFor();
    expect(await agreement.getByText(EMPTY).count()).toBe(0);
    await waitUntil('the reviewed-interviews figure', async () => (await figure(agreement, 'Reviewed interviews').count()) === 1);
    expect((await figure(agreement, 'Reviewed interviews').innerText()).replace(/\s+/g, ' ')).toBe(`1 ${n} criterion scores compared`);
    expect((await figure(agreement, 'Changed by more than 10 points').innerText()).replace(/\s+/g, ' ')).toBe(`${100 - within}% 1 of ${n} scores`);
    expect(await figure(agreement, 'Correlation of overall scores').innerText()).toBe('Needs 9 more reviewed interviews');
    // The line comes before the figures.
    const text = await agreement.innerText();
    expect(text.indexOf(line)).toBeLessThan(text.indexOf('Reviewed interviews'));

    // The company's figures on the dashboard: this is its only reviewed interview.
    await page.goto('/dashboard');
    const company = panel(page);
    await company.getByText(line, { exact: true }).waitFor();
    await company.getByText('How far your reviewers move the AI\'s scores, across all your jobs', { exact: true }).waitFor();
  });
});
