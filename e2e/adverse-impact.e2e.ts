import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdverseImpactReport } from '../src/contracts/adverse-impact';
import type { CreatedInterview } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import type { SelfIdRaceEthnicity, SelfIdSex } from '../src/contracts/self-identification';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';
import { RecruiterApi, submitViaMultipart, tokenOf } from './candidate-room-kit';

// The adverse-impact report (decision 023) for a job whose candidates took the interview (one-shot
// upload, scored by the built-in engine), answered the voluntary questions through their links, and
// were advanced or not by a reviewer. Selection rates are known by construction; scores are the engine's.

const PASSWORD = 'correct horse battery';
const COMPANY = 'Fairness Freight';
const TITLE = 'Night Dispatcher';
const QUESTION = 'Tell me about a night when the plan fell apart.';
const ANSWER = 'Two drivers called in sick at midnight, so I re-planned the routes, merged three small drops and called a standby driver. Every delivery left on time.';

/** 11 candidates: selection by sex is male 2/4 = 50 %, female 1/5 = 20 % (impact ratio 0.4); by race, white 3/7, asian 0/2. */
const CANDIDATES: { answer: { sex: SelfIdSex | null; raceEthnicity: SelfIdRaceEthnicity | null } | 'none'; advanced: boolean }[] = [
  ...[true, true, false, false].map((advanced) => ({ answer: { sex: 'male' as const, raceEthnicity: 'white' as const }, advanced })),
  ...[true, false, false].map((advanced) => ({ answer: { sex: 'female' as const, raceEthnicity: 'white' as const }, advanced })),
  ...[false, false].map((advanced) => ({ answer: { sex: 'female' as const, raceEthnicity: 'asian' as const }, advanced })),
  // Skipped the questions (recorded as no answer), and never opened them.
  { answer: { sex: null, raceEthnicity: null }, advanced: true },
  { answer: 'none', advanced: false },
];

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let context: BrowserContext;
let job: Job;

async function selfIdentify(interview: CreatedInterview, answer: { sex: SelfIdSex | null; raceEthnicity: SelfIdRaceEthnicity | null }): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/interview/${interview.id}/self-identification`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-candidate-token': tokenOf(interview) },
    body: JSON.stringify(answer),
  });
  if (res.status !== 201) throw new Error(`self-identification answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const username = `impact-${Date.now().toString(36)}`;
  recruiter = await RecruiterApi.register(server.baseUrl, username, COMPANY);
  job = await recruiter.createJob(TITLE, 'Plans the night routes and keeps the drivers moving.', [QUESTION]);
  const created: CreatedInterview[] = [];
  for (const [i, candidate] of CANDIDATES.entries()) {
    const interview = await recruiter.createInterview(job.id, `Candidate ${i + 1}`, `candidate${i + 1}@example.com`);
    await submitViaMultipart(server.baseUrl, interview, [
      { speaker: 'AI', text: QUESTION },
      { speaker: 'Candidate', text: ANSWER },
    ]);
    if (candidate.answer !== 'none') await selfIdentify(interview, candidate.answer);
    created.push(interview);
  }
  await Promise.all(created.map((interview) => recruiter.waitForCompleted(interview.id, 60_000)));
  for (const [i, candidate] of CANDIDATES.entries()) {
    if (candidate.advanced) await recruiter.request('POST', `/api/interview/${created[i]!.id}/review`, { decision: 'advance', note: 'Calm and clear under pressure.' });
  }

  context = await browser.newContext({ baseURL: server.baseUrl, acceptDownloads: true, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  const res = await context.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** The cells of the table's row headed `name` (exactly: "Male" is not "Female"). */
const cellsOf = async (table: Locator, name: string) => {
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name, exact: true }) });
  return (await row.locator('th, td').allInnerTexts()).map((t) => t.trim());
};

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

it("from the job's page: the chart and the table of selection rates by sex flag women at 0.4 of men's rate; the unknowns are counted apart", async () => {
  await withPage(async (page) => {
    await page.goto(`/job/${job.id}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await card(page, 'Adverse impact').getByRole('link', { name: 'View adverse impact' }).click();
    await page.getByRole('heading', { name: `Adverse impact: ${TITLE}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/job/${job.id}/adverse-impact`);

    const figure = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
    expect(await figure('Evaluated interviews').innerText()).toBe('11');
    expect(await figure('Advanced by a reviewer').innerText()).toBe('4');

    const sex = card(page, 'Selection rates by sex');
    await sex.getByText('Below 0.8 of the highest rate: Female.', { exact: true }).waitFor();
    await sex.getByText('9 candidates answered; 2 unknown, not included.', { exact: true }).waitFor();
    const table = sex.getByRole('table');
    expect(await cellsOf(table, 'Male')).toEqual(['Male', '4', '2', '50.0%', '1.000', '']);
    expect(await cellsOf(table, 'Female')).toEqual(['Female', '5', '1', '20.0%', '0.400', 'Below 0.8']);
    expect(await cellsOf(table, 'Unknown')).toEqual(['Unknown', '2', 'Not included: 0 chose “prefer not to say”, 2 did not answer']);

    // The chart: women's bar is red and 20/50 of the longest; the dashed line sits at four fifths of the highest rate.
    const female = sex.locator('[data-bar="female"]');
    expect(await female.getAttribute('class')).toContain('bg-red-600');
    expect(await female.getAttribute('style')).toContain('width: 40%');
    expect(await sex.locator('[data-bar="male"]').getAttribute('class')).toContain('bg-brand-600');
    expect(await sex.locator('.border-dashed').first().getAttribute('style')).toContain('left: 80%');

    const race = card(page, 'Selection rates by race/ethnicity');
    const raceTable = race.getByRole('table');
    expect(await cellsOf(raceTable, 'White')).toEqual(['White', '7', '3', '42.9%', '1.000', '']);
    expect(await cellsOf(raceTable, 'Asian')).toEqual(['Asian', '2', '0', '0.0%', '0.000', 'Below 0.8']);
    expect(await cellsOf(raceTable, 'Two or More Races')).toEqual(['Two or More Races', '0', '', '', '', 'No applicants']);

    // The scoring rates are the other tab, with the same three cards.
    await page.getByRole('tab', { name: 'Scoring rates' }).click();
    await card(page, 'Scoring rates by sex and race/ethnicity').waitFor();
    await expectNoSeriousViolations(page);
  });
});

it("'Download CSV' saves the bias-audit summary with the same figures", async () => {
  const report = await recruiter.request<AdverseImpactReport>('GET', `/api/job/${job.id}/adverse-impact`);
  await withPage(async (page) => {
    await page.goto(`/job/${job.id}/adverse-impact`);
    await card(page, 'Selection rates by sex').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('night-dispatcher-adverse-impact.csv');
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['Adverse impact summary,Hireloop', `Scope,Job: ${TITLE}`, `Data from,${report.from}`, `Data to,${report.to}`, 'Applicants (evaluated interviews),11']);
    expect(lines).toContain('Female,5,20.0%,0.400,Impact ratio below 0.8');
    expect(lines).toContain('Unknown,2,,,"Not included in the calculations above: 0 chose ""prefer not to say"", 2 did not answer"');
    expect(lines).toContain('Scoring rates');
  });
});

it("from the dashboard: the company's report adds up its jobs, and a period with no interviews says so", async () => {
  await withPage(async (page) => {
    await page.goto('/dashboard');
    const panel = card(page, 'Adverse impact');
    await panel.getByRole('link', { name: 'View adverse impact' }).waitFor();
    // A company with answers sees the panel as it always was: no empty state (decision 043).
    for (const empty of ['No evaluated interviews yet', 'No answers to the voluntary questions yet']) expect(await panel.getByText(empty).count(), empty).toBe(0);
    await panel.getByRole('link', { name: 'View adverse impact' }).click();
    await page.getByRole('heading', { name: `Adverse impact: all jobs of ${COMPANY}`, level: 1 }).waitFor();
    const sex = card(page, 'Selection rates by sex');
    expect(await cellsOf(sex.getByRole('table'), 'Female')).toEqual(['Female', '5', '1', '20.0%', '0.400', 'Below 0.8']);

    await page.getByLabel('Evaluated from').fill('2020-01-01');
    await page.getByLabel('Evaluated to').fill('2020-12-31');
    await page.getByText('No evaluated interviews in this period yet: the rates appear once interviews are scored.', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/company/adverse-impact.csv?from=2020-01-01&to=2020-12-31');
  });
});
