import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage, uniqueName, waitForPath } from './browser';
import { signInAsOperator } from './hiring';

// Issue 29, item 4: a page opens at its top when a link or a redirect leads to it, whatever the last
// page's scroll; the page a person comes back to (Back) is where they left it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

it('a new job opens at the top, its title and Actions menu in view; Back returns to where the person was', async () => {
  const { context, page } = await newPage(browser);
  try {
    await page.setViewportSize({ width: 1280, height: 560 });
    await signInAsOperator(page);
    await page.goto('/job/new');
    const title = `Scroll Check ${uniqueName('')}`;
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Job Description').fill('Checks that pages open at the top. '.repeat(8));
    // As a person does: down to the button at the end of the form.
    await page.getByRole('button', { name: 'Create Job' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Create Job' }).click();

    const heading = page.getByRole('heading', { name: title, level: 1 });
    await heading.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const actions = await page.getByRole('button', { name: 'Actions' }).boundingBox();
    expect(actions!.y).toBeGreaterThanOrEqual(0);

    // Down the job page, away to Settings (which opens at its top), and Back.
    const jobPath = new URL(page.url()).pathname;
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    // The link is clicked where it is: a pointer click would first scroll the header into view,
    // and Back would then rightly return to that place.
    await page.getByRole('link', { name: 'Settings' }).first().dispatchEvent('click');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await waitForPath(page, jobPath);
    await heading.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  } finally {
    await context.close();
  }
});
