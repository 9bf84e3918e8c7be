import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MailboxMessage } from './global-setup';

export type { MailboxMessage };

export const baseUrl = () => inject('baseUrl');

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback).
 * `fakeAudio`: a WAV the fake microphone plays once, from when it is first opened (instead of a beep).
 */
export async function launchBrowser(opts: { fakeAudio?: string } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(opts.fakeAudio ? [`--use-file-for-fake-audio-capture=${opts.fakeAudio}%noloop`] : []),
    ],
  });
}

/** A fresh browser context (own cookies) with a page on the app. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), permissions: ['clipboard-read', 'clipboard-write'] });
  // Fail a wait with the locator's name well inside the test's own time limit.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page };
}

let userCounter = 0;
/** A unique username for this run. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${userCounter++}`;

/**
 * Registers a company account through the API (the browser context keeps the session cookie).
 * The server allows 10 registrations an hour per address and the whole run shares one server
 * (global-setup uses one for the operator): register only where a test needs a fresh account.
 */
export async function registerViaApi(page: Page, username: string, companyName = 'Test Company', password = 'correct horse battery'): Promise<void> {
  const res = await page.request.post('/api/register', { data: { username, password, companyName } });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}

/** The operator account global-setup registered first: the install's approved admin. */
export const operator = () => inject('operator');

/** Signs in through the API (the browser context keeps the session cookie). */
export async function loginViaApi(page: Page, username: string, password: string): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username, password } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/** The app's toast (Radix, in the "Notifications" region) whose title is exactly `title`. */
export function toastWithTitle(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/** Waits for the toast titled `title`, and checks its description and whether it is the destructive kind. */
export async function expectToast(page: Page, title: string, description: string, opts: { destructive?: boolean } = {}): Promise<void> {
  const toast = toastWithTitle(page, title);
  await toast.waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
  const className = (await toast.getAttribute('class')) ?? '';
  if (className.split(/\s+/).includes('destructive') !== Boolean(opts.destructive)) {
    throw new Error(`toast '${title}' should ${opts.destructive ? '' : 'not '}be destructive; class="${className}"`);
  }
}

/** The path (plus query) of the page's current URL. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Waits until the page is at exactly this path (and query, when given). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => (path.includes('?') ? url.pathname + url.search : url.pathname) === path);
}

/** Every email the app has handed to the test SMTP server so far (the whole run's, oldest first). */
export async function mailbox(): Promise<MailboxMessage[]> {
  const res = await fetch(`${inject('mailboxUrl')}/messages`);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as MailboxMessage[];
}

/** Waits (polling the mailbox) until an email matching `match` has arrived, and returns it. */
export async function waitForMail(match: (message: MailboxMessage) => boolean, timeoutMs = 5_000): Promise<MailboxMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox()).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no matching email arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Chooses an option of a select (Radix) the way a keyboard user does: open it from its trigger,
 * move focus to the option, press Enter; then waits until the list has closed with the choice shown.
 * Not with the pointer: a long list scrolls by itself while the pointer rests on its scroll
 * buttons, so a click aimed at an option can land on the button instead and choose nothing.
 */
export async function chooseOption(page: Page, trigger: Locator, option: string): Promise<void> {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('option', { name: option, exact: true });
  await item.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await trigger.filter({ hasText: option }).waitFor();
}
