import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, pathOf, waitForPath } from './browser';

const HERO = 'What if you could interview every applicant?';

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

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: HERO, level: 1 }).waitFor();
}

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');
const mainNav = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });
/** The hero: the first section of the page, the one holding the h1. */
const hero = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });

/** Clicks `link` and waits for the app to be at `path`. */
async function follow(page: Page, link: Locator, path: string): Promise<void> {
  await link.click();
  await waitForPath(page, path);
}

describe('landing page', () => {
  it('shows the hero, the sections and the mock-up score', async () => {
    await withPage(async (page) => {
      await openLanding(page);
      for (const title of ['Transform Your Hiring Process', 'Why Choose AI-Driven Interviews', "Let's chat"]) {
        expect(await page.getByRole('heading', { name: title, level: 2 }).isVisible(), title).toBe(true);
      }
      const mockup = page.getByRole('figure');
      expect(await mockup.getByText('84', { exact: true }).isVisible()).toBe(true);
      expect(await mockup.getByText('Live transcript', { exact: true }).isVisible()).toBe(true);
      expect(await hero(page).getByRole('link', { name: 'Book a Demo' }).getAttribute('href')).toBe('/book-demo');
    });
  });

  it('Product menu (pointer) leads to the three product pages', async () => {
    await withPage(async (page) => {
      const items = [
        ['Live Interviews', '/product/live-interview'],
        ['Phone Screening', '/product/phone-screen'],
        ['Interview Report', '/product/interview-report'],
      ] as const;
      for (const [label, path] of items) {
        await openLanding(page);
        await mainNav(page).getByRole('button', { name: 'Product' }).click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        expect(await menu.getByRole('menuitem').allTextContents()).toHaveLength(3);
        await follow(page, menu.getByRole('menuitem', { name: label }), path);
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
    });
  });

  it('Product menu works from the keyboard', async () => {
    await withPage(async (page) => {
      await openLanding(page);
      const trigger = mainNav(page).getByRole('button', { name: 'Product' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      // Opening from the keyboard focuses the first item; ArrowDown moves to the next (Radix moves focus a tick later).
      const focusedItem = (name: string) => page.getByRole('menuitem', { name }).and(page.locator(':focus'));
      await focusedItem('Live Interviews').waitFor();
      await page.keyboard.press('ArrowDown');
      await focusedItem('Phone Screening').waitFor();
      await page.keyboard.press('Enter');
      await waitForPath(page, '/product/phone-screen');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
  });

  it('Use Case menu lists industries and experience levels', async () => {
    await withPage(async (page) => {
      await openLanding(page);
      await mainNav(page).getByRole('button', { name: 'Use Case' }).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const industries = menu.getByRole('group', { name: 'By Industry' });
      const experience = menu.getByRole('group', { name: 'By Experience' });
      expect(await industries.getByRole('menuitem').allTextContents()).toEqual([
        'Tech/IT',
        'Retail',
        'Restaurant',
        'Healthcare',
        'Logistics/Trucking',
        'Manufacturing',
        'Financial Services',
        'Hospitality',
      ]);
      expect(await experience.getByRole('menuitem').count()).toBeGreaterThan(0);
      // The use cases are not links.
      expect(await menu.getByRole('link').count()).toBe(0);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    });
  });

  it('header, hero, call-to-action and footer links go where the spec says', async () => {
    await withPage(async (page) => {
      const links: [string, (page: Page) => Locator, string][] = [
        ['header Pricing', (p) => mainNav(p).getByRole('link', { name: 'Pricing' }), '/book-demo'],
        ['header Login', (p) => mainNav(p).getByRole('link', { name: 'Login' }), '/auth'],
        ['header Book a Demo', (p) => mainNav(p).getByRole('link', { name: 'Book a Demo' }), '/book-demo'],
        ['hero Book a Demo', (p) => hero(p).getByRole('link', { name: 'Book a Demo' }), '/book-demo'],
        ['Book a Call', (p) => p.getByRole('link', { name: 'Book a Call' }), '/book-demo'],
        ['footer Login', (p) => footer(p).getByRole('link', { name: 'Login' }), '/auth'],
        ['footer Book a Demo', (p) => footer(p).getByRole('link', { name: 'Book a Demo' }), '/book-demo'],
      ];
      for (const [name, link, path] of links) {
        await openLanding(page);
        await follow(page, link(page), path);
        expect(pathOf(page), name).toBe(path);
        await page.getByRole('heading', { name: path === '/auth' ? 'Welcome' : 'Request Your Demo' }).waitFor();
      }

      // The header's home link, followed from a product page.
      await page.goto('/product/live-interview');
      await follow(page, header(page).getByRole('link', { name: 'Hireloop', exact: true }), '/');
      await page.getByRole('heading', { name: HERO }).waitFor();
    });
  });

  it("'See It in Action' opens the product tour, which the app serves itself: captioned WebP screenshots, lazy after the first", async () => {
    await withPage(async (page) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      // Listened for from the start: the tour's first screenshot loads with its page, before any later line could listen.
      const images: { response: Response; url: string }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'image' && new URL(response.url()).pathname.endsWith('.webp')) images.push({ response, url: response.url() });
      });
      await openLanding(page);
      const link = hero(page).getByRole('link', { name: 'See It in Action' });
      expect(await link.getAttribute('href')).toBe('/tour');
      expect(await link.getAttribute('target')).toBeNull();
      // The landing page loads none of the tour's images.
      expect(requests.filter((url) => url.endsWith('.webp'))).toEqual([]);

      // From the keyboard.
      await link.focus();
      await page.keyboard.press('Enter');
      await waitForPath(page, '/tour');
      await page.getByRole('heading', { name: 'See Hireloop in action', level: 1 }).waitFor();
      expect(await page.title()).toBe('Product tour — Hireloop');

      for (const [side, count] of [
        ["The candidate's side", 4],
        ["The recruiter's side", 4],
      ] as const) {
        const figures = page.getByRole('region', { name: side }).getByRole('figure');
        expect(await figures.count(), side).toBe(count);
        for (const figure of await figures.all()) {
          // A caption with a title and a sentence, and a screenshot with its own description.
          const caption = figure.locator('figcaption');
          expect(await caption.getByRole('heading', { level: 3 }).count()).toBe(1);
          expect((await caption.innerText()).length).toBeGreaterThan(80);
          const img = figure.getByRole('img');
          expect((await img.getAttribute('alt'))?.length ?? 0).toBeGreaterThan(40);
          // Its size is known before it loads (no layout shift), and the browser may pick the smaller file.
          expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['1280', '800']);
          expect(await img.getAttribute('srcset')).toMatch(/-640-[\w-]+\.webp 640w, .*-1280-[\w-]+\.webp 1280w$/);
          await img.scrollIntoViewIfNeeded();
          await img.evaluate((el: HTMLImageElement) => el.decode());
          expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
        }
      }
      // Only the first screenshot loads with the page; the others as they near the screen.
      const loading = await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
      expect(loading).toEqual(['eager', ...Array<string>(7).fill('lazy')]);

      // Small WebP files, and nothing the page asked for came from anywhere but the app.
      expect(images.length).toBeGreaterThanOrEqual(8);
      for (const { response, url } of images) {
        expect(response.headers()['content-type'], url).toBe('image/webp');
        expect((await response.body()).length, url).toBeLessThan(64 * 1024);
      }
      const origin = new URL(page.url()).origin;
      expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);

      // And on to a demo.
      await follow(page, page.getByRole('region', { name: 'See it with your own jobs' }).getByRole('link', { name: 'Book a Demo' }), '/book-demo');
    });
  });
});

describe('product pages', () => {
  const pages = [
    { path: '/product/live-interview', demo: 'Book a Demo', signUp: 'Start Free Trial', steps: { heading: 'From job description to report in seven steps', count: 7 } },
    { path: '/product/phone-screen', demo: 'Schedule a Demo', signUp: 'Sign Up Free', steps: { heading: 'Up and running in five steps', count: 5 } },
    { path: '/product/interview-report', demo: 'Watch Product Tour', signUp: 'Start Free Trial', steps: null },
  ] as const;

  for (const spec of pages) {
    it(`${spec.path}: hero buttons, how-it-works and footer`, async () => {
      await withPage(async (page) => {
        const open = async () => {
          await page.goto(spec.path);
          await page.getByRole('heading', { level: 1 }).waitFor();
        };

        await open();
        if (spec.steps) {
          const steps = page.getByRole('region', { name: spec.steps.heading }).getByRole('listitem');
          expect(await steps.count()).toBe(spec.steps.count);
        }
        expect(await footer(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
        expect(await footer(page).getByRole('link', { name: 'Book a Demo' }).getAttribute('href')).toBe('/book-demo');

        await follow(page, hero(page).getByRole('link', { name: spec.demo }), '/book-demo');
        await page.getByRole('heading', { name: 'Request Your Demo' }).waitFor();

        await open();
        await follow(page, hero(page).getByRole('link', { name: spec.signUp }), '/auth?tab=register');
        await page.getByRole('heading', { name: 'Welcome' }).waitFor();
        expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
        expect(await page.getByRole('button', { name: 'Create Account' }).isVisible()).toBe(true);
      });
    });
  }
});
