import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForPath, chooseOption } from './browser';
import { expectToastOverDialog, signInAsOperator, withPage } from './hiring';

// Issue 7's done-when: a recruiter, tried as a new user would, creates a screening, adds
// candidates in several time zones, and runs a simulated call (no Twilio on the test server) in
// Chromium to a scored result; the candidate's own link opens the call page without a session.

const COMPANY = 'Summit Logistics';

/** Substantive answers; the agent may still ask one follow-up per question, which gets the next one. */
const ANSWERS = [
  'I have driven delivery vans and box trucks for six years, mostly city and suburban routes with forty to sixty stops a day. I plan the route the night before, load the van in stop order and keep a clean safety record with no accidents.',
  'When a customer was upset about a late delivery, I listened, apologised, explained the road closure and offered to bring the package to their workplace. As a result the customer stayed with us and later thanked my manager for the help.',
  'I check the vehicle every morning with a pre-trip inspection of the tires, brakes, lights and fluids, and I report any problem to the fleet manager before leaving the yard. Safety comes first, so I never drive a truck that fails the inspection.',
  'I am available full time from Monday to Saturday, early mornings included, and I can start two weeks after an offer. I hold a clean driving licence and I am comfortable lifting packages of up to fifty pounds all day.',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A new company account, approved by the operator as an operator would. */
async function registerApprovedRecruiter(page: Page): Promise<void> {
  await registerViaApi(page, uniqueName('screener'), COMPANY);
  const me = (await (await page.request.get('/api/user')).json()) as { id: number; isApproved: boolean };
  expect(me.isApproved).toBe(false);
  await withPage(browser, async (operatorPage) => {
    await signInAsOperator(operatorPage);
    const res = await operatorPage.request.post(`/api/admin/accounts/${me.id}/approve`);
    expect(res.status()).toBe(200);
  });
}

/** Adds a candidate through the Add Candidate dialog. */
async function addCandidate(page: Page, fields: { name: string; country: string; phone: string; date: string; time: string; zone: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Candidate' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Add a candidate for this phone screening.').waitFor();
  await dialog.getByLabel('Candidate Name').fill(fields.name);
  await chooseOption(page, dialog.getByRole('combobox', { name: /Country/ }), fields.country);
  await dialog.getByLabel('Phone Number').fill(fields.phone);
  await dialog.getByLabel('Interview Date').fill(fields.date);
  await chooseOption(page, dialog.getByRole('combobox', { name: /Time$/ }), fields.time);
  await chooseOption(page, dialog.getByRole('combobox', { name: /Time Zone/ }), fields.zone);
  await dialog.getByRole('button', { name: 'Add Candidate' }).click();
  await expectToastOverDialog(page, 'Candidate added', 'Candidate has been added to the phone screening.');
  await dialog.waitFor({ state: 'hidden' });
}

/** Axe on the page as it is: no critical or serious violation. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`).join('\n');
  expect(serious.length, `axe violations on ${new URL(page.url()).pathname}:\n${report}`).toBe(0);
}

const cardOf = (page: Page, name: string): Locator => page.getByRole('list').getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

const callStatus = (page: Page) => page.getByRole('status').filter({ hasText: /Your turn|The call has ended/ });

/** Types answers (consent first, then every question and follow-up) until the agent says goodbye; returns what was typed. */
async function answerUntilDone(page: Page): Promise<string[]> {
  const transcript = page.getByRole('list', { name: 'Call transcript' });
  const typed: string[] = [];
  for (let turn = 0; turn < 20; turn++) {
    await callStatus(page).waitFor();
    if ((await page.getByText('The call has ended.').count()) > 0) return typed;
    const before = await transcript.getByRole('listitem').count();
    const text = turn === 0 ? 'Yes, that is fine.' : ANSWERS[(turn - 1) % ANSWERS.length]!;
    await page.getByRole('textbox', { name: 'Your answer' }).fill(text);
    await page.getByRole('button', { name: 'Send answer' }).click();
    // The answer and the agent's reply arrive together.
    await expect.poll(() => transcript.getByRole('listitem').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 2);
    typed.push(text);
  }
  throw new Error('the call did not end within 20 answers');
}

describe('phone screening calls in the browser', () => {
  it('a new recruiter screens a candidate by simulated call to a scored result, and the candidate link opens the call page', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await registerApprovedRecruiter(page);

      // A screening, created from the dashboard.
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Phone Screenings' }).click();
      await page.getByRole('link', { name: 'New Phone Screening' }).click();
      await waitForPath(page, '/phone-screening/new');
      await page.getByLabel('Job Title').fill('Delivery Driver');
      await page.getByLabel('Job Description').fill('Deliver parcels on city routes.\nPre-trip vehicle inspections, customer service at the door.');
      await page.getByLabel('Skills').fill('safe driving, route planning, customer service');
      await page.getByRole('button', { name: /Create/ }).click();
      await page.waitForURL(/\/phone-screening\/\d+$/);
      await expectToast(page, 'Phone screening created', 'Your phone screening has been created successfully.');
      const screeningPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: 'Delivery Driver', level: 1 }).waitFor();

      // Candidates in two time zones: US Eastern and India.
      await addCandidate(page, { name: 'Dana Whitfield', country: '+1 United States', phone: '555-201-3344', date: '2026-12-01', time: '10:00 AM', zone: 'UTC-05:00 (Eastern)' });
      await addCandidate(page, { name: 'Priya Nair', country: '+91 India', phone: '98765 43210', date: '2026-12-02', time: '9:30 AM', zone: 'UTC+05:30 (India)' });
      const dana = cardOf(page, 'Dana Whitfield');
      const priya = cardOf(page, 'Priya Nair');
      await dana.getByText('10:00 UTC-05:00').waitFor();
      await priya.getByText('09:30 UTC+05:30').waitFor();
      await dana.getByText('+1 555-201-3344').waitFor();
      expect(await dana.getByText('Pending', { exact: true }).getAttribute('class')).toContain('bg-yellow-100');

      // The simulated call, taken by the recruiter.
      await dana.getByRole('link', { name: /Start simulated call/ }).click();
      await page.waitForURL(/\/phone-screening\/\d+\/call\/\d+$/);
      await page.getByRole('heading', { name: 'Screening call with Dana Whitfield', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Alex · AI assistant' }).waitFor();
      await page.getByRole('button', { name: 'Start call' }).click();
      const agentSays = page.getByRole('blockquote', { name: 'Alex says' });
      await agentSays.getByText(/^Hi Dana, this is Alex, an AI assistant calling on behalf of Summit Logistics about the Delivery Driver position\./).waitFor();
      await agentSays.getByText(/Is it okay to continue\?$/).waitFor();
      await callStatus(page).waitFor();
      await expectAccessible(page);

      const typed = await answerUntilDone(page);
      expect(typed.length).toBeGreaterThanOrEqual(2);
      await agentSays.getByText(/^Thank you, those are all my questions\./).waitFor();
      const transcript = page.getByRole('list', { name: 'Call transcript' });
      await transcript.getByText('Yes, that is fine.', { exact: true }).waitFor();
      expect(await transcript.getByText('Dana Whitfield', { exact: true }).count()).toBe(typed.length);

      // The result fills in once the call has been scored.
      await page.getByText(/The screening is complete and scored: \d+\/100\./).waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'View result' }).click();
      await page.waitForURL(/\/phone-screening\/\d+\/candidates\/\d+$/);
      await page.getByRole('heading', { name: 'Phone screening with Dana Whitfield', level: 1 }).waitFor();
      const details = page.getByRole('region', { name: 'Candidate Details' });
      expect(await details.getByText('Completed', { exact: true }).getAttribute('class')).toContain('bg-green-100');
      await details.getByText('10:00 UTC-05:00', { exact: false }).waitFor();
      const feedback = page.getByRole('region', { name: 'Screening Feedback' });
      await feedback.getByRole('heading', { name: 'AI Notes' }).waitFor();
      await feedback.getByText('Overall Score').waitFor();
      const overall = await feedback.getByText(/^\d+\/100$/).first().textContent();
      expect(Number(overall?.split('/')[0])).toBeGreaterThan(0);
      const criteria = feedback.getByRole('list', { name: 'Criteria' }).getByRole('listitem');
      expect(await criteria.count()).toBeGreaterThanOrEqual(3);
      await criteria.first().getByText(/^Weight \d+%$/).waitFor();
      await criteria.first().getByText(/^\d+\/100$|^Insufficient evidence$/).waitFor();
      expect(await feedback.getByText('Evidence').count()).toBeGreaterThan(0);
      const resultTranscript = page.getByRole('list', { name: 'Transcript' });
      await resultTranscript.getByText(typed[1]!, { exact: true }).first().waitFor();
      const calls = page.getByRole('region', { name: 'Calls' });
      await calls.getByRole('cell', { name: 'Browser' }).waitFor();
      await calls.getByRole('cell', { name: 'Completed' }).waitFor();
      expect(await page.getByRole('region', { name: 'Call Recording' }).count()).toBe(0);
      await expectAccessible(page);

      // Back on the screening, the card is green and links to the result.
      await page.getByRole('link', { name: 'Back to phone screening' }).click();
      await waitForPath(page, screeningPath);
      expect(await dana.getByText('Completed', { exact: true }).getAttribute('class')).toContain('bg-green-100');
      expect(await dana.getByRole('link', { name: /Start simulated call/ }).count()).toBe(0);
      await expectAccessible(page);
      await dana.getByRole('link', { name: /View result/ }).click();
      await page.getByRole('heading', { name: 'Phone screening with Dana Whitfield', level: 1 }).waitFor();
      await page.goBack();
      await waitForPath(page, screeningPath);

      // The other candidate gets a personal link, which works in a browser with no session.
      await priya.getByRole('button', { name: /Copy call link/ }).click();
      await expectToast(page, 'Link copied', 'Call link has been copied to clipboard');
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(/\/phone-call\/\d+\?token=[\w-]+$/);

      await withPage(browser, async (candidatePage) => {
        await candidatePage.goto(new URL(link).pathname + new URL(link).search);
        await candidatePage.getByRole('heading', { name: 'Hello, Priya', level: 1 }).waitFor();
        await candidatePage.getByText(/Welcome to your screening call with Summit Logistics for the Delivery Driver position\./).waitFor();
        await candidatePage.getByRole('heading', { name: 'Alex · AI assistant' }).waitFor();
        await candidatePage.getByRole('button', { name: 'Start call' }).click();
        await candidatePage
          .getByRole('blockquote', { name: 'Alex says' })
          .getByText(/^Hi Priya, this is Alex, an AI assistant calling on behalf of Summit Logistics/)
          .waitFor();
        await callStatus(candidatePage).waitFor();
        await expectAccessible(candidatePage);
        expect(await candidatePage.getByRole('banner').getByRole('link').count()).toBe(0);
      });

      // A link with a wrong token opens nothing.
      await withPage(browser, async (stranger) => {
        await stranger.goto(new URL(link).pathname + '?token=not-the-token');
        await stranger.getByRole('heading', { name: 'Call Link Not Found' }).waitFor();
        await stranger.getByText('This call link appears to be invalid or has expired.').waitFor();
      });
    } finally {
      await context.close();
    }
  });
});
