import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectToast, launchBrowser, newPage, operator, registerViaApi, uniqueName, waitForPath } from './browser';

const AWAITING = 'Your account is awaiting approval.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openDashboard(page: Page, companyName: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByText(`Welcome, ${companyName}`).waitFor();
}

const awaitingBanner = (page: Page) => page.getByRole('status').filter({ hasText: AWAITING });

it('the operator approves a pending account, which then loses its banner and gets an email', async () => {
  const userSide = await newPage(browser);
  const operatorSide = await newPage(browser);
  try {
    // A new company account, registered with an email address as its username.
    const username = `${uniqueName('u')}@example.com`;
    const companyName = `Pending Co ${username}`;
    await registerViaApi(userSide.page, username, companyName);
    await openDashboard(userSide.page, companyName);
    await awaitingBanner(userSide.page).waitFor();
    expect(await userSide.page.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    // The operator signs in through the form and opens the admin area from the header.
    const page = operatorSide.page;
    const { username: opName, password: opPassword } = operator();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(opName);
    await page.getByLabel('Password').fill(opPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/dashboard');
    expect(await awaitingBanner(page).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await waitForPath(page, '/admin');
    await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();

    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: companyName, exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('pending', { exact: true }).isVisible()).toBe(true);

    await row.getByRole('button', { name: `Approve ${username}` }).click();
    await row.getByText('approved', { exact: true }).waitFor();
    expect(await row.getByText('pending', { exact: true }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Approve ${username}` }).count()).toBe(0);
    await expectToast(page, 'Account approved', `${username} (${companyName})`);

    // The outbox holds the approval email, addressed to the username.
    const email = page.locator('summary').filter({ hasText: 'Your Hireloop account has been approved' }).filter({ hasText: username });
    await email.waitFor();

    // The user's own dashboard, reloaded, no longer shows the awaiting-approval banner.
    await userSide.page.reload();
    await userSide.page.getByText(`Welcome, ${companyName}`).waitFor();
    expect(await awaitingBanner(userSide.page).count()).toBe(0);
  } finally {
    await userSide.context.close();
    await operatorSide.context.close();
  }
});

it('sends a company user who is not an admin from /admin to /dashboard', async () => {
  const { context, page } = await newPage(browser);
  try {
    const companyName = 'Curious Co';
    await registerViaApi(page, uniqueName('curious'), companyName);
    await page.goto('/admin');
    await waitForPath(page, '/dashboard');
    await page.getByText(`Welcome, ${companyName}`).waitFor();
    expect(await page.getByRole('heading', { name: 'Administration' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    // The API hides the admin area from them too.
    expect((await page.request.get('/api/admin/accounts')).status()).toBe(404);
  } finally {
    await context.close();
  }
});
