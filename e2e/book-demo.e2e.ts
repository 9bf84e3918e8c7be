import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectToast, launchBrowser, loginViaApi, newPage, operator, uniqueName, waitForPath } from './browser';

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

async function openForm(page: Page): Promise<void> {
  await page.goto('/book-demo');
  await page.getByRole('heading', { name: 'Request Your Demo' }).waitFor();
}

const submit = (page: Page) => page.getByRole('button', { name: 'Request Demo' }).click();

it('shows the form with a link back home', async () => {
  await withPage(async (page) => {
    await openForm(page);
    const back = page.getByRole('link', { name: 'Back to home' });
    expect(await back.getAttribute('href')).toBe('/');
    await back.click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'What if you could interview every applicant?' }).waitFor();
  });
});

it('validates the name and the email in the browser', async () => {
  await withPage(async (page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/demo-request') calls.push(request.url());
    });
    await openForm(page);
    await submit(page);
    await page.getByText('Name is required', { exact: true }).waitFor();
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    expect(await page.getByLabel('Full Name').getAttribute('aria-invalid')).toBe('true');

    // One letter is still too short; a valid email clears its message.
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Work Email').fill('a@example.com');
    await submit(page);
    await page.getByText('Invalid email address', { exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByText('Name is required', { exact: true }).isVisible()).toBe(true);
    expect(calls).toEqual([]);
  });
});

it('sends a valid request, thanks the visitor, and the operator sees it on /admin', async () => {
  await withPage(async (page) => {
    const fullName = `Grace Hopper ${uniqueName('')}`;
    await openForm(page);
    await page.getByLabel('Full Name').fill(fullName);
    await page.getByLabel('Work Email').fill('grace@example.com');
    await page.getByLabel('Company Name').fill('Navy Labs');
    await page.getByLabel('Phone Number').fill('+1 555 0100');
    await page.getByLabel('Message').fill('We hire 40 engineers a year.');
    await submit(page);

    await page.getByRole('heading', { name: 'Thank You!' }).waitFor();
    expect(await page.getByText('Demo Request Received', { exact: true }).isVisible()).toBe(true);
    await expectToast(page, 'Request Received', "We'll contact you shortly to schedule your demo.");

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'What if you could interview every applicant?' }).waitFor();

    const { username, password } = operator();
    await loginViaApi(page, username, password);
    await page.goto('/admin');
    // The Demo requests card: the innermost element holding both its heading and its list.
    const panel = page
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Demo requests', exact: true }) })
      .filter({ has: page.getByRole('list') })
      .last();
    const entry = panel.getByRole('listitem').filter({ hasText: fullName });
    await entry.waitFor();
    expect(await entry.getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe('mailto:grace@example.com');
    expect(await entry.textContent()).toContain('Navy Labs');
    expect(await entry.textContent()).toContain('We hire 40 engineers a year.');
  });
});

it('keeps the form and says so when the server fails', async () => {
  await withPage(async (page) => {
    await page.route('**/api/demo-request', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL"}' }),
    );
    await openForm(page);
    await page.getByLabel('Full Name').fill('Katherine Johnson');
    await page.getByLabel('Work Email').fill('katherine@example.com');
    await page.getByLabel('Message').fill('Orbital mechanics team');
    await submit(page);

    await expectToast(page, 'Submission Failed', 'There was a problem submitting your request. Please try again.', { destructive: true });
    expect(await page.getByRole('heading', { name: 'Request Your Demo' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Thank You!' }).count()).toBe(0);
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Katherine Johnson');
    expect(await page.getByLabel('Work Email').inputValue()).toBe('katherine@example.com');
    expect(await page.getByLabel('Message').inputValue()).toBe('Orbital mechanics team');
    expect(await page.getByRole('button', { name: 'Request Demo' }).isEnabled()).toBe(true);
  });
});
