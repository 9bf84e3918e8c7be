import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApplyPageState } from '../src/contracts/apply';
import { baseUrl, launchBrowser, newPage, uniqueName } from './browser';
import { createInterviewViaApi, createJobViaApi, registerApprovedCompany, withPage } from './hiring';

// Every link on the pages anyone can open without signing in (decision 043): an address on another
// site must be in the reviewed list below, and every address in the app must lead to a page, not to
// the not-found page. The pages are found by following the links from the public routes of
// src/client/app/router.tsx; a job's application page and a candidate's interview link are made for it.

/**
 * External addresses a public page may link to, each reviewed: the exact href and why it is fine
 * (it exists, is meant to be there, and a visitor leaving the app there is expected). Nothing for now:
 * 'See It in Action' used to open a video nobody had checked (https://www.youtube.com/watch?v=hireloop-tour).
 */
const REVIEWED_EXTERNAL: Readonly<Record<string, string>> = {};

/** Public routes without parameters, and the parameterised ones with links that are not (or no longer) valid. */
const PUBLIC_ROUTES = [
  '/',
  '/auth',
  '/auth?tab=register',
  '/forgot-password',
  '/book-demo',
  '/product/live-interview',
  '/product/phone-screen',
  '/product/interview-report',
  '/tour',
  '/reset-password/not-a-real-token',
  '/join/not-a-real-token',
  '/unsubscribe?token=not-a-real-token',
  '/apply/no-such-page',
  '/candidate/1?token=not-a-real-token',
  '/phone-call/1?token=not-a-real-token',
];

const NOT_FOUND = '404 Page Not Found';

let browser: Browser;
/** Made by a fresh approved company: a job's application page and a candidate's interview link. */
let madePages: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  await withPage(browser, async (page) => {
    await registerApprovedCompany(browser, page, uniqueName('links'), 'Link Check Co');
    const job = await createJobViaApi(page, { title: 'Night Dispatcher', description: 'Plans the night routes and keeps the drivers moving.' });
    const apply = await page.request.put(`/api/job/${job.id}/apply-page`, { data: { enabled: true } });
    if (apply.status() !== 200) throw new Error(`apply page: ${apply.status()} ${await apply.text()}`);
    const { url } = (await apply.json()) as ApplyPageState;
    const interview = await createInterviewViaApi(page, job.id, 'Lina Links', 'lina.links@example.com');
    const pathOf = (href: string) => {
      const u = new URL(href);
      return u.pathname + u.search;
    };
    madePages = [pathOf(url!), pathOf(interview.candidateLink)];
  });
}, 60_000);
afterAll(() => browser.close());

interface FoundLink {
  /** The href as written. */
  href: string;
  /** Resolved against the page. */
  url: string;
  text: string;
}

/** Waits until the page has loaded its data: the network is quiet and no spinner is left. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[role="status"][aria-label^="Loading"]').first().waitFor({ state: 'detached' });
}

/** Every link on the page, with those of the header's Product menu (rendered only while it is open). */
async function linksOn(page: Page): Promise<FoundLink[]> {
  const collect = () =>
    page.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute('href') ?? '', url: (a as HTMLAnchorElement).href, text: (a.textContent ?? '').trim() })),
    );
  const links = await collect();
  const product = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Product' });
  if (await product.isVisible()) {
    await product.click();
    await page.getByRole('menu').waitFor();
    links.push(...(await collect()));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }
  return [...new Map(links.map((link) => [`${link.href} ${link.text}`, link])).values()];
}

it('every link on the public pages leads to a page of the app, or to a reviewed external address', async () => {
  const { context, page } = await newPage(browser);
  const origin = new URL(baseUrl()).origin;
  const problems: string[] = [];
  const usedExternal = new Set<string>();
  /** Path (and query) → the page and link that led there, for the messages. */
  const queue = new Map<string, string>([...PUBLIC_ROUTES, ...madePages].map((path) => [path, 'a public route']));
  const visited = new Set<string>();
  let linksChecked = 0;
  try {
    for (const [path, from] of queue) {
      if (visited.has(path)) continue;
      visited.add(path);
      await page.goto(path);
      await settle(page);
      if (await page.getByRole('heading', { name: NOT_FOUND }).count()) {
        problems.push(`${path} (from ${from}) is the not-found page`);
        continue;
      }
      for (const link of await linksOn(page)) {
        linksChecked++;
        const url = new URL(link.url);
        const where = `'${link.text}' (${link.href}) on ${path}`;
        if (url.origin !== origin) {
          if (link.href in REVIEWED_EXTERNAL) usedExternal.add(link.href);
          else problems.push(`${where} leaves the app for an address nobody reviewed`);
          continue;
        }
        const target = url.pathname + url.search;
        if (url.hash && target === path) {
          // An anchor on the same page: its target must exist.
          if (!(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count())) problems.push(`${where} points to no element`);
          continue;
        }
        if (!queue.has(target)) queue.set(target, where);
      }
    }
  } finally {
    await context.close();
  }

  expect(problems).toEqual([]);
  // Reviewed entries no page links to any more are removed, so the list stays a list of real links.
  expect(Object.keys(REVIEWED_EXTERNAL).filter((href) => !usedExternal.has(href))).toEqual([]);
  // The walk did reach every page it started from and those linked from them, and found their links
  // (about a hundred today, counted once per page): a walk that finds none proves nothing.
  for (const path of [...PUBLIC_ROUTES, ...madePages]) expect(visited, path).toContain(path);
  expect(visited.size).toBeGreaterThan(PUBLIC_ROUTES.length + madePages.length);
  expect(linksChecked).toBeGreaterThan(50);
});
