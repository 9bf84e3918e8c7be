import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginViaApi, newPage, operator, registerViaApi, uniqueName } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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

/** Runs axe on the page as it is and fails on any critical or serious violation, listing each with its targets. */
async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  expect(serious.length, `axe violations on ${new URL(page.url()).pathname}:\n${report}`).toBe(0);
}

describe('axe finds no critical or serious violations', () => {
  const publicPages: [path: string, heading: string][] = [
    ['/', 'What if you could interview every applicant?'],
    ['/product/live-interview', 'Live AI interviews for every candidate, around the clock'],
    ['/product/phone-screen', 'Phone-screen every applicant, without picking up the phone'],
    ['/product/interview-report', 'Interview reports that make the next step obvious'],
    ['/tour', 'See Hireloop in action'],
    ['/book-demo', 'Request Your Demo'],
    ['/auth', 'Welcome'],
    ['/auth?tab=register', 'Welcome'],
    ['/this/does-not-exist', '404 Page Not Found'],
  ];
  for (const [path, heading] of publicPages) {
    it(path, async () => {
      await withPage(async (page) => {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        await expectNoSeriousViolations(page);
      });
    });
  }

  it('/book-demo with validation messages', async () => {
    await withPage(async (page) => {
      await page.goto('/book-demo');
      await page.getByRole('button', { name: 'Request Demo' }).click();
      await page.getByText('Name is required').waitFor();
      await expectNoSeriousViolations(page);
    });
  });

  it('/dashboard (signed in, awaiting approval)', async () => {
    await withPage(async (page) => {
      await registerViaApi(page, uniqueName('a11y'), 'Accessible Co');
      await page.goto('/dashboard');
      await page.getByRole('status').filter({ hasText: 'Your account is awaiting approval.' }).waitFor();
      // With the empty panels' sentences (decision 043).
      await page.getByText('No reviewed interviews yet', { exact: true }).waitFor();
      await page.getByText('No evaluated interviews yet', { exact: true }).waitFor();
      await expectNoSeriousViolations(page);
    });
  });

  it('/settings (signed in), with the retention field refusing a value', async () => {
    await withPage(async (page) => {
      await registerViaApi(page, uniqueName('a11y'), 'Accessible Co');
      await page.goto('/settings');
      await page.getByLabel('Keep candidate data for (days)').fill('10');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Keep candidate data between 30 and 1461 days').waitFor();
      await expectNoSeriousViolations(page);
    });
  });

  it('/settings/audit (signed in), with the subject filter refusing a value', async () => {
    await withPage(async (page) => {
      const { username, password } = operator();
      await loginViaApi(page, username, password);
      await page.goto('/settings/audit');
      await page.getByRole('cell', { name: 'Signed in' }).first().waitFor();
      await page.getByLabel('About').fill('a name');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('Use a subject such as interview:12, phone_candidate:3, job:4 or user:5').waitFor();
      await expectNoSeriousViolations(page);
    });
  });

  it('/adverse-impact (signed in, before any interview)', async () => {
    await withPage(async (page) => {
      await registerViaApi(page, uniqueName('a11y'), 'Accessible Co');
      await page.goto('/adverse-impact');
      await page.getByText('No evaluated interviews in this period yet: the rates appear once interviews are scored.').waitFor();
      await expectNoSeriousViolations(page);
    });
  });

  it('/admin (operator)', async () => {
    await withPage(async (page) => {
      const { username, password } = operator();
      await loginViaApi(page, username, password);
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
      // Let the panels finish loading (the operator's own account is always listed).
      await page.getByRole('cell', { name: username, exact: true }).waitFor();
      await expectNoSeriousViolations(page);
    });
  });
});

describe('keyboard', () => {
  /** True when the focused element draws an outline or a ring (box-shadow). */
  const focusIsVisible = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return false;
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    });

  /** Presses Tab until `matches` holds for the focused element; fails after `max` presses. */
  async function tabTo(page: Page, what: string, matches: () => Promise<boolean>, max = 12): Promise<void> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      if (await matches()) return;
    }
    throw new Error(`Tab never reached ${what}`);
  }

  it('on /auth, Tab reaches the Username input and the Login button, each with a visible focus', async () => {
    await withPage(async (page) => {
      await page.goto('/auth');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();

      const username = page.getByLabel('Username');
      await tabTo(page, 'the Username input', () => username.evaluate((el) => el === document.activeElement));
      expect(await focusIsVisible(page), 'Username input focus is visible').toBe(true);

      const login = page.getByRole('button', { name: 'Login', exact: true });
      await tabTo(page, 'the Login button', () => login.evaluate((el) => el === document.activeElement), 3);
      expect(await focusIsVisible(page), 'Login button focus is visible').toBe(true);
    });
  });
});
