import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

it('shows the not-found page for an unknown path', async () => {
  const { context, page } = await newPage(browser);
  try {
    const response = await page.goto('/this/does-not-exist');
    // The client renders its own not-found page: the document itself is served.
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/this/does-not-exist');
  } finally {
    await context.close();
  }
});

it('answers an unknown API path with a JSON 404', async () => {
  const { context, page } = await newPage(browser);
  try {
    const res = await page.request.get('/api/nope');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await res.json()) as { error?: unknown; code?: unknown };
    expect(body).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
    expect(String(body.error).length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});
