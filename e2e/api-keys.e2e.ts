import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicUser } from '../src/contracts/auth';
import { baseUrl, expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForMail, waitForPath } from './browser';
import { signInAsOperator, withPage } from './hiring';

// Company API keys in the browser (issue 17.2, docs/decisions/033-api-keys-and-openapi.md): an
// owner creates a key at Settings → API keys, copies it from the page, and another system (this
// test, with fetch) uses it; a read key may not create a job, a write key may; revoked in the
// browser, the key is refused at once. A viewer sees no controls. /api/docs renders the reference.

const COMPANY = 'Harbor Freight Lines';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A request as another system makes it: Node's fetch, the key in the header, no cookie. */
function callWithKey(key: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** Creates a key on the page and returns it as the copy button put it on the clipboard. */
async function createKey(page: Page, name: string, scope: 'Read' | 'Read and write'): Promise<string> {
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('Scope').selectOption({ label: scope });
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('region', { name: `Your new key: ${name}` });
  await shown.waitFor();
  await shown.getByText('it will not be shown again', { exact: false }).waitFor();
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await shown.getByRole('button', { name: 'Copied', exact: true }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^hl_live_[A-Za-z0-9_-]{43}$/);
  expect(await shown.getByLabel('API key').inputValue()).toBe(copied);
  return copied;
}

const keyRow = (page: Page, name: string) => page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

it('creates keys that another system uses with their scope, and revokes one, which then gets 401', async () => {
  await withPage(browser, async (page) => {
    await registerViaApi(page, uniqueName('keyowner'), COMPANY);
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Manage API keys' }).click();
    await waitForPath(page, '/settings/api-keys');
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByText('No API keys yet.').waitFor();

    const readKey = await createKey(page, 'Careers site (read)', 'Read');
    await keyRow(page, 'Careers site (read)').getByText(`${readKey.slice(0, 12)}…`).waitFor();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'I have copied the key' }).click();
    await page.getByRole('region', { name: /^Your new key/ }).waitFor({ state: 'detached' });
    // Gone from the page for good: the list keeps only its first characters.
    expect(await page.content()).not.toContain(readKey);
    await page.reload();
    await keyRow(page, 'Careers site (read)').waitFor();
    expect(await page.content()).not.toContain(readKey);

    const list = await callWithKey(readKey, 'GET', '/api/job');
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    const refused = await callWithKey(readKey, 'POST', '/api/job', { title: 'Dock Supervisor', description: 'Runs the loading docks at night.' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This API key can only read: this endpoint needs a key with the write scope', code: 'FORBIDDEN' });

    const writeKey = await createKey(page, 'ATS sync', 'Read and write');
    const created = await callWithKey(writeKey, 'POST', '/api/job', { title: 'Dock Supervisor', description: 'Runs the loading docks at night.' });
    expect(created.status).toBe(201);
    const titles = ((await (await callWithKey(readKey, 'GET', '/api/job')).json()) as { title: string }[]).map((j) => j.title);
    expect(titles).toEqual(['Dock Supervisor']);
    // The key's use shows in the list (the page reads it afresh when opened).
    await page.reload();
    expect(await keyRow(page, 'Careers site (read)').getByText('Never').count()).toBe(0);

    await keyRow(page, 'Careers site (read)').getByRole('button', { name: 'Revoke Careers site (read)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke Careers site (read)?' });
    await dialog.getByText('Every request made with this key is refused from now on.', { exact: false }).waitFor();
    // The first try meets a server that is away: the failure toast says why, and the dialog stays open.
    const unavailable = { error: 'The database is unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' };
    await page.route('**/api/api-keys/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(unavailable) }) : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    // While the modal dialog is open the rest of the page is outside the accessibility tree, so the toast is found by its text here.
    await page.getByText(unavailable.error, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectToast(page, 'Key not revoked', unavailable.error, { destructive: true });
    expect(await keyRow(page, 'Careers site (read)').getByText('Revoked').count()).toBe(0);
    await page.unroute('**/api/api-keys/*');
    await keyRow(page, 'Careers site (read)').getByRole('button', { name: 'Revoke Careers site (read)' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'Key revoked', 'Careers site (read) no longer works.');
    await keyRow(page, 'Careers site (read)').getByText('Revoked').waitFor();

    const revoked = await callWithKey(readKey, 'GET', '/api/job');
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: 'The API key is invalid or has been revoked', code: 'UNAUTHENTICATED' });
    expect((await callWithKey(writeKey, 'GET', '/api/job')).status).toBe(200);
  });
});

it('shows a viewer who may manage keys, and no controls', async () => {
  await withPage(browser, async (page) => {
    await registerViaApi(page, uniqueName('keyowner'), COMPANY);
    // Invitations need an approved company.
    const me = (await (await page.request.get('/api/user')).json()) as PublicUser;
    await withPage(browser, async (operatorPage) => {
      await signInAsOperator(operatorPage);
      expect((await operatorPage.request.post(`/api/admin/accounts/${me.id}/approve`)).status()).toBe(200);
    });
    const email = `viewer.${uniqueName('k')}@example.com`;
    expect((await page.request.post('/api/members/invitations', { data: { email, companyRole: 'viewer' } })).status()).toBe(201);
    const token = /\/join\/(\S+)/.exec((await waitForMail((m) => m.to === email)).text)![1]!;

    const viewer = await newPage(browser);
    try {
      const joined = await viewer.page.request.post(`/api/invitations/${token}/accept`, { data: { username: uniqueName('viewer'), password: 'three quiet lanterns' } });
      expect(joined.status()).toBe(201);
      await viewer.page.goto('/settings');
      await viewer.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
      expect(await viewer.page.getByRole('link', { name: 'Manage API keys' }).count()).toBe(0);
      await viewer.page.goto('/settings/api-keys');
      await viewer.page.getByText('Only an owner of the company can create and revoke API keys.').waitFor();
      expect(await viewer.page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
      expect(await viewer.page.getByRole('table', { name: 'API keys' }).count()).toBe(0);
      await expectNoSeriousViolations(viewer.page);
    } finally {
      await viewer.context.close();
    }
  });
});

it('renders the API reference at /api/docs from this server, with no Content-Security-Policy error', async () => {
  await withPage(browser, async (page) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(baseUrl()) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Hireloop API/ }).first().waitFor();
    await page.getByText('List the jobs of the company').first().waitFor();
    await page.getByText('curl -H "Authorization: Bearer hl_live_', { exact: false }).first().waitFor();
    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
  });
});
