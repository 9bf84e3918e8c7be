import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SUBJECT } from '../src/contracts/interviews';
import { baseUrl, expectToast, launchBrowser, mailbox, registerViaApi, uniqueName, waitForMail, waitForPath } from './browser';
import { createInterviewViaApi, createJobViaApi, expectToastOverDialog, listInterviewsViaApi, OPERATOR_COMPANY, openJob, signInAsOperator, withPage } from './hiring';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const run = (body: (page: Page) => Promise<void>) => withPage(browser, body);

const JOB = { description: 'Build and run our payment services.', questions: ['Tell me about yourself.'], rubric: [{ name: 'Skills', description: 'Depth', weight: 100 }] };

/** Counts the page's requests with this method and path from now on. */
function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** The interviews table's row for a candidate (the name is the row's header cell). */
const interviewRow = (page: Page, candidateName: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: candidateName, exact: true }) });

const rowCheckbox = (page: Page, candidateName: string) => page.getByRole('checkbox', { name: `Select ${candidateName}`, exact: true });
const selectAll = (page: Page) => page.getByRole('checkbox', { name: 'Select all candidates' });
const checkedState = (checkbox: Locator) => checkbox.getAttribute('aria-checked');

/** The Email Sent cell: a tick ('Sent') or a cross ('Not sent'). */
async function emailSentState(row: Locator): Promise<'tick' | 'cross'> {
  const cell = row.getByRole('cell').nth(4);
  const sent = await cell.getByText('Sent', { exact: true }).count();
  const notSent = await cell.getByText('Not sent', { exact: true }).count();
  const ticks = await cell.locator('svg.lucide-check').count();
  const crosses = await cell.locator('svg.lucide-x').count();
  if (sent === 1 && ticks === 1 && notSent === 0 && crosses === 0) return 'tick';
  if (notSent === 1 && crosses === 1 && sent === 0 && ticks === 0) return 'cross';
  throw new Error(`unexpected Email Sent cell: ${await cell.innerHTML()}`);
}

describe('create interview', () => {
  it('starts empty, validates the dialog, creates an interview and counts the applicant', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Payments Engineer ${uniqueName('')}`, ...JOB });
      const posts = countRequests(page, 'POST', `/api/job/${job.id}/interview`);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: job.title, exact: true }).click();
      await waitForPath(page, `/job/${job.id}`);
      await page.getByText('No interviews yet', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Create Interview' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Interview' });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
      const email = dialog.getByLabel('Email');
      expect(await email.getAttribute('type')).toBe('email');

      await dialog.getByLabel('Candidate Name').fill('Ada Lovelace');
      await email.fill('not-an-email');
      await dialog.getByRole('button', { name: 'Create Interview' }).click();
      await dialog.getByText('Please enter a valid email address', { exact: true }).waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(posts()).toBe(0);

      const address = `${uniqueName('ada')}@example.com`;
      await email.fill(address);
      await dialog.getByRole('button', { name: 'Create Interview' }).click();
      // On success the dialog closes (and the toast is no longer behind a modal).
      await dialog.waitFor({ state: 'hidden' });
      const [created] = await listInterviewsViaApi(page, job.id);
      expect(created).toMatchObject({ candidateName: 'Ada Lovelace', email: address, status: 'pending', emailSent: false });
      expect(created!.roomName).toMatch(/^interview-/);
      await expectToast(page, 'Interview Created', `New interview room created: ${created!.roomName}`);
      expect(posts()).toBe(1);

      const row = interviewRow(page, 'Ada Lovelace');
      await row.waitFor();
      const cells = row.getByRole('cell');
      expect(await cells.nth(1).innerText()).toBe(address);
      const badge = cells.nth(2).getByText('Pending', { exact: true });
      expect(await badge.isVisible()).toBe(true);
      // Neither completed (green) nor in progress (yellow): the grey badge.
      expect((await badge.getAttribute('class'))?.split(/\s+/)).toContain('bg-slate-100');
      expect(await cells.nth(3).getByText('—', { exact: true }).isVisible()).toBe(true);
      expect(await emailSentState(row)).toBe('cross');
      expect(await row.getByRole('button', { name: 'View Report' }).isDisabled()).toBe(true);

      // The dialog opens again empty.
      await page.getByRole('button', { name: 'Create Interview' }).click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Candidate Name').inputValue()).toBe('');
      expect(await dialog.getByLabel('Email').inputValue()).toBe('');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The dashboard counts the applicant.
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await waitForPath(page, '/dashboard');
      const jobRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: job.title, exact: true }) });
      await jobRow.getByRole('cell').nth(1).getByText('1', { exact: true }).waitFor();
    });
  });

  it('copies the candidate link, which opens without signing in', async () => {
    let link = '';
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Link Job ${uniqueName('')}`, ...JOB });
      const interview = await createInterviewViaApi(page, job.id, 'Grace Hopper', `${uniqueName('grace')}@example.com`);
      await openJob(page, job);
      const row = interviewRow(page, 'Grace Hopper');
      const copy = row.getByRole('button', { name: 'Copy Link' });
      await copy.click();
      await expectToast(page, 'Link copied', 'Interview link has been copied to clipboard');
      // The button shows a check for a moment.
      expect(await copy.locator('svg.lucide-check').count()).toBe(1);
      link = await page.evaluate(() => navigator.clipboard.readText());
      const escaped = baseUrl().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(link).toMatch(new RegExp(`^${escaped}/interview/${interview.id}\\?token=[^&\\s]+$`));
      expect(link).toBe(interview.candidateLink);
      // Copying is not a click on the row: the row stays unselected.
      expect(await checkedState(rowCheckbox(page, 'Grace Hopper'))).toBe('false');
    });
    await run(async (page) => {
      const response = await page.goto(link);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
    });
  });

  it('toggles a row by clicking it, and select-all selects and clears every row', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Selection Job ${uniqueName('')}`, ...JOB });
      await createInterviewViaApi(page, job.id, 'Ann Ames', `${uniqueName('ann')}@example.com`);
      await createInterviewViaApi(page, job.id, 'Bob Burns', `${uniqueName('bob')}@example.com`);
      await openJob(page, job);
      const ann = rowCheckbox(page, 'Ann Ames');
      const bob = rowCheckbox(page, 'Bob Burns');
      await ann.waitFor();
      const selectedNote = page.getByText(/^\d+ selected$/);

      await interviewRow(page, 'Ann Ames').getByRole('cell').nth(1).click();
      expect(await checkedState(ann)).toBe('true');
      expect(await checkedState(bob)).toBe('false');
      expect(await checkedState(selectAll(page))).toBe('mixed');
      expect(await selectedNote.innerText()).toBe('1 selected');
      await interviewRow(page, 'Ann Ames').getByRole('rowheader').click();
      expect(await checkedState(ann)).toBe('false');
      expect(await selectedNote.count()).toBe(0);

      // Every row selected one by one ticks select-all.
      await interviewRow(page, 'Ann Ames').getByRole('cell').nth(1).click();
      await interviewRow(page, 'Bob Burns').getByRole('cell').nth(1).click();
      expect(await checkedState(selectAll(page))).toBe('true');
      await bob.click();
      expect(await checkedState(bob)).toBe('false');
      expect(await checkedState(selectAll(page))).toBe('mixed');

      await selectAll(page).click();
      expect(await checkedState(ann)).toBe('true');
      expect(await checkedState(bob)).toBe('true');
      expect(await selectedNote.innerText()).toBe('2 selected');
      await selectAll(page).click();
      expect(await checkedState(ann)).toBe('false');
      expect(await checkedState(bob)).toBe('false');
      expect(await checkedState(selectAll(page))).toBe('false');
      expect(await selectedNote.count()).toBe(0);
    });
  });
});

describe('send email', () => {
  it('needs a selection and a subject, then emails the invitation and ticks Email Sent', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Invite Job ${uniqueName('')}`, ...JOB });
      const address = `${uniqueName('cand')}@example.com`;
      const interview = await createInterviewViaApi(page, job.id, 'Carol Chen', address);
      const sends = countRequests(page, 'POST', '/api/send-candidate-emails');
      await openJob(page, job);
      const row = interviewRow(page, 'Carol Chen');
      await row.waitFor();

      await page.getByRole('button', { name: 'Send Email' }).click();
      await expectToast(page, 'No Candidates Selected', 'Please select at least one candidate to send emails.', { destructive: true });
      expect(await page.getByRole('dialog').count()).toBe(0);

      await row.getByRole('cell').nth(1).click();
      expect(await checkedState(rowCheckbox(page, 'Carol Chen'))).toBe('true');
      await page.getByRole('button', { name: 'Send Email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Email' });
      await dialog.waitFor();
      const subject = dialog.getByLabel('Subject');
      expect(await subject.inputValue()).toBe('Interview Invitation for {{jobTitle}} at {{companyName}}');
      expect(await dialog.getByLabel('Body').inputValue()).toContain('{{candidateLink}}');
      const recipients = dialog.getByRole('list', { name: 'Recipients (1)' });
      expect(await recipients.getByRole('listitem').count()).toBe(1);
      expect(await recipients.getByText('Carol Chen', { exact: true }).isVisible()).toBe(true);
      expect(await recipients.getByText(address, { exact: true }).isVisible()).toBe(true);

      await subject.fill('   ');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      const missing = await expectToastOverDialog(page, 'Missing Fields', 'Subject and body are required.', { destructive: true });
      expect(await dialog.isVisible()).toBe(true);
      expect(sends()).toBe(0);
      // At 1280x720 the toast covers the dialog's Send Email button for its 5 s: close it, as a user would.
      await missing.getByRole('button', { name: 'Close', includeHidden: true }).click();
      await missing.waitFor({ state: 'hidden' });

      await subject.fill(DEFAULT_EMAIL_SUBJECT);
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await expectToast(page, 'Emails sent successfully!', 'Emails sent to 1 candidate(s).');
      await dialog.waitFor({ state: 'hidden' });
      expect(sends()).toBe(1);

      const mail = await waitForMail((m) => m.to === address);
      expect(mail.subject).toBe(`Interview Invitation for ${job.title} at ${OPERATOR_COMPANY}`);
      expect(mail.text).toContain(interview.candidateLink);
      expect(mail.text).toContain('Hi Carol Chen,');
      expect((await mailbox()).filter((m) => m.to === address)).toHaveLength(1);

      // The list is reloaded: Email Sent shows a tick, and the selection is cleared.
      await expect.poll(() => emailSentState(row)).toBe('tick');
      expect(await checkedState(rowCheckbox(page, 'Carol Chen'))).toBe('false');
      expect(await page.getByText(/^\d+ selected$/).count()).toBe(0);
    });
  });

  it('refuses to send for an account awaiting approval, and no email goes out', async () => {
    await run(async (page) => {
      await registerViaApi(page, uniqueName('waiting'), 'Waiting Company');
      const job = await createJobViaApi(page, { title: `Pending Job ${uniqueName('')}`, ...JOB });
      const address = `${uniqueName('cand')}@example.com`;
      await createInterviewViaApi(page, job.id, 'Dan Dale', address);
      await openJob(page, job);
      const row = interviewRow(page, 'Dan Dale');
      await row.getByRole('cell').nth(1).click();
      await page.getByRole('button', { name: 'Send Email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send Email' });
      await dialog.waitFor();
      const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/send-candidate-emails');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      expect((await answered).status()).toBe(403);

      await expectToastOverDialog(page, 'Failed to send emails.', /Your account is awaiting approval/, { destructive: true });

      expect((await mailbox()).filter((m) => m.to === address)).toEqual([]);
      expect((await listInterviewsViaApi(page, job.id))[0]?.emailSent).toBe(false);
      // The dialog stays open with the refusal; once closed, the row still has no email sent.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await emailSentState(row)).toBe('cross');
    });
  });
});
