import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataRequestItem } from '../src/contracts/candidate-data';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser, loginViaApi } from './browser';
import { linkPath, RecruiterApi } from './candidate-room-kit';

// The candidate's own deletion request, from the interview link (issue 15, decision 021).
let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
const RECRUITER = `deletion-recruiter-${Date.now().toString(36)}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  recruiter = await RecruiterApi.register(server.baseUrl, RECRUITER);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

it('the candidate asks from their link to delete their data; the page shows the deadline, and the company inbox lists it', async () => {
  const job = await recruiter.createJob('Line Cook', 'Prepares dishes on the line.', ['How do you keep your station clean?']);
  const interview = await recruiter.createInterview(job.id, 'Grace Hopper', 'grace@example.com');
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(linkPath(interview));
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    await section.getByRole('button', { name: 'Ask to delete my data' }).click();
    await section.getByText('this link will then stop working', { exact: false }).waitFor();
    // Cancelling asks nothing.
    await section.getByRole('button', { name: 'Cancel' }).click();
    expect(await recruiter.request<DataRequestItem[]>('GET', '/api/data-requests')).toEqual([]);

    await section.getByRole('button', { name: 'Ask to delete my data' }).click();
    const made = page.waitForResponse((r) => r.url().endsWith(`/api/interview/${interview.id}/deletion-request`) && r.request().method() === 'POST');
    await section.getByRole('button', { name: 'Confirm deletion request' }).click();
    expect((await made).status()).toBe(201);
    const status = section.getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toMatch(/^You asked for your interview data to be deleted on .+\. It will be deleted by .+\.$/);

    const [request] = await recruiter.request<DataRequestItem[]>('GET', '/api/data-requests');
    expect(request).toMatchObject({ interviewId: interview.id, kind: 'deletion', status: 'open', candidateName: 'Grace Hopper', jobTitle: 'Line Cook' });
    const due = new Date(request!.dueAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
    expect(await status.textContent()).toContain(`It will be deleted by ${due}.`);

    // Opening the link again shows the request, not the button.
    await page.reload();
    await section.getByRole('status').waitFor();
    expect(await section.getByRole('button', { name: 'Ask to delete my data' }).count()).toBe(0);
    // The interview itself can still be taken until the data is deleted.
    expect(await page.getByRole('button', { name: 'Ready to Start' }).count()).toBe(1);

    // The recruiter's dashboard lists it with its deadline, and leads to the report.
    const desk = await context.newPage();
    await loginViaApi(desk, RECRUITER, 'correct horse battery');
    await desk.goto('/dashboard');
    const inbox = desk.getByRole('region', { name: 'Data requests' });
    await inbox.waitFor();
    const row = inbox.getByRole('row').filter({ hasText: 'Grace Hopper' });
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'Grace Hopper',
      'Line Cook',
      new Date(request!.requestedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
      `${new Date(request!.dueAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })} (in 30 days)`,
      'Open',
      'Open report for Grace Hopper',
    ]);
    await row.getByRole('link', { name: 'Open report for Grace Hopper' }).click();
    await desk.getByRole('heading', { name: 'Interview with Grace Hopper', level: 1 }).waitFor();
  } finally {
    await context.close();
  }
});
