import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataRequestItem, DeletionRequestReceipt } from '../src/contracts/candidate-data';
import type { CallLink } from '../src/contracts/phone-call-results';
import type { PhoneScreening, ScreeningCandidate } from '../src/contracts/phone-screenings';
import { openDatabase } from '../src/server/db/client';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser, loginViaApi } from './browser';
import { RecruiterApi } from './candidate-room-kit';

// A phone screening candidate asks, from their call link, for their data to be deleted (issue 15,
// decision 021). The held case is made on this file's own server, stopped to write what the daily
// run writes at the deadline under a legal hold (the server's clock cannot be moved from outside).

const COMPANY = 'Harbour Movers';
const RECRUITER = `phone-deletion-${Date.now().toString(36)}`;
const DAY_MS = 24 * 60 * 60_000;

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let screening: PhoneScreening;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  // The first account on a fresh server is approved, so its candidates' call links open.
  recruiter = await RecruiterApi.register(server.baseUrl, RECRUITER, COMPANY);
  const created = await recruiter.request<PhoneScreening>('POST', '/api/phone-screening', { jobTitle: 'Warehouse Picker', jobDescription: 'Picks and packs orders.' });
  screening = await recruiter.request<PhoneScreening>('PATCH', `/api/phone-screening/${created.id}/questions`, { questions: ['How do you keep your picking accurate?'] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A candidate of the screening and the path of their personal call link. */
async function candidateWithLink(name: string): Promise<{ id: number; path: string }> {
  const candidate = await recruiter.request<ScreeningCandidate>('POST', `/api/phone-screening/${screening.id}/candidates`, {
    candidateName: name,
    countryCode: '+1',
    phoneNumber: '555-010-4477',
    timeZone: 'UTC-05:00',
    interviewTime: '2026-12-01T15:00:00.000Z',
  });
  const { url } = await recruiter.request<CallLink>('POST', `/api/phone-screening/candidates/${candidate.id}/call-link`);
  const link = new URL(url);
  return { id: candidate.id, path: `${link.pathname}${link.search}` };
}

async function withContext(run: (context: BrowserContext) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  try {
    await run(context);
  } finally {
    await context.close();
  }
}

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

it('the candidate asks from their call link; the page shows the deadline, and the inbox lists it with a link to the result', async () => {
  const candidate = await candidateWithLink('Rosa Diaz');
  await withContext(async (context) => {
    const page = await context.newPage();
    await page.goto(candidate.path);
    await page.getByRole('heading', { name: 'Hello, Rosa', level: 1 }).waitFor();
    const section = yourData(page);
    await section.getByText('You can ask for your screening call data (your answers, the transcript and the evaluation) to be deleted at any time.', { exact: false }).waitFor();
    await section.getByRole('button', { name: 'Ask to delete my data' }).click();
    await section.getByText('this link will then stop working. If you have not taken the call yet, you will not be able to take it afterwards.', { exact: false }).waitFor();
    await expectAccessible(page);
    // Cancelling asks nothing.
    await section.getByRole('button', { name: 'Cancel' }).click();
    expect(await recruiter.request<DataRequestItem[]>('GET', '/api/data-requests')).toEqual([]);

    await section.getByRole('button', { name: 'Ask to delete my data' }).click();
    const made = page.waitForResponse((r) => r.url().endsWith(`/api/phone-call/${candidate.id}/deletion-request`) && r.request().method() === 'POST');
    await section.getByRole('button', { name: 'Confirm deletion request' }).click();
    const answered = await made;
    expect(answered.status()).toBe(201);
    const receipt = (await answered.json()) as DeletionRequestReceipt;
    const status = section.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe(`You asked for your screening call data to be deleted on ${longDate(receipt.requestedAt)}. It will be deleted by ${longDate(receipt.dueAt)}.`);
    expect(Date.parse(receipt.dueAt) - Date.parse(receipt.requestedAt)).toBe(30 * DAY_MS);

    // Opening the link again shows the request, not the button; the call can still be taken until the data is deleted.
    await page.reload();
    await section.getByRole('status').waitFor();
    expect(await section.getByRole('button', { name: 'Ask to delete my data' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start call' }).count()).toBe(1);

    const desk = await context.newPage();
    await loginViaApi(desk, RECRUITER, 'correct horse battery');
    await desk.goto('/dashboard');
    const inbox = desk.getByRole('region', { name: 'Data requests' });
    await inbox.waitFor();
    const row = inbox.getByRole('row').filter({ hasText: 'Rosa Diaz' });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Rosa Diaz',
      'Warehouse Picker (phone screening)',
      shortDate(receipt.requestedAt),
      `${shortDate(receipt.dueAt)} (in 30 days)`,
      'Open',
      'Open result for Rosa Diaz',
    ]);
    await row.getByRole('link', { name: 'Open result for Rosa Diaz' }).click();
    await desk.getByRole('heading', { name: 'Phone screening with Rosa Diaz', level: 1 }).waitFor();
  });
});

it('past its deadline under a legal hold, the call link says the data is kept and why', async () => {
  const candidate = await candidateWithLink('Sam Okafor');
  await withContext(async (context) => {
    const page = await context.newPage();
    await page.goto(candidate.path);
    const section = yourData(page);
    await section.getByRole('button', { name: 'Ask to delete my data' }).click();
    await section.getByRole('button', { name: 'Confirm deletion request' }).click();
    await section.getByRole('status').filter({ hasText: 'It will be deleted by' }).waitFor();
  });
  await recruiter.request('PUT', `/api/phone-screening/candidates/${candidate.id}/legal-hold`, { hold: true });

  // What the daily run writes at the deadline under a hold: the request held, the candidate told (here, by their page).
  const askedAt = new Date(Math.floor((Date.now() - 31 * DAY_MS) / 60_000) * 60_000);
  await server.stop();
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    await database.query("update data_requests set requested_at = $1, due_at = $2, status = 'held', held_notice_at = now() where phone_candidate_id = $3", [
      askedAt.toISOString(),
      new Date(askedAt.getTime() + 30 * DAY_MS).toISOString(),
      candidate.id,
    ]);
  } finally {
    await database.close();
  }
  await server.restart();

  await withContext(async (context) => {
    const page = await context.newPage();
    await page.goto(candidate.path);
    const status = yourData(page).getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toBe(
      `You asked for your screening call data to be deleted on ${longDate(askedAt.toISOString())}. ${COMPANY} must keep it for now because of a legal hold: a legal obligation (such as a claim, an investigation or a court order) requires the records to be preserved. Your data is not used for anything else while the hold lasts, and it will be deleted as soon as the hold ends. You do not need to ask again.`,
    );
    expect(await yourData(page).getByRole('button', { name: 'Ask to delete my data' }).count()).toBe(0);
    await expectAccessible(page);

    const desk = await context.newPage();
    await loginViaApi(desk, RECRUITER, 'correct horse battery');
    await desk.goto('/dashboard');
    const row = desk.getByRole('region', { name: 'Data requests' }).getByRole('row').filter({ hasText: 'Sam Okafor' });
    await row.getByText('Legal hold', { exact: true }).waitFor();
  });
});
