import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NotificationSettingsView } from '../src/contracts/notifications';
import { expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForMail, waitForPath } from './browser';
import { createInterviewViaApi, createJobViaApi } from './hiring';

// Each member's choice of emails (docs/decisions/031-notifications.md): the settings page saves and
// keeps the choices; the link in an email opens a page that unsubscribes on a click, and a link that
// is not valid says so. On the shared server, with an account of this file's own whose username is
// an email address (so the emails reach the run's SMTP server).

let browser: Browser;
let page: Page;
let username: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  username = `${uniqueName('notify')}@example.com`;
  await registerViaApi(page, username, 'Notified Co');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function expectNoSeriousViolations(target: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page: target }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const checkbox = (label: string) => page.getByRole('checkbox', { name: label, exact: true });
const checkedStates = async () =>
  Promise.all(['Interview completed', 'Screening completed', 'Candidate requests', 'Daily digest'].map(async (l) => (await checkbox(l).getAttribute('aria-checked')) === 'true'));

it('saves the choice of emails, which stays after a reload', async () => {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Choose your emails' }).click();
  await waitForPath(page, '/settings/notifications');
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  await page.getByText(`Emails go to ${username}.`).waitFor();
  expect(await checkedStates()).toEqual([true, true, true, false]);
  await expectNoSeriousViolations(page);

  const save = page.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await checkbox('Interview completed').click();
  await checkbox('Daily digest').click();
  await save.click();
  await expectToast(page, 'Notification settings saved', 'Your choice of emails applies from now on.');

  await page.reload();
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  await checkbox('Daily digest').waitFor();
  expect(await checkedStates()).toEqual([false, true, true, true]);
  const stored = (await (await page.request.get('/api/notifications/settings')).json()) as NotificationSettingsView;
  expect(stored.choices).toEqual({ interview_completed: false, screening_completed: true, candidate_request: true, daily_digest: true });
});

it('unsubscribes from one kind of email with a click on the page the email links to', async () => {
  const job = await createJobViaApi(page, { title: 'Night Porter', description: 'Looks after the hotel at night.', questions: ['Why nights?'] });
  const interview = await createInterviewViaApi(page, job.id, 'Rosalind Franklin', 'rosalind@example.com');
  const token = new URL(interview.candidateLink).searchParams.get('token')!;
  const asked = await page.request.post(`/api/interview/${interview.id}/alternative-requests`, {
    headers: { 'x-candidate-token': token },
    data: { kind: 'human_interview', message: 'I would rather talk to a person.' },
  });
  expect(asked.status()).toBe(201);
  const mail = await waitForMail((m) => m.to === username && m.subject === 'Rosalind Franklin asked for an alternative to the AI interview');
  const link = /Stop these emails: (\S+)/.exec(mail.text)?.[1];
  expect(link).toMatch(/\/unsubscribe\?token=/);

  // Opened signed out, as from a mail program: it only asks.
  const visitor = await newPage(browser);
  try {
    await visitor.page.goto(link!);
    await visitor.page.getByRole('heading', { name: 'Unsubscribe from these emails?', level: 1 }).waitFor();
    await visitor.page.getByText('You will no longer get “Candidate requests” emails. Your other notification emails stay as they are.').waitFor();
    await expectNoSeriousViolations(visitor.page);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
    await visitor.page.getByText('You will no longer get “Candidate requests” emails.', { exact: true }).waitFor();
    expect(await visitor.page.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href')).toBe('/settings/notifications');
    // Opened again later, it says so.
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
  } finally {
    await visitor.context.close();
  }

  await page.goto('/settings/notifications');
  await checkbox('Candidate requests').waitFor();
  expect(await checkedStates()).toEqual([false, true, false, true]);
});

it('says when an unsubscribe link is not valid', async () => {
  const visitor = await newPage(browser);
  try {
    await visitor.page.goto('/unsubscribe?token=1.daily_digest.not-a-real-signature-of-anything');
    await visitor.page.getByRole('heading', { name: 'This link is not valid', level: 1 }).waitFor();
    await visitor.page
      .getByText('This unsubscribe link is not valid. Check that you opened the whole link from the email, or choose your emails in your notification settings.')
      .waitFor();
    await visitor.page.goto('/unsubscribe');
    await visitor.page.getByRole('heading', { name: 'This link is not valid', level: 1 }).waitFor();
  } finally {
    await visitor.context.close();
  }
});
