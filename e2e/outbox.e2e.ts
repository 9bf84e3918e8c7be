import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedInterview } from '../src/contracts/interviews';
import { MAIL_SERVER_HINT } from '../src/contracts/outbox';
import { startAppServer, type AppServer } from './app-server';
import { expectToast, launchBrowser, loginViaApi, uniqueName } from './browser';
import { RecruiterApi } from './candidate-room-kit';

// Issue 29, item 1: on an install without a mail server, a company that is not the operator's sends
// invitations and is not stuck. The send dialog and Settings say how to connect a mail server, the
// interview list says Queued (not Not sent), and the company's own outbox holds each candidate's
// link to copy. A server of this file's own: the shared one has a mail server.

const PASSWORD = 'correct horse battery';
let browser: Browser;
let server: AppServer;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function onServer(run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });
  context.setDefaultTimeout(10_000);
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

it("a second company's recruiter without a mail server sends an invitation, sees it Queued, and copies the link from the company's outbox", async () => {
  const operator = await RecruiterApi.register(server.baseUrl, `${uniqueName('operator')}@example.com`, 'Install Operator');
  const username = `${uniqueName('outbox')}@example.com`;
  await RecruiterApi.register(server.baseUrl, username, 'Corner Grocery');
  const accounts = await operator.request<{ id: number; username: string }[]>('GET', '/api/admin/accounts');
  await operator.request('POST', `/api/admin/accounts/${accounts.find((a) => a.username === username)!.id}/approve`);

  await onServer(async (page) => {
    await loginViaApi(page, username, PASSWORD);
    const job = (await (await page.request.post('/api/job', { data: { title: 'Shelf Stocker', description: 'Stocks the shelves before opening.' } })).json()) as { id: number };
    const interview = (await (await page.request.post(`/api/job/${job.id}/interview`, { data: { candidateName: 'Rosa Delgado', email: 'rosa@example.com' } })).json()) as CreatedInterview;

    await page.goto(`/job/${job.id}`);
    await page.getByRole('heading', { name: 'Shelf Stocker', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Rosa Delgado' }) });
    await row.getByText('Not sent', { exact: true }).waitFor();
    await row.getByRole('cell').nth(1).click();
    await page.getByRole('button', { name: 'Send Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Email' });
    await dialog.getByText(MAIL_SERVER_HINT, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expectToast(page, 'Emails queued', "No mail server is configured: 1 message(s) are waiting in the outbox (Settings → Outbox), where you can copy each candidate's link.");

    // The list says Queued, and leads to the outbox.
    const queued = row.getByRole('link', { name: 'Queued' });
    await queued.waitFor();
    expect(await row.getByText('Not sent', { exact: true }).count()).toBe(0);

    await page.goto('/settings');
    const mail = page.getByRole('heading', { name: 'Email', level: 2 });
    await mail.waitFor();
    await page.getByText(MAIL_SERVER_HINT, { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Open the outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Waiting emails (1)' }).waitFor();
    const link = page.getByRole('textbox', { name: 'Interview link for Rosa Delgado' });
    expect(await link.inputValue()).toBe(interview.candidateLink);
    await page.getByRole('button', { name: 'Copy the link for Rosa Delgado' }).click();
    await expectToast(page, 'Link copied', "Rosa Delgado's interview link has been copied to the clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(interview.candidateLink);

    // Another company's outbox is its own: the operator's company has nothing waiting.
    const theirs = await operator.request<{ messages: unknown[] }>('GET', '/api/outbox');
    expect(theirs.messages).toEqual([]);
  });
});
