import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '../src/contracts/jobs';
import { baseUrl, expectToast, launchBrowser, registerViaApi, uniqueName, waitForPath } from './browser';

// The company's audit trail in the browser (issue 15.6, docs/decisions/024-audit-trail.md): a change
// made in Settings shows in the log at once, in the viewer's time zone; filters live in the page's
// address; "Load more" pages back; the CSV holds what the filters match. On the shared server, with
// an account of this file's own, in a browser set to a time zone far from the server's.

const TIME_ZONE = 'Pacific/Auckland';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let username: string;
let interviewId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: baseUrl(), timezoneId: TIME_ZONE, locale: 'en-US', acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  username = uniqueName('audit');
  await registerViaApi(page, username, 'Audit Trail Co');
  const job = await context.request.post('/api/job', { data: { title: 'Warehouse Lead', description: 'Runs the night shift at the warehouse.' } });
  if (job.status() !== 201) throw new Error(`job: ${job.status()} ${await job.text()}`);
  const created = await context.request.post(`/api/job/${(await job.json() as Job).id}/interview`, { data: { candidateName: 'Ada Lovelace', email: 'ada@example.com' } });
  if (created.status() !== 201) throw new Error(`interview: ${created.status()} ${await created.text()}`);
  interviewId = ((await created.json()) as { id: number }).id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const rows = () => page.getByRole('table').getByRole('row');
const cellTexts = async (row: number) => (await rows().nth(row).getByRole('cell').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());

it('shows a change made in Settings, filters it, and downloads the filtered CSV', async () => {
  await page.goto('/settings');
  await page.getByLabel('Keep candidate data for (days)').fill('200');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Settings saved', 'Candidate data is kept for 200 days.');

  await page.getByRole('link', { name: 'View the audit log' }).click();
  await waitForPath(page, '/settings/audit');
  await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
  await page.getByText(`Times are in your time zone (${TIME_ZONE}).`).waitFor();
  await rows().nth(1).waitFor();
  const [time, action, who, about, details] = await cellTexts(1);
  expect([action, who, about, details]).toEqual(['Retention period changed', username, '—', 'From 365 to 200 days']);
  // The time as the viewer's clock reads it: the entry's instant in Auckland, not the server's zone.
  const at = await rows().nth(1).locator('time').getAttribute('datetime');
  const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(at!));
  expect(time).toBe(expected.replace(/\s+/g, ' '));
  await page.getByRole('cell', { name: 'Account registered' }).waitFor();

  // Filter by action: the address carries it, and only that action is listed.
  await page.getByLabel('Action').selectOption({ label: 'Retention period changed' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await waitForPath(page, '/settings/audit?action=retention_changed');
  await page.getByText('Showing 1 entry, all there are.').waitFor();
  expect(await rows().count()).toBe(2);
  expect(await cellTexts(1)).toEqual([time, 'Retention period changed', username, '—', 'From 365 to 200 days']);

  // A subject that is not an id is refused before asking the server.
  await page.getByLabel('About').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByText('Use a subject such as interview:12, phone_candidate:3, job:4 or user:5').waitFor();
  expect(new URL(page.url()).search).toBe('?action=retention_changed');
  await page.getByLabel('About').fill('');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d\d-\d\d\.csv$/);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe('Time (UTC),Action,Action code,Who,User ID,Subject,Subject code,What,Address,Details');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,Retention period changed,retention_changed,${username},`);
  expect(csv[1]).toContain('From 365 to 200 days');

  // "Who" from the address selects its user after a reload too.
  await page.getByLabel('Who').selectOption({ label: username });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const me = (await (await context.request.get('/api/user')).json()) as { id: number };
  await waitForPath(page, `/settings/audit?action=retention_changed&actor=${me.id}`);
  await page.reload();
  await page.getByText('Showing 1 entry, all there are.').waitFor();
  await expect.poll(async () => page.getByLabel('Who').inputValue()).toBe(String(me.id));
});

it('pages back with "Load more" and opens what an entry is about', async () => {
  // 26 holds placed and lifted: 52 entries about one interview, more than one page.
  for (let i = 0; i < 26; i++) {
    for (const hold of [true, false]) {
      const res = await context.request.put(`/api/interview/${interviewId}/legal-hold`, { data: { hold } });
      if (res.status() !== 200) throw new Error(`legal hold: ${res.status()} ${await res.text()}`);
    }
  }
  await page.goto(`/settings/audit?subject=interview:${interviewId}`);
  await expect.poll(async () => page.getByLabel('About').inputValue()).toBe(`interview:${interviewId}`);
  await page.getByText('Showing 50 entries.').waitFor();
  expect(await rows().count()).toBe(51);
  expect(await cellTexts(1)).toEqual([expect.any(String), 'Legal hold lifted', username, `Interview #${interviewId}`, '']);

  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByText('Showing 52 entries, all there are.').waitFor();
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  expect(await cellTexts(52)).toEqual([expect.any(String), 'Legal hold placed', username, `Interview #${interviewId}`, '']);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await waitForPath(page, '/settings/audit');
  await page.getByText('Showing 50 entries.').waitFor();
  expect(await page.getByLabel('About').inputValue()).toBe('');

  await rows().nth(1).getByRole('link', { name: `Interview #${interviewId}` }).click();
  await waitForPath(page, `/interview/${interviewId}`);
  await page.getByRole('heading', { name: 'Interview with Ada Lovelace' }).waitFor();
});
