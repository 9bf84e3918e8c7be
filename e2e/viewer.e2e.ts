import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicUser } from '../src/contracts/auth';
import type { Job } from '../src/contracts/jobs';
import { launchBrowser, newPage, registerViaApi, uniqueName, waitForMail } from './browser';
import { createInterviewViaApi, createJobViaApi, signInAsOperator } from './hiring';

// A viewer in the browser (issue 16, decision 026): they read the company's jobs, interviews,
// screenings and settings, and are offered nothing that changes them; the server refuses it anyway.

const COMPANY = 'Harbour Freight';

let browser: Browser;
let viewer: Page;
let job: Job;
let screeningId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const owner = await newPage(browser);
  await registerViaApi(owner.page, uniqueName('owner'), COMPANY);
  const me = (await (await owner.page.request.get('/api/user')).json()) as PublicUser;
  const operator = await newPage(browser);
  await signInAsOperator(operator.page);
  expect((await operator.page.request.post(`/api/admin/accounts/${me.id}/approve`)).status()).toBe(200);
  await operator.context.close();

  job = await createJobViaApi(owner.page, {
    title: 'Warehouse Lead',
    description: 'Runs the morning shift.',
    questions: ['How do you plan a shift?'],
    rubric: [{ name: 'Planning', description: 'Plans the shift ahead.', weight: 100 }],
  });
  await createInterviewViaApi(owner.page, job.id, 'Ada Park', 'ada.park@example.com');
  const screening = await owner.page.request.post('/api/phone-screening', { data: { jobTitle: 'Forklift Driver', jobDescription: 'Moves pallets.' } });
  expect(screening.status()).toBe(201);
  screeningId = ((await screening.json()) as { id: number }).id;

  // The owner invites a viewer, who joins through the emailed link.
  const email = `viewer.${Date.now().toString(36)}@example.com`;
  expect((await owner.page.request.post('/api/members/invitations', { data: { email, companyRole: 'viewer' } })).status()).toBe(201);
  const token = /\/join\/(\S+)/.exec((await waitForMail((m) => m.to === email)).text)![1]!;
  ({ page: viewer } = await newPage(browser));
  const joined = await viewer.request.post(`/api/invitations/${token}/accept`, { data: { username: uniqueName('viewer'), password: 'three quiet lanterns' } });
  expect(joined.status()).toBe(201);
  await owner.context.close();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const count = (page: Page, role: 'button' | 'link', name: string) => page.getByRole(role, { name, exact: true }).count();

it('reads the dashboard, the job and its interviews without any control that changes them', async () => {
  await viewer.goto('/dashboard');
  await viewer.getByRole('link', { name: job.title }).waitFor();
  expect(await count(viewer, 'link', 'New Job')).toBe(0);
  expect(await viewer.getByRole('heading', { name: 'Adverse impact' }).count()).toBe(0);

  await viewer.goto(`/job/${job.id}`);
  await viewer.getByRole('heading', { name: job.title }).first().waitFor();
  await viewer.getByText('Ada Park').first().waitFor();
  for (const name of ['Actions', 'Edit Questions', 'Create Interview', 'Send Email', 'Resend']) expect(await count(viewer, 'button', name), name).toBe(0);

  await viewer.goto(`/phone-screening/${screeningId}`);
  await viewer.getByRole('heading', { name: 'Forklift Driver' }).first().waitFor();
  await viewer.getByText(/Agent name:/).waitFor();
  for (const name of ['Add Candidate', 'Use AI Rubric', 'Edit Questions']) expect(await count(viewer, 'button', name), name).toBe(0);
});

it("reads the company's settings but changes none, and the owners' records are not offered", async () => {
  await viewer.goto('/settings');
  await viewer.getByText('Candidate data is kept for 365 days.').waitFor();
  await viewer.getByText('Candidate links stay valid for 14 days.').waitFor();
  expect(await count(viewer, 'button', 'Save')).toBe(0);
  expect(await count(viewer, 'link', 'View the audit log')).toBe(0);
  // Their own emails are theirs to choose.
  await viewer.getByRole('link', { name: 'Choose your emails' }).waitFor();
});

it('is refused by the server whatever the screen offers, with a sentence saying why', async () => {
  const res = await viewer.request.post('/api/job', { data: { title: 'Sneaky', description: 'Not allowed.' } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: string }).error).toBe('You are a viewer in this company: this needs a recruiter. Ask an owner of your company to change your role.');
});
