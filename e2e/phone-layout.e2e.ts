import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedInterview } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import { baseUrl, launchBrowser, waitForMail, waitForPath } from './browser';
import { endResponseButton, linkPath, newRoomContext, nextTurn, PREFER_TYPING, startInterview, submitViaMultipart, typeAnswer, waitUntil } from './candidate-room-kit';
import { createInterviewViaApi, createJobViaApi, listInterviewsViaApi, signInAsOperator } from './hiring';

// Issue 30, item 3 (decision 048): every candidate and recruiter page on a 390×844 touch phone has
// no sideways scroll, the recruiter's header keeps Account, Settings and Logout in reach, the
// interviews table shows each candidate's name and status on screen, and the room shows no
// keyboard hint on a touch screen. And on a laptop, typed answers keep the room's 'Recording' mark in view.

const PHONE = { width: 390, height: 844 };
const phone: BrowserContextOptions = { viewport: PHONE, isMobile: true, hasTouch: true };
const LAPTOP = { width: 1280, height: 800 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ ...phone, baseURL: baseUrl() });
  context.setDefaultTimeout(10_000);
  contexts.push(context);
  return context.newPage();
}

async function roomPage(device: BrowserContextOptions): Promise<Page> {
  const { context, page } = await newRoomContext(browser, baseUrl(), { speech: true, device });
  contexts.push(context);
  return page;
}

const DESCRIPTION = 'Receive, store and ship goods on the day shift, and keep the counts right.';
const QUESTIONS = ['Tell me how you keep a stock count accurate.', 'Describe a busy shift and how you handled it.'];
const ANSWERS = [
  'I count every bay twice, once by the label and once by hand, and reconcile the difference with the system at the end of each shift. When a count is off I trace the last three movements for that item, which last year cut our write-offs by a third.',
  'On the week before a holiday we received twice the usual deliveries. I split the team into receiving and putaway, set a target for each hour and checked progress with the lead every two hours. We cleared every truck the same day and made no picking errors.',
];

/**
 * No sideways scroll: the page is no wider than the phone. A mobile browser widens its layout
 * viewport to fit a wider page (and zooms out), so `innerWidth` itself must stay the phone's width:
 * `scrollWidth <= innerWidth` alone would hold on the widest page.
 */
async function expectFitsThePhone(page: Page, where: string): Promise<void> {
  const measured = await page.evaluate((width) => {
    const { scrollWidth } = document.documentElement;
    const fits = window.innerWidth === width && scrollWidth <= window.innerWidth;
    // What sticks out (outside any box that scrolls or clips it), to say why when it does not fit.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const wider = fits
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
          .slice(0, 5)
          .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class')).slice(0, 60)}"> right ${Math.round(el.getBoundingClientRect().right)}`);
    return { innerWidth: window.innerWidth, scrollWidth, fits, wider };
  }, PHONE.width);
  expect({ where, ...measured }).toEqual({ where, innerWidth: PHONE.width, scrollWidth: measured.scrollWidth, fits: true, wider: [] });
}

/** The element is on screen: inside the viewport both ways (scrolled to first if below the fold). */
async function expectOnScreen(locator: Locator, what: string, viewport = PHONE): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} should be rendered`).not.toBeNull();
  const { x, y, width, height } = box!;
  const inside = x >= 0 && y >= 0 && x + width <= viewport.width + 0.5 && y + height <= viewport.height + 0.5;
  expect(inside, `${what} at x=${Math.round(x)} y=${Math.round(y)} (${Math.round(width)}×${Math.round(height)}) should be inside ${viewport.width}×${viewport.height}`).toBe(true);
}

/** The room's keyboard hints: none may show on a touch screen. */
const keyboardHints = (page: Page) => page.getByText(/Ctrl\+Enter|key to end your response/);
const ctrlEnterHint = (page: Page) => page.getByText('Press Ctrl+Enter (⌘+Enter on a Mac) or select End Response to send your answer.', { exact: true });
const spaceHint = (page: Page) => page.getByText(/^Tip: press the\s+Space\s+key to end your response\.$/);
const recordingMark = (page: Page) => page.getByRole('banner').getByText('Recording', { exact: true });

let job: Job;
let taken: CreatedInterview;
let submitted: CreatedInterview;
let recruiterSetup: Page;

beforeAll(async () => {
  recruiterSetup = await phonePage();
  await signInAsOperator(recruiterSetup);
  job = await createJobViaApi(recruiterSetup, { title: 'Warehouse Associate, Night Shift', description: DESCRIPTION, questions: QUESTIONS });
  taken = await createInterviewViaApi(recruiterSetup, job.id, 'Amara Okafor-Whitfield', 'amara.okafor@example.com');
  // A second candidate, submitted through the API, so that the recruiter's pages have a report to open.
  submitted = await createInterviewViaApi(recruiterSetup, job.id, 'Ben Li', 'ben.li@example.com');
  await submitViaMultipart(baseUrl(), submitted, [
    { speaker: 'AI', text: QUESTIONS[0]! },
    { speaker: 'Candidate', text: ANSWERS[0]! },
  ]);
});

it('a candidate takes the interview on a phone: the link, consent, typed answers, completion; no sideways scroll and no keyboard hint', async () => {
  const page = await roomPage(phone);
  await page.goto(linkPath(taken));
  await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).waitFor();
  await expectFitsThePhone(page, 'the ready page');
  await startInterview(page, { typing: false });

  // Speaking: End Response, and no Space hint (no keyboard on a touch screen).
  let turn = await nextTurn(page, 0);
  if (turn === 'completed') throw new Error('the interview ended before its first question');
  await expectFitsThePhone(page, 'the room, speaking');
  await recordingMark(page).waitFor();
  await expectOnScreen(recordingMark(page), "the header's Recording mark");
  expect(await keyboardHints(page).count()).toBe(0);
  expect(await page.locator('kbd').count()).toBe(0);

  // Typing: the answer box, and no Ctrl+Enter hint either.
  await page.getByRole('checkbox', { name: PREFER_TYPING }).check();
  await page.getByLabel('Your answer').waitFor();
  await expectFitsThePhone(page, 'the room, typing');
  expect(await keyboardHints(page).count()).toBe(0);

  for (let asked = 0; ; asked++) {
    const answer = ANSWERS[Math.min(asked, ANSWERS.length - 1)]!;
    await page.getByLabel('Your answer').fill(answer);
    // The page scrolled to the answer box under the sticky header: the Recording mark is still on screen.
    await endResponseButton(page).scrollIntoViewIfNeeded();
    await expectOnScreen(recordingMark(page), "the header's Recording mark while typing");
    expect(await keyboardHints(page).count()).toBe(0);
    await endResponseButton(page).tap();
    turn = await nextTurn(page, turn.aiTurns);
    if (turn === 'completed') break;
    if (asked > 5) throw new Error('the interview did not end after six answers');
  }

  await page.getByRole('heading', { name: 'Interview Completed' }).waitFor();
  await expectFitsThePhone(page, 'the completion page');
}, 90_000);

it('the application page and the invitation to join a company fit a phone', async () => {
  const state = await recruiterSetup.request.put(`/api/job/${job.id}/apply-page`, { data: { enabled: true } });
  expect(state.status()).toBe(200);
  const { url } = (await state.json()) as { url: string };
  const email = `phone.layout.${Date.now().toString(36)}@example.com`;
  const invited = await recruiterSetup.request.post('/api/members/invitations', { data: { email, companyRole: 'recruiter' } });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail((m) => m.to === email);
  const joinLink = /(http\S+\/join\/\S+)/.exec(mail.text)?.[1];
  expect(joinLink).toBeDefined();

  const page = await phonePage();
  await page.goto(url);
  await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
  await expectFitsThePhone(page, 'the application page');
  await page.goto(joinLink!);
  await page.getByRole('heading', { name: /^Join .+ as Recruiter$/ }).waitFor();
  await expectFitsThePhone(page, 'the invitation to join');
});

it("the recruiter's pages fit a phone: the header's menu, the interviews list with name and status on screen, every page", async () => {
  const page = await phonePage();
  await signInAsOperator(page);
  const [screening, rows] = await Promise.all([
    page.request.post('/api/phone-screening', { data: { jobTitle: 'Night Picker' } }).then((r) => r.json() as Promise<{ id: number }>),
    listInterviewsViaApi(page, job.id),
  ]);
  const candidate = (await (
    await page.request.post(`/api/phone-screening/${screening.id}/candidates`, {
      data: { candidateName: 'Dmitri Vasquez-Oyelaran', countryCode: '+44', phoneNumber: '7700900123', timeZone: 'UTC+00:00', interviewTime: new Date(Date.now() + 86_400_000).toISOString() },
    })
  ).json()) as { id: number };
  const reportId = rows.find((row) => row.candidateName === 'Ben Li')!.id;
  await waitUntil('the submitted interview evaluated', async () => (await listInterviewsViaApi(page, job.id)).find((row) => row.id === reportId)?.status === 'completed', 20_000, 250);

  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  /** The header holds the mark and Menu; Menu opens Admin, Account, Settings and Logout, all on screen. */
  const openMenu = async () => {
    await menuButton.scrollIntoViewIfNeeded();
    await expectOnScreen(menuButton, 'the Menu button');
    expect(await page.getByRole('banner').getByRole('link', { name: 'Account' }).isVisible()).toBe(false);
    await menuButton.tap();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const item of ['Admin', 'Account', 'Settings', 'Logout']) await expectOnScreen(menu.getByRole('menuitem', { name: item }), `the menu's ${item}`);
    return menu;
  };

  const pages: [string, string | RegExp][] = [
    ['/dashboard', 'Dashboard'],
    [`/job/${job.id}`, job.title],
    [`/interview/${reportId}`, 'Interview with Ben Li'],
    [`/job/${job.id}/adverse-impact`, `Adverse impact: ${job.title}`],
    ['/adverse-impact', /^Adverse impact: all jobs of /],
    ['/job/new', 'Create Job'],
    ['/phone-screening/new', 'Create Phone Screening'],
    [`/phone-screening/${screening.id}`, 'Night Picker'],
    [`/phone-screening/${screening.id}/candidates/${candidate.id}`, 'Phone screening with Dmitri Vasquez-Oyelaran'],
    [`/phone-screening/${screening.id}/call/${candidate.id}`, 'Screening call with Dmitri Vasquez-Oyelaran'],
    ['/settings', 'Settings'],
    ['/settings/team', 'Team'],
    ['/settings/notifications', 'Notifications'],
    ['/settings/outbox', 'Outbox'],
    ['/settings/audit', 'Audit log'],
    ['/settings/api-keys', 'API keys'],
    ['/settings/webhooks', 'Webhooks'],
    ['/account', 'Account'],
    ['/admin', 'Administration'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await expectFitsThePhone(page, path);
    await openMenu();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
  }

  // The job page: each candidate's name, and the status under it, on screen; the name stays when the table scrolls sideways.
  await page.goto(`/job/${job.id}`);
  await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
  for (const [name, status] of [
    ['Amara Okafor-Whitfield', /^(Evaluating|Completed)$/],
    ['Ben Li', /^Completed$/],
  ] as const) {
    const rowHeader = page.getByRole('rowheader', { name, exact: true });
    await rowHeader.scrollIntoViewIfNeeded();
    await expectOnScreen(rowHeader, `${name}'s name`);
    await expectOnScreen(rowHeader.getByText(status), `${name}'s status`);
  }
  const scroller = page.getByRole('table', { name: /^Interviews for / }).locator('xpath=..');
  const scrolled = await scroller.evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
    return { scrollLeft: box.scrollLeft, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scrolled.scrollLeft, `the table scrolls in its own box (${JSON.stringify(scrolled)})`).toBeGreaterThan(0);
  await expectOnScreen(page.getByRole('rowheader', { name: 'Ben Li', exact: true }), "Ben Li's name, the table scrolled to its end");
  await expectFitsThePhone(page, 'the job page, its table scrolled');

  // The menu's links and Logout work.
  await (await openMenu()).getByRole('menuitem', { name: 'Account' }).tap();
  await waitForPath(page, '/account');
  await (await openMenu()).getByRole('menuitem', { name: 'Settings' }).tap();
  await waitForPath(page, '/settings');
  await (await openMenu()).getByRole('menuitem', { name: 'Logout' }).tap();
  await waitUntil('signed out', async () => (await page.request.get('/api/user')).status() === 401);
}, 90_000);

it('typed answers on a laptop keep the header and its Recording mark in view, with the keyboard hint for typing only', async () => {
  const interview = await createInterviewViaApi(recruiterSetup, job.id, 'Chidi Laptop', 'chidi.laptop@example.com');
  const page = await roomPage({ viewport: LAPTOP });
  await page.goto(linkPath(interview));
  // 'Ready to Start' is at the end of a page taller than the screen: pressing it leaves the page scrolled down.
  await startInterview(page, { typing: true });
  const turn = await nextTurn(page, 0);
  if (turn === 'completed') throw new Error('the interview ended before its first question');
  await recordingMark(page).waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectOnScreen(recordingMark(page), "the header's Recording mark", LAPTOP);
  await expectOnScreen(page.getByLabel('Your answer'), 'the answer box', LAPTOP);
  await expectOnScreen(endResponseButton(page), 'End Response', LAPTOP);
  // A keyboard: Ctrl+Enter sends a typed answer; Space types a space, so its hint is not shown.
  await ctrlEnterHint(page).waitFor();
  expect(await spaceHint(page).count()).toBe(0);

  // Speaking instead: the Space hint, and not the typing one.
  await page.getByRole('checkbox', { name: PREFER_TYPING }).uncheck();
  await spaceHint(page).waitFor();
  expect(await ctrlEnterHint(page).count()).toBe(0);
  await expectOnScreen(recordingMark(page), "the header's Recording mark, speaking", LAPTOP);
  await page.getByRole('checkbox', { name: PREFER_TYPING }).check();
  await typeAnswer(page, ANSWERS[0]!);
  await expectOnScreen(recordingMark(page), "the header's Recording mark after an answer", LAPTOP);
}, 60_000);
