import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, launchBrowser, uniqueName, waitForMail } from './browser';
import { createJobViaApi, openJob, signInAsOperator } from './hiring';

// The public apply page on a phone (issue 17.1, docs/decisions/035-apply-pages.md): a recruiter
// switches a job's page on and copies its address; a candidate on a 375×667 screen opens it, fills
// it in and is taken to their interview at once; the same email again is told it already applied;
// the job's list shows the candidate as "Applied".

const PHONE = { width: 375, height: 667 };

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US', timezoneId: 'Europe/Paris' });
  contexts.push(context);
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

/** axe's serious and critical findings on the page (labels, contrast, headings). */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function fillApplication(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Cover note (optional)').fill('I kept a warehouse running through two peak seasons.');
  await page.getByLabel(/I have read the notice above and agree/).check();
  await page.getByRole('button', { name: 'Send application' }).click();
}

it('takes a candidate from the public page on a phone to their interview, once per email, and shows where they came from', async () => {
  const recruiter = await phonePage();
  await signInAsOperator(recruiter);
  const job = await createJobViaApi(recruiter, { title: 'Warehouse Associate', description: 'Receive, store and ship goods on the day shift.', questions: ['How do you keep a count accurate?'] });

  // The recruiter switches the page on from the job page and reads its address.
  await openJob(recruiter, job);
  const card = recruiter.getByRole('region', { name: 'Application page' });
  await card.getByRole('button', { name: 'Turn on application page' }).click();
  await card.getByText('On: the page takes applications.').waitFor();
  const address = await card.getByLabel('Public address').inputValue();
  expect(address).toMatch(new RegExp(`^${baseUrl()}/apply/warehouse-associate-[a-z2-9]{4}$`));

  // The candidate opens it on a phone: the job, the notice, the form; readable and within the screen.
  const candidate = await phonePage();
  await candidate.goto(address);
  await candidate.getByRole('heading', { name: 'Warehouse Associate', level: 1 }).waitFor();
  await candidate.getByRole('heading', { name: 'About this AI interview' }).waitFor();
  expect(await candidate.getByText('Hireloop Operations').count()).toBeGreaterThan(0);
  expect(await seriousViolations(candidate)).toEqual([]);
  expect(await fitsTheScreen(candidate)).toBe(true);

  // Without the consent the form says so by the checkbox, and nothing is sent.
  await candidate.getByLabel('Full name').fill('Amara Okafor');
  await candidate.getByRole('button', { name: 'Send application' }).click();
  await candidate.getByText('Please enter your email address').waitFor();
  await candidate.getByText('Please read the notice and tick the box to agree before applying').waitFor();
  expect(await candidate.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  expect(await seriousViolations(candidate)).toEqual([]);

  const email = `${uniqueName('amara')}@example.com`;
  await fillApplication(candidate, 'Amara Okafor', email);
  const start = candidate.getByRole('link', { name: 'Start your interview' });
  await start.waitFor();
  await candidate.getByRole('heading', { name: 'Your interview is ready' }).waitFor();
  expect(await fitsTheScreen(candidate)).toBe(true);
  const invitation = await waitForMail((m) => m.to === email);
  const href = await start.getAttribute('href');
  expect(invitation.text).toContain(href);

  // The link is the candidate room's.
  await start.click();
  await candidate.getByRole('heading', { name: 'Welcome to Your AI Interview', level: 1 }).waitFor();
  await candidate.getByText('Hello, Amara Okafor!').waitFor();

  // Someone typing the same email again is not shown the link: it goes to that address again.
  const again = await phonePage();
  await again.goto(address);
  await fillApplication(again, 'Not Amara', email.toUpperCase());
  await again.getByRole('heading', { name: 'You have already applied' }).waitFor();
  expect(await again.getByRole('link', { name: 'Start your interview' }).count()).toBe(0);
  await waitForMail((m) => m.to === email && m.subject === 'Your interview for Warehouse Associate at Hireloop Operations');

  // The job's list shows one candidate, who applied.
  await recruiter.reload();
  const row = recruiter.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  await row.getByText('Applied').waitFor();
  expect(await recruiter.getByRole('row').filter({ hasText: 'Amara Okafor' }).count()).toBe(1);
});
