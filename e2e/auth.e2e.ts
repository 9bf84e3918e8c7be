import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, loginViaApi, newPage, pathOf, registerViaApi, uniqueName, waitForPath } from './browser';

const REGISTERED_DESCRIPTION = 'We will review your account and get back to you soon. You will be notified once your account is approved.';

let browser: Browser;
/** One pending account the tests below sign in with (registrations are rate limited, so it is shared). */
const member = { username: uniqueName('member'), password: 'member password 1', companyName: 'Member Company' };

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser);
  await registerViaApi(page, member.username, member.companyName, member.password);
  await context.close();
});
afterAll(() => browser.close());

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

async function openRegisterTab(page: Page): Promise<void> {
  await page.goto('/auth?tab=register');
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  // ?tab=register opens the Register tab first.
  expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('false');
}

/** Records every client-side navigation (pushState and replaceState) of the page from now on. */
async function recordHistory(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as { __paths: string[] };
    record.__paths = [];
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record.__paths.push(`${method} ${location.pathname}`);
      };
    }
  });
}

const historyPaths = (page: Page) => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('registration', () => {
  it('registers through the form, lands on the dashboard awaiting approval, and logs out', async () => {
    await withPage(async (page) => {
      const username = uniqueName('reg');
      const companyName = `Acme ${username}`;
      await recordHistory(page);
      await openRegisterTab(page);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('a good long password');
      await page.getByLabel('Company Name').fill(companyName);

      // Hold the request until the pending state has been seen, then let it through.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/register', async (route) => {
        await released;
        await route.continue();
      });
      const before = (await historyPaths(page)).length;
      await page.getByRole('button', { name: 'Create Account' }).click();
      const pending = page.getByRole('button', { name: 'Creating account...' });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      release();

      await expectToast(page, 'Registration successful', REGISTERED_DESCRIPTION);
      await waitForPath(page, '/dashboard');
      // Registration navigates to /, which sends a signed-in user on to /dashboard.
      const moves = (await historyPaths(page)).slice(before);
      expect(moves[0]).toBe('pushState /');
      // The redirect replaces the history entry, so Back does not bounce off '/' again.
      expect(moves.slice(1).length).toBeGreaterThan(0);
      expect(moves.slice(1).every((move) => move === 'replaceState /dashboard')).toBe(true);

      await page.getByText(`Welcome, ${companyName}`).waitFor();
      const banner = page.getByRole('status').filter({ hasText: 'Your account is awaiting approval.' });
      await banner.waitFor();
      expect(await banner.getByText('Your account is awaiting approval.', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Video Interviews' }).isVisible()).toBe(true);
      expect(await page.getByRole('tab', { name: 'Phone Screenings' }).isVisible()).toBe(true);

      await page.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'What if you could interview every applicant?' }).waitFor();

      await page.goto('/dashboard');
      await waitForPath(page, '/auth');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    });
  });

  it('refuses a username that is taken', async () => {
    await withPage(async (page) => {
      await openRegisterTab(page);
      await page.getByLabel('Username').fill(member.username);
      await page.getByLabel('Password').fill('another long password');
      await page.getByLabel('Company Name').fill('Copycat Inc');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, 'Registration failed', 'Username already exists', { destructive: true });
      expect(pathOf(page)).toBe('/auth?tab=register');
      expect(await page.getByLabel('Username').inputValue()).toBe(member.username);
    });
  });

  it('refuses a commonly used password and keeps what was typed', async () => {
    await withPage(async (page) => {
      await openRegisterTab(page);
      const username = uniqueName('common');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill('password123');
      await page.getByLabel('Company Name').fill('Common Password Inc');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(
        page,
        'Registration failed',
        'This password is one of the most commonly used passwords and is easy to guess. Choose another: a few unrelated words make a strong one.',
        { destructive: true },
      );
      expect(pathOf(page)).toBe('/auth?tab=register');
      expect(await page.getByLabel('Username').inputValue()).toBe(username);
      expect(await page.getByLabel('Company Name').inputValue()).toBe('Common Password Inc');
    });
  });

  it('validates the empty register form in the browser without calling the server', async () => {
    await withPage(async (page) => {
      const calls: string[] = [];
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/register') calls.push(request.url());
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await openRegisterTab(page);
      // The page paints without the forms' checks (zod, decision 050); a form checked at once waits for them.
      expect(scripts.filter((s) => s.includes('auth-resolvers'))).toEqual([]);
      await page.getByRole('button', { name: 'Create Account' }).click();

      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await page.getByText('Company name is required').waitFor();
      expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Company Name').getAttribute('aria-describedby')).toContain('register-company-error');
      expect(calls).toEqual([]);
      expect(scripts.filter((s) => s.includes('auth-resolvers'))).toHaveLength(1);
      expect(pathOf(page)).toBe('/auth?tab=register');
    });
  });
});

describe('login', () => {
  it('signs in through the Login tab and lands on the dashboard', async () => {
    await withPage(async (page) => {
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
      await fillLogin(page, member.username, member.password);
      await waitForPath(page, '/dashboard');
      await page.getByText(`Welcome, ${member.companyName}`).waitFor();
    });
  });

  it('shows a destructive toast for a wrong password and stays on /auth', async () => {
    await withPage(async (page) => {
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      await fillLogin(page, member.username, 'not the password');
      await expectToast(page, 'Login failed', 'Invalid username or password', { destructive: true });
      expect(pathOf(page)).toBe('/auth');
    });
  });
});

describe('route guards', () => {
  it('sends a signed-in user from / and /auth to /dashboard', async () => {
    await withPage(async (page) => {
      await loginViaApi(page, member.username, member.password);
      for (const path of ['/', '/auth', '/auth?tab=register']) {
        await page.goto(path);
        await waitForPath(page, '/dashboard');
        await page.getByText(`Welcome, ${member.companyName}`).waitFor();
      }
    });
  });

  it('redirects without trapping the Back button', async () => {
    await withPage(async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { name: 'What if you could interview every applicant?' }).waitFor();
      await page.goto('/dashboard');
      await waitForPath(page, '/auth');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      // The redirect replaced /dashboard in the history: Back returns to the landing page.
      await page.goBack();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'What if you could interview every applicant?' }).waitFor();
    });
  });

  it('sends a signed-out visitor from protected pages to /auth', async () => {
    await withPage(async (page) => {
      for (const path of ['/dashboard', '/job/new', '/admin']) {
        await page.goto(path);
        await waitForPath(page, '/auth');
        await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      }
    });
  });
});
