import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, expectToast, launchBrowser, loginViaApi, newPage, registerViaApi, uniqueName, waitForMail, waitForPath } from './browser';

// Passwords and sessions in the browser (decision 028): a reset by the emailed link, the password
// change on the account page, and the sessions list with "Sign out everywhere else". On the shared
// server, with one account of this file's own (the tests run in order and share it).

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const username = uniqueName('account');
const email = `${username}@example.test`;
let password = 'first password 1';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await registerViaApi(page, username, 'Account Pages Co', password);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Another browser signed in to the same account (its own cookies, and the user agent given). */
async function anotherBrowser(userAgent?: string): Promise<BrowserContext> {
  const other = await browser.newContext({ baseURL: baseUrl(), ...(userAgent ? { userAgent } : {}) });
  await loginViaApi(await other.newPage(), username, password);
  return other;
}
const isSignedIn = async (other: BrowserContext) => (await other.request.get('/api/user')).status() === 200;
/** No critical or serious axe violation on the page as it is (as e2e/a11y.e2e.ts checks the other pages). */
async function expectAccessible(on: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page: on }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${new URL(on.url()).pathname}`).toEqual([]);
}
const sessionRows = () => page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');

it('resets a forgotten password from the emailed link and signs in', async () => {
  // The account's email is set on the account page; the link goes there.
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Your account' }).getByText('Account Pages Co', { exact: true }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Save email' }).click();
  await expectToast(page, 'Email saved', `Password reset links now go to ${email}.`);
  const elsewhere = await anotherBrowser();

  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, '/');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await waitForPath(page, '/forgot-password');
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Enter your username or email address', { exact: true }).waitFor();
  await expectAccessible(page);
  await page.getByLabel('Username or email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').getByText("If an account matches, we've sent a link to its email address").waitFor();

  const mail = await waitForMail((m) => m.to === email && m.subject === 'Reset your Hireloop password');
  const link = /(http\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(link.startsWith(`${baseUrl()}/reset-password/`)).toBe(true);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await page.getByText(username, { exact: true }).waitFor();
  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Password must be at least 8 characters').waitFor();
  await expectAccessible(page);
  password = 'second password 2';
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await waitForPath(page, '/dashboard');
  await expectToast(page, 'Password reset', 'Your new password is set, and you are signed in.');
  // The browser that was signed in with the old password is out.
  expect(await isSignedIn(elsewhere)).toBe(false);

  // The link is used up: a clear page with the way to a new one (in a signed-out browser).
  const { page: later } = await newPage(browser);
  await later.goto(link);
  await later.getByRole('heading', { name: 'This link no longer works' }).waitFor();
  await later.getByText('This password reset link has already been used.', { exact: false }).waitFor();
  await later.getByRole('link', { name: 'Ask for a new link' }).click();
  await waitForPath(later, '/forgot-password');
  await later.goto('/reset-password/not-a-link-we-sent');
  await later.getByRole('heading', { name: 'This link is not valid' }).waitFor();
  await expectAccessible(later);
});

it('changes the password on the account page, signing out every other browser', async () => {
  const elsewhere = await anotherBrowser(SAFARI);
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('third password 3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Current password is incorrect').waitFor();
  expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
  await page.getByRole('list', { name: 'Sessions' }).waitFor();
  await expectAccessible(page);

  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed', '1 other session signed out.');
  password = 'third password 3';
  expect(await page.getByLabel('Current password').inputValue()).toBe('');
  expect(await isSignedIn(elsewhere)).toBe(false);
  await page.reload();
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
});

it('lists the sessions, signs one out, then signs out everywhere else', async () => {
  const laptop = await anotherBrowser(FIREFOX);
  const phone = await anotherBrowser(SAFARI);
  await page.goto('/account');
  await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
  await expect.poll(() => sessionRows().count()).toBe(3);
  const current = sessionRows().filter({ hasText: 'This browser' });
  expect(await current.count()).toBe(1);
  expect(await current.getByRole('button').count()).toBe(0);

  await sessionRows().filter({ hasText: 'Safari on iOS' }).getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expectToast(page, 'Session signed out', 'That browser will have to sign in again.');
  await expect.poll(() => sessionRows().count()).toBe(2);
  expect(await isSignedIn(phone)).toBe(false);
  expect(await isSignedIn(laptop)).toBe(true);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(page, 'Signed out everywhere else', '1 other session signed out.');
  await expect.poll(() => sessionRows().count()).toBe(1);
  await page.getByText('You are signed in only here.').waitFor();
  expect(await page.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);
  expect(await isSignedIn(laptop)).toBe(false);
  expect(await isSignedIn(context)).toBe(true);
});

it('says what could not be loaded and why, and Try again loads it once the server answers', async () => {
  // The server is away for the account's details only: the card says so, the rest of the page works.
  const unavailable = { error: 'The database is unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' };
  await page.route('**/api/account', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(unavailable) }) : route.fallback(),
  );
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Your account' });
  await card.getByText(`Your account could not be loaded. ${unavailable.error}`, { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
  await page.unroute('**/api/account');
  await card.getByRole('button', { name: 'Try again' }).click();
  await card.getByText('Account Pages Co', { exact: true }).waitFor();
  expect(await card.getByRole('button', { name: 'Try again' }).count()).toBe(0);
});
