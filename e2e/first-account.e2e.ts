import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { expectToast, launchBrowser, toastWithTitle, uniqueName, waitForPath } from './browser';

// The first registration on a new install makes the operator (decision 002); the shared server's
// first account is global-setup's, so this file registers on a server of its own.
const OPERATOR_TITLE = "You are this install's operator";
const OPERATOR_DESCRIPTION = 'As its first account you are approved and its admin. Later accounts wait for your approval at /admin.';
// The spec's toast for every later registration, word for word.
const REGISTERED_TITLE = 'Registration successful';
const REGISTERED_DESCRIPTION = 'We will review your account and get back to you soon. You will be notified once your account is approved.';

let server: AppServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.dispose();
});

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  return context.newPage();
}

async function registerThroughForm(page: Page, username: string, companyName: string): Promise<void> {
  await page.goto('/auth?tab=register');
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('a good long password');
  await page.getByLabel('Company Name').fill(companyName);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** The account's row on /admin, and the words after its status badge ("approved", then how and when). */
async function reviewOf(page: Page, username: string): Promise<string> {
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
  await row.waitFor();
  // The badge and the words beside it, one space between (the page sets them apart with a margin).
  return row
    .getByRole('cell')
    .nth(2)
    .evaluate((cell) => Array.from(cell.children, (child) => child.textContent?.trim()).join(' '));
}

it('tells the first account it is the operator and where the review page is; later accounts get the spec toast; /admin says how each was approved', async () => {
  const operatorPage = await openPage();
  const operator = uniqueName('first');
  await registerThroughForm(operatorPage, operator, 'First Company');
  await expectToast(operatorPage, OPERATOR_TITLE, OPERATOR_DESCRIPTION);
  expect(await toastWithTitle(operatorPage, REGISTERED_TITLE).count()).toBe(0);
  expect(await operatorPage.getByText('We will review your account', { exact: false }).count()).toBe(0);
  await waitForPath(operatorPage, '/dashboard');
  expect(await operatorPage.getByRole('status').filter({ hasText: 'Your account is awaiting approval.' }).count()).toBe(0);

  // Every later registration is told it will be reviewed, exactly as the spec words it.
  const laterPage = await openPage();
  const later = uniqueName('later');
  await registerThroughForm(laterPage, later, 'Later Company');
  await expectToast(laterPage, REGISTERED_TITLE, REGISTERED_DESCRIPTION);
  expect(await toastWithTitle(laterPage, OPERATOR_TITLE).count()).toBe(0);

  // The review page the toast named lists the operator as approved as the first account.
  await operatorPage.goto('/admin');
  await operatorPage.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
  expect(await reviewOf(operatorPage, operator)).toMatch(/^approved as the first account .+ ago$/);
  expect(await reviewOf(operatorPage, later)).toBe('pending');

  // An account approved with `npm run admin -- approve` (the embedded database: server stopped) says so.
  await server.stop();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'approve', later], { env, encoding: 'utf8', timeout: 60_000 });
  expect(cli.stderr).toBe('');
  expect(cli.status).toBe(0);
  await server.restart();
  await operatorPage.reload();
  expect(await reviewOf(operatorPage, later)).toMatch(/^approved by command line .+ ago$/);
  expect(await reviewOf(operatorPage, operator)).toMatch(/^approved as the first account .+ ago$/);
}, 120_000);
