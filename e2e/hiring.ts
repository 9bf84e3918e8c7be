import type { Browser, Locator, Page } from 'playwright-core';
import type { CreatedInterview, InterviewListItem } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import { loginViaApi, newPage, operator, registerViaApi, toastWithTitle } from './browser';

/** The operator's company, as global-setup registered it. */
export const OPERATOR_COMPANY = 'Hireloop Operations';

/** Runs `run` with a page in a fresh browser context, closed afterwards. */
export async function withPage(browser: Browser, run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** Signs the page's context in as the approved operator. */
export async function signInAsOperator(page: Page): Promise<void> {
  const { username, password } = operator();
  await loginViaApi(page, username, password);
}

/**
 * Registers a new company in the page's context (its owner stays signed in there) and has the
 * operator approve it, as a company is after its review: an account's first hour.
 */
export async function registerApprovedCompany(browser: Browser, page: Page, username: string, companyName: string): Promise<void> {
  await registerViaApi(page, username, companyName);
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  await withPage(browser, async (operatorPage) => {
    await signInAsOperator(operatorPage);
    const res = await operatorPage.request.post(`/api/admin/accounts/${me.id}/approve`);
    if (res.status() !== 200) throw new Error(`approve failed: ${res.status()} ${await res.text()}`);
  });
}

export interface JobFields {
  title: string;
  description: string;
  questions?: string[];
  rubric?: { name: string; description: string; weight: number }[];
}

/** Creates a job for the signed-in account through the API (given questions and rubric are kept as they are). */
export async function createJobViaApi(page: Page, fields: JobFields): Promise<Job> {
  const res = await page.request.post('/api/job', { data: fields });
  if (res.status() !== 201) throw new Error(`create job failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Job;
}

export async function getJobViaApi(page: Page, id: number): Promise<Job> {
  const res = await page.request.get(`/api/job/${id}`);
  if (res.status() !== 200) throw new Error(`get job failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Job;
}

/** Adds a candidate's interview to a job through the API. */
export async function createInterviewViaApi(page: Page, jobId: number, candidateName: string, email: string): Promise<CreatedInterview> {
  const res = await page.request.post(`/api/job/${jobId}/interview`, { data: { candidateName, email, jobId } });
  if (res.status() !== 201) throw new Error(`create interview failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as CreatedInterview;
}

export async function listInterviewsViaApi(page: Page, jobId: number): Promise<InterviewListItem[]> {
  const res = await page.request.get(`/api/job/${jobId}/interview`);
  if (res.status() !== 200) throw new Error(`list interviews failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as InterviewListItem[];
}

/** Opens a job's page and waits for its title. */
export async function openJob(page: Page, job: { id: number; title: string }): Promise<void> {
  await page.goto(`/job/${job.id}`);
  await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
}

/** Marks the toasts on screen now, so that `expectNewToast` waits for a later one. */
export async function markToastsSeen(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .evaluateAll((items) => items.forEach((item) => item.setAttribute('data-e2e-seen', '')));
}

/** Like `expectToast`, for a toast that appeared after the last `markToastsSeen` (one with the same title may have been on screen). */
export async function expectNewToast(page: Page, title: string, description: string, opts: { destructive?: boolean } = {}): Promise<void> {
  const toast = toastWithTitle(page, title).and(page.locator(':not([data-e2e-seen])'));
  await toast.waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
  const className = (await toast.getAttribute('class')) ?? '';
  if (className.split(/\s+/).includes('destructive') !== Boolean(opts.destructive)) {
    throw new Error(`toast '${title}' should ${opts.destructive ? '' : 'not '}be destructive; class="${className}"`);
  }
}

/**
 * Waits for a toast raised while a modal dialog is open, and checks it like `expectToast`. Radix's
 * Dialog marks everything outside it aria-hidden, the toast viewport included
 * (radix-ui/primitives#4115), so the toast is looked up including hidden elements. It is still on
 * screen (the wait is for a visible element) and Radix announces it through its own live region.
 */
export async function expectToastOverDialog(page: Page, title: string, description: string | RegExp, opts: { destructive?: boolean } = {}): Promise<Locator> {
  const toast = page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor();
  await toast.getByText(description, { exact: typeof description === 'string' }).waitFor();
  const className = (await toast.getAttribute('class')) ?? '';
  if (className.split(/\s+/).includes('destructive') !== Boolean(opts.destructive)) {
    throw new Error(`toast '${title}' should ${opts.destructive ? '' : 'not '}be destructive; class="${className}"`);
  }
  return toast;
}
