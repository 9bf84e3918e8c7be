import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '../src/contracts/jobs';
import { expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForPath } from './browser';
import { createInterviewViaApi, createJobViaApi, getJobViaApi, openJob } from './hiring';

// A job's life in the browser (issue 16, docs/decisions/029-job-lifecycle-and-templates.md): edit its
// details, close it (a badge here and on the dashboard), reopen it, duplicate it, save it as a
// template, start a new job from the template, delete the empty copy and the template. One fresh
// account (its owner) on the shared server, so the dashboard holds only this file's jobs.

const QUESTIONS = ['How do you keep a warehouse aisle safe during a busy shift?', 'Tell me about a time you caught a picking error before it shipped.'];
const RUBRIC = [
  { name: 'Safety', description: 'Follows and enforces safe practice.', weight: 60 },
  { name: 'Accuracy', description: 'Catches and prevents errors.', weight: 40 },
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let job: Job;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await registerViaApi(page, uniqueName('lifecycle'), 'Lifecycle Logistics');
  job = await createJobViaApi(page, { title: 'Warehouse Lead', description: 'Runs the night shift at the warehouse.', questions: QUESTIONS, rubric: RUBRIC });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const actions = () => page.getByRole('button', { name: 'Actions' });
const menuItem = (name: string) => page.getByRole('menuitem', { name, exact: true });
const dialog = (name: string) => page.getByRole('dialog', { name });
const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
const closedBadge = () => page.locator('main').getByText('Closed', { exact: true });
const questionsPanel = () => page.getByRole('region', { name: 'Interview Questions' });
const dashboardRow = (title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

async function chooseAction(name: string): Promise<void> {
  await actions().click();
  await menuItem(name).click();
}

async function expectNoSeriousViolations(): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

it('edits the details, closes the job with a badge on the page and the dashboard, and reopens it', async () => {
  await openJob(page, job);
  await actions().click();
  // Every action is offered to the owner; Delete because the job has no interviews yet.
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Edit details', 'Duplicate', 'Save as template', 'Close job', 'Delete job']);
  await expectNoSeriousViolations();
  await menuItem('Edit details').click();

  const edit = dialog('Edit job details');
  expect(await edit.getByLabel('Job Title').inputValue()).toBe('Warehouse Lead');
  await edit.getByLabel('Job Title').fill('   ');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await edit.getByText('Job title is required', { exact: true }).waitFor();
  await edit.getByLabel('Job Title').fill('Warehouse Shift Lead');
  await edit.getByLabel('Job Description').fill('Runs the night shift at the warehouse, a team of twelve.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Job updated', 'The job title and description have been saved.');
  await heading('Warehouse Shift Lead').waitFor();
  await edit.waitFor({ state: 'detached' });
  expect(await getJobViaApi(page, job.id)).toMatchObject({ title: 'Warehouse Shift Lead', description: 'Runs the night shift at the warehouse, a team of twelve.', questions: QUESTIONS });

  // Closing asks first; Cancel changes nothing.
  await chooseAction('Close job');
  const confirm = dialog('Close this job?');
  await confirm.getByText('Candidates can no longer be invited or take this interview.', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect((await getJobViaApi(page, job.id)).closedAt).toBeNull();
  expect(await closedBadge().count()).toBe(0);

  await chooseAction('Close job');
  await dialog('Close this job?').getByRole('button', { name: 'Close job' }).click();
  await expectToast(page, 'Job closed', 'Candidates can no longer be invited. Interviews and reports stay.');
  await closedBadge().waitFor();
  await page.getByText(/^This job was closed on .+\. Candidates can no longer be invited or take the interview; its interviews and reports stay\. Reopen it from the Actions menu\.$/).waitFor();
  expect((await getJobViaApi(page, job.id)).closedAt).not.toBeNull();

  // The dashboard shows the badge on its row.
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await waitForPath(page, '/dashboard');
  await dashboardRow('Warehouse Shift Lead').getByText('Closed', { exact: true }).waitFor();

  await dashboardRow('Warehouse Shift Lead').getByRole('link', { name: 'Warehouse Shift Lead' }).click();
  await heading('Warehouse Shift Lead').waitFor();
  await actions().click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toContain('Reopen job');
  await menuItem('Reopen job').click();
  await expectToast(page, 'Job reopened', 'Candidates can be invited to this job again.');
  await closedBadge().waitFor({ state: 'detached' });
  expect((await getJobViaApi(page, job.id)).closedAt).toBeNull();
});

it('does not offer Delete for a job with interviews', async () => {
  const busy = await createJobViaApi(page, { title: 'Forklift Driver', description: 'Moves pallets on the day shift.', questions: QUESTIONS, rubric: RUBRIC });
  await createInterviewViaApi(page, busy.id, 'Sam Rivera', 'sam@example.com');
  await openJob(page, busy);
  await actions().click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Edit details', 'Duplicate', 'Save as template', 'Close job']);
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  // The server refuses it too, with the sentence.
  const res = await page.request.delete(`/api/job/${busy.id}`);
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: string }).error).toBe('Only a job without interviews can be deleted. Close it instead.');
});

let copyId: number;

it('duplicates the job and saves it as a template, refusing a name already used', async () => {
  await openJob(page, { id: job.id, title: 'Warehouse Shift Lead' });
  await chooseAction('Duplicate');
  await expectToast(page, 'Job duplicated', '"Copy of Warehouse Shift Lead" has the same description, questions and criteria, and no interviews.');
  await heading('Copy of Warehouse Shift Lead').waitFor();
  copyId = Number(new URL(page.url()).pathname.split('/').pop());
  expect(copyId).not.toBe(job.id);
  await waitForPath(page, `/job/${copyId}`);
  for (const question of QUESTIONS) await questionsPanel().getByText(question, { exact: true }).waitFor();
  expect(await getJobViaApi(page, copyId)).toMatchObject({ questions: QUESTIONS, num_of_interviews: 0, closedAt: null });

  await openJob(page, { id: job.id, title: 'Warehouse Shift Lead' });
  await chooseAction('Save as template');
  const save = dialog('Save as template');
  expect(await save.getByLabel('Template name').inputValue()).toBe('Warehouse Shift Lead');
  await save.getByLabel('Template name').fill('Night shift interview');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expectToast(page, 'Template saved', 'Start a new job from "Night shift interview" on the New Job page.');
  await save.waitFor({ state: 'detached' });

  // The same name again, in other letters: the dialog says why under the name and stays open.
  await chooseAction('Save as template');
  await dialog('Save as template').getByLabel('Template name').fill('NIGHT SHIFT INTERVIEW');
  await dialog('Save as template').getByRole('button', { name: 'Save template' }).click();
  await dialog('Save as template').getByText('A template named "NIGHT SHIFT INTERVIEW" already exists. Choose another name.', { exact: true }).waitFor();
  expect(await dialog('Save as template').getByLabel('Template name').getAttribute('aria-invalid')).toBe('true');
  await dialog('Save as template').getByRole('button', { name: 'Cancel' }).click();
});

it('starts a new job from the template, then deletes the empty copy and the template', async () => {
  await page.goto('/job/new');
  await heading('Create Job').waitFor();
  await page.getByRole('heading', { name: 'Start from a template', level: 2 }).waitFor();
  const option = page.getByRole('radio', { name: /^Night shift interview/ });
  await option.check();
  // The template's title and description fill the form, to keep or change.
  await expect.poll(() => page.getByLabel('Job Title').inputValue()).toBe('Warehouse Shift Lead');
  expect(await page.getByLabel('Job Description').inputValue()).toBe('Runs the night shift at the warehouse, a team of twelve.');
  await page.getByText('The interview questions (2) and evaluation criteria (2) come from the template "Night shift interview".', { exact: false }).waitFor();
  await expectNoSeriousViolations();
  await page.getByLabel('Job Title').fill('Weekend Shift Lead');
  await page.getByRole('button', { name: 'Create Job' }).click();
  await expectToast(page, 'Job created', 'Your job has been created successfully.');
  await heading('Weekend Shift Lead').waitFor();
  for (const question of QUESTIONS) await questionsPanel().getByText(question, { exact: true }).waitFor();
  const fromTemplate = await getJobViaApi(page, Number(new URL(page.url()).pathname.split('/').pop()));
  expect(fromTemplate).toMatchObject({ title: 'Weekend Shift Lead', questions: QUESTIONS, rubric: RUBRIC });

  // The copy has no interviews: it can be deleted, after a confirmation.
  await openJob(page, { id: copyId, title: 'Copy of Warehouse Shift Lead' });
  await chooseAction('Delete job');
  await dialog('Delete this job?').getByRole('button', { name: 'Delete job' }).click();
  await expectToast(page, 'Job deleted', 'The job has been deleted.');
  await waitForPath(page, '/dashboard');
  await dashboardRow('Weekend Shift Lead').waitFor();
  expect(await dashboardRow('Copy of Warehouse Shift Lead').count()).toBe(0);
  expect((await page.request.get(`/api/job/${copyId}`)).status()).toBe(404);

  // The template can be deleted from the Create Job page.
  await page.goto('/job/new');
  await page.getByRole('button', { name: 'Delete template Night shift interview' }).click();
  await dialog('Delete this template?').getByRole('button', { name: 'Delete template' }).click();
  await expectToast(page, 'Template deleted', '"Night shift interview" has been deleted. Jobs started from it keep their questions.');
  await page.getByText('No templates yet. Save a job as a template from the Actions menu on its page.', { exact: true }).waitFor();
  expect(await (await page.request.get('/api/templates')).json()).toEqual([]);
});
