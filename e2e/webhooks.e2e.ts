import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../src/server/modules/webhooks/receiver-test-kit';
import { startAppServer, type AppServer } from './app-server';
import { expectToast, launchBrowser, registerViaApi, uniqueName, waitForPath } from './browser';

// Webhooks in the browser (issue 17.3, docs/decisions/034-webhooks.md): an owner adds an endpoint
// pointing at a receiver on loopback started here, sees and copies its signing secret, sends a test
// event, sees it succeed in the delivery log, and redelivers it (the receiver gets the same
// webhook-id twice, each signature verified with the Standard Webhooks library), edits, disables
// and deletes it. The app runs on a
// server of its own, started with loopback allowed (WEBHOOK_ALLOWED_NETWORKS): the shared server
// refuses such addresses, as production does.

let browser: Browser;
let server: AppServer;
let receiver: WebhookReceiver;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // startAppServer passes this process's environment on to the server.
  process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.0/8,::1/128';
  process.env.WEBHOOK_ALLOW_HTTP = 'true';
  process.env.WEBHOOK_POLL_SECONDS = '0.5';
  server = await startAppServer();
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.baseUrl, permissions: ['clipboard-read', 'clipboard-write'] });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  // The first account of this server: its operator, approved, the owner of its company.
  await registerViaApi(page, uniqueName('hooks'), 'Harbour Freight');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
});

async function expectNoSeriousViolations(p: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page: p }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

function verify(secret: string, request: ReceivedRequest): { id: string; type: string; test?: boolean } {
  const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(request.headers[h])]));
  return new Webhook(secret).verify(request.body, headers) as { id: string; type: string; test?: boolean };
}

async function waitForRequests(count: number): Promise<ReceivedRequest[]> {
  await expect.poll(() => receiver.requests.length, { timeout: 10_000 }).toBe(count);
  return receiver.requests;
}

it('adds an endpoint, shows its secret, delivers a signed test event, logs it and redelivers it', async () => {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage webhooks' }).click();
  await waitForPath(page, '/settings/webhooks');
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await page.getByText('No endpoints yet: add one above.').waitFor();

  // An address inside a private network is refused where it was typed, with the reason.
  await page.getByLabel('Endpoint URL').fill('http://10.0.0.1/hooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByText('10.0.0.1 is a private address: webhooks are not sent into private networks (an operator may allow a network with WEBHOOK_ALLOWED_NETWORKS)').waitFor();

  await page.getByLabel('Endpoint URL').fill(receiver.url);
  await page.getByLabel('Description (optional)').fill('Our ATS');
  await page.getByLabel(/^Candidate deleted/).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expectToast(page, 'Endpoint added', `Events will be sent to ${receiver.url}. Copy its signing secret into the receiving system.`);

  const card = page.getByRole('region', { name: receiver.url });
  await card.getByRole('list', { name: 'Events' }).getByText('Interview completed').waitFor();
  await card.getByRole('list', { name: 'Events' }).getByText('Candidate deleted').waitFor();
  const secret = (await card.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await card.getByRole('button', { name: 'Copy secret' }).click();
  await card.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoSeriousViolations(page);

  // Hidden, then shown again from the server.
  await card.getByRole('button', { name: 'Hide secret' }).click();
  await expect.poll(() => card.getByTestId('webhook-secret').count()).toBe(0);
  await card.getByRole('button', { name: 'Show secret' }).click();
  expect(await card.getByTestId('webhook-secret').textContent()).toBe(secret);

  await card.getByRole('button', { name: 'Send test event' }).click();
  await expectToast(page, 'Test event queued', 'An interview.completed event with made-up data and "test": true is on its way.');
  const log = card.getByRole('table', { name: `Deliveries to ${receiver.url}` });
  const rows = log.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await rows.first().getByText('Succeeded').waitFor();
  await rows.first().getByText('Answered 200').waitFor();
  const [first] = await waitForRequests(1);
  const payload = verify(secret, first!);
  expect(payload).toMatchObject({ type: 'interview.completed', test: true });
  await rows.first().getByText(payload.id, { exact: true }).waitFor();
  await expectNoSeriousViolations(page);

  await rows.first().getByRole('button', { name: /^Redeliver/ }).click();
  await expectToast(page, 'Redelivery queued', 'The interview.completed event is sent again with the same webhook-id.');
  await expect.poll(() => rows.count()).toBe(2);
  await rows.nth(0).getByText('Succeeded').waitFor();
  const [, second] = await waitForRequests(2);
  expect(second!.headers['webhook-id']).toBe(payload.id);
  expect(verify(secret, second!)).toMatchObject({ id: payload.id });
  expect(await rows.nth(1).getByText(payload.id, { exact: true }).count()).toBe(1);

  // Edited: one event fewer.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit endpoint' });
  expect(await editor.getByLabel('Endpoint URL').inputValue()).toBe(receiver.url);
  await editor.getByLabel(/^Candidate deleted/).uncheck();
  await expectNoSeriousViolations(page);
  await editor.getByRole('button', { name: 'Save endpoint' }).click();
  await expectToast(page, 'Endpoint saved', 'Events from now on follow the new settings.');
  await expect.poll(() => card.getByRole('list', { name: 'Events' }).getByRole('listitem').allTextContents()).toEqual(['Interview completed']);

  // Disabled, the endpoint is marked so and test events wait; then it is deleted after a confirmation.
  await card.getByRole('button', { name: 'Disable' }).click();
  await expectToast(page, 'Endpoint disabled', 'Events wait until it is enabled again.');
  await card.getByText('Disabled', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await dialog.getByRole('button', { name: 'Delete endpoint' }).click();
  await expectToast(page, 'Endpoint deleted', `No more events go to ${receiver.url}.`);
  await page.getByText('No endpoints yet: add one above.').waitFor();
});
