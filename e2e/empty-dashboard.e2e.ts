import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InterviewDetail } from '../src/contracts/interviews';
import { baseUrl, launchBrowser, uniqueName } from './browser';
import { submitViaMultipart, waitUntil } from './candidate-room-kit';
import { createInterviewViaApi, createJobViaApi, registerApprovedCompany } from './hiring';

// A company's first hour (decision 043): the dashboard's and the job page's "AI–human agreement" and
// "Adverse impact" panels keep their headings and say what will appear there and when, instead of
// empty figures. Companies with data (agreement.e2e.ts, adverse-impact.e2e.ts) see the figures and the
// report's link as before.

const AGREEMENT_EMPTY =
  "Once a reviewer saves a review on an interview's report (a decision, or a score they changed), this shows how often your reviewers agree with the AI's scores (within 10 points) and how far they raise or lower them. The correlation of overall scores shows from 10 reviewed interviews on.";
const IMPACT_EMPTY = (scope: string) =>
  `Selection and scoring rates by sex and race/ethnicity appear here once candidates have completed interviews${scope} and answered the voluntary questions at the end of them.`;
const IMPACT_UNANSWERED =
  '1 evaluated interview, and no candidate has given their sex or race/ethnicity in the voluntary questions at the end of the interview. Selection and scoring rates by group appear here once candidates do.';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: baseUrl() });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  await registerApprovedCompany(browser, page, uniqueName('firsthour'), 'First Hour Freight');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const panel = (name: string) => page.getByRole('region', { name, exact: true });

/** The panel's heading at this level, its empty state's title and sentence, and no figures. */
async function expectEmpty(region: Locator, heading: string, level: 2 | 3, title: string, sentence: string): Promise<void> {
  await region.getByRole('heading', { name: heading, level }).waitFor();
  await region.getByText(title, { exact: true }).waitFor();
  await region.getByText(sentence, { exact: true }).waitFor();
  expect(await region.locator('dt').count(), `${heading}: no figures`).toBe(0);
}

it('a new company sees, on the dashboard and on its first job, what the agreement and adverse-impact panels will show and when', async () => {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await expectEmpty(panel('AI–human agreement'), 'AI–human agreement', 2, 'No reviewed interviews yet', AGREEMENT_EMPTY);
  await expectEmpty(panel('Adverse impact'), 'Adverse impact', 2, 'No evaluated interviews yet', IMPACT_EMPTY(''));
  // No way into a report of empty tables.
  expect(await panel('Adverse impact').getByRole('link', { name: 'View adverse impact' }).count()).toBe(0);

  const job = await createJobViaApi(page, { title: 'Yard Marshal', description: 'Keeps the trailers moving in the yard.', questions: ['Tell me about a busy night in the yard.'] });
  await page.goto(`/job/${job.id}`);
  await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
  await expectEmpty(panel('AI–human agreement'), 'AI–human agreement', 3, 'No reviewed interviews yet', AGREEMENT_EMPTY);
  await expectEmpty(panel('Adverse impact'), 'Adverse impact', 2, 'No evaluated interviews yet', IMPACT_EMPTY(' for this job'));
  expect(await panel('Adverse impact').getByRole('link', { name: 'View adverse impact' }).count()).toBe(0);
});

it('once an interview is evaluated, but its candidate skipped the voluntary questions, the adverse-impact panel says so and leads to the counts', async () => {
  const job = await createJobViaApi(page, { title: 'Dock Planner', description: 'Plans which trailer goes to which door.', questions: ['Tell me about a busy night in the yard.'] });
  const interview = await createInterviewViaApi(page, job.id, 'Quinn Yard', 'quinn.yard@example.com');
  await submitViaMultipart(baseUrl(), interview, [
    { speaker: 'AI', text: 'Tell me about a busy night in the yard.' },
    { speaker: 'Candidate', text: 'Forty trailers came in at once, so I lined them up by departure time and radioed each driver a door. Every truck left on time.' },
  ]);
  await waitUntil(
    'the interview to be evaluated',
    async () => ((await (await page.request.get(`/api/interview/${interview.id}`)).json()) as InterviewDetail).status === 'completed',
    30_000,
    250,
  );

  await page.goto('/dashboard');
  const impact = panel('Adverse impact');
  await expectEmpty(impact, 'Adverse impact', 2, 'No answers to the voluntary questions yet', IMPACT_UNANSWERED);
  // The report has the counts and the audit file, so it is offered.
  await impact.getByRole('link', { name: 'View adverse impact' }).click();
  await page.getByRole('heading', { name: 'Adverse impact: all jobs of First Hour Freight', level: 1 }).waitFor();
  // Nobody has reviewed it: agreement is still to come.
  await page.goto('/dashboard');
  await expectEmpty(panel('AI–human agreement'), 'AI–human agreement', 2, 'No reviewed interviews yet', AGREEMENT_EMPTY);
});
