import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '../src/contracts/jobs';
import type { PhoneScreening, ScreeningCandidate } from '../src/contracts/phone-screenings';
import { baseUrl, launchBrowser, registerViaApi, uniqueName } from './browser';

// The exports in the browser (decision 021, "Exports"): Settings downloads the company's records as
// one ZIP, and a phone screening candidate's result downloads everything stored about them. Each
// download is read back from disk and unzipped. On the shared server, with an account of its own.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let job: Job;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: baseUrl(), acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  await registerViaApi(page, uniqueName('export'), 'Export Trail Co');
  const created = await context.request.post('/api/job', { data: { title: 'Night Shift Baker', description: 'Bakes bread for the morning.' } });
  if (created.status() !== 201) throw new Error(`job: ${created.status()} ${await created.text()}`);
  job = (await created.json()) as Job;
  const invited = await context.request.post(`/api/job/${job.id}/interview`, { data: { candidateName: 'Ada Lovelace', email: 'ada@example.com' } });
  if (invited.status() !== 201) throw new Error(`interview: ${invited.status()} ${await invited.text()}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Clicks the link and reads the file the browser saved. */
async function download(name: string): Promise<{ filename: string; files: Record<string, Uint8Array> }> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { filename: saved.suggestedFilename(), files: unzipSync(new Uint8Array(await readFile(await saved.path()))) };
}

it("downloads the company's data from Settings: a ZIP with the job, its interview and a README", async () => {
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Export company data' });
  await card.getByText('Recordings are not included', { exact: false }).waitFor();

  const { filename, files } = await download('Download company data (ZIP)');
  expect(filename).toMatch(/^export-trail-co-data-\d{4}-\d\d-\d\d\.zip$/);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'jobs.json', 'jobs.csv', 'interviews.json', 'interviews.csv']));
  expect(JSON.parse(strFromU8(files['jobs.json']!))).toMatchObject([{ id: job.id, title: 'Night Shift Baker', description: 'Bakes bread for the morning.' }]);
  expect(strFromU8(files['interviews.csv']!)).toContain(`,${job.id},Night Shift Baker,Ada Lovelace,ada@example.com,pending,`);
  expect(strFromU8(files['README.txt']!)).toContain('Export Trail Co: data exported from Hireloop');
});

it("downloads a phone screening candidate's data from their result page", async () => {
  const screening = await context.request.post('/api/phone-screening', { data: { jobTitle: 'Delivery Driver', jobDescription: 'Regional routes.' } });
  if (screening.status() !== 201) throw new Error(`screening: ${screening.status()} ${await screening.text()}`);
  const { id: screeningId } = (await screening.json()) as PhoneScreening;
  const added = await context.request.post(`/api/phone-screening/${screeningId}/candidates`, {
    data: { candidateName: 'Grace Hopper', countryCode: '+1', phoneNumber: '5550123', interviewTime: '2030-05-01T15:00:00.000Z', timeZone: 'UTC-05:00' },
  });
  if (added.status() !== 201) throw new Error(`candidate: ${added.status()} ${await added.text()}`);
  const candidate = (await added.json()) as ScreeningCandidate;

  await page.goto(`/phone-screening/${screeningId}/candidates/${candidate.id}`);
  await page.getByRole('region', { name: 'Candidate data' }).waitFor();
  const { filename, files } = await download('Download all data (ZIP)');
  expect(filename).toBe(`phone-candidate-${candidate.id}-export.zip`);
  expect(Object.keys(files)).toEqual(['candidate.json']);
  expect(JSON.parse(strFromU8(files['candidate.json']!))).toMatchObject({
    screening: { id: screeningId, jobTitle: 'Delivery Driver' },
    candidate: { id: candidate.id, candidateName: 'Grace Hopper', phoneNumber: '5550123' },
    calls: [],
  });
});
