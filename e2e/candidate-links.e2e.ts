import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ResendInvitationResult } from '../src/contracts/interviews';
import { openDatabase } from '../src/server/db/client';
import { startAppServer, type AppServer } from './app-server';
import { expectToast, launchBrowser, loginViaApi, uniqueName, waitForMail } from './browser';
import { linkPath, RecruiterApi } from './candidate-room-kit';
import { createInterviewViaApi, createJobViaApi, OPERATOR_COMPANY, openJob, signInAsOperator, withPage } from './hiring';

// Candidate links that work like real invitations (issue 16, docs/decisions/030-candidate-links.md):
// the job page says until when each pending link works and sends it again; a closed position and an
// expired link each show the candidate a page that says so and whom to contact. The expired link is
// made on a server of this file's own, stopped to move the link's date into the past (the server's
// clock cannot be moved from outside); the rest runs on the shared server, whose mail is read back.

const TIME_ZONE = 'America/New_York';
const PASSWORD = 'correct horse battery';

let browser: Browser;
let server: AppServer;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A time as the recruiter's pages write it, in the page's own time zone and language. */
const asPageWrites = (page: Page, iso: string) =>
  page.evaluate((at) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), iso);

/** A time as the candidate's pages write it: in English (their language), in the browser's time zone; Node's ICU puts a narrow no-break space before PM. */
const asCandidateSees = (at: Date) => at.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }).replace(/\u202f/g, ' ');

const interviewRow = (page: Page, name: string): Locator => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

it('the job page says until when a link works and resends the invitation, which the candidate receives', async () => {
  await withPage(browser, async (page) => {
    await signInAsOperator(page);
    const job = await createJobViaApi(page, { title: 'Night Baker', description: 'Bakes the morning bread.', questions: ['How do you plan a night shift?'] });
    const address = `${uniqueName('ada')}@example.com`;
    const interview = await createInterviewViaApi(page, job.id, 'Ada Lovelace', address);

    await openJob(page, job);
    const row = interviewRow(page, 'Ada Lovelace');
    await row.getByText(`Link valid until ${await asPageWrites(page, interview.linkExpiresAt!)}`, { exact: true }).waitFor();

    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/interview/${interview.id}/resend`));
    await row.getByRole('button', { name: 'Resend the invitation to Ada Lovelace' }).click();
    const result = (await (await answered).json()) as ResendInvitationResult;
    expect(result.status).toBe('sent');
    const validUntil = await asPageWrites(page, result.linkExpiresAt);
    await expectToast(page, 'Invitation sent again', `The invitation was sent again. Ada Lovelace's link is valid until ${validUntil}.`);
    await row.getByText(`Link valid until ${validUntil}`, { exact: true }).waitFor();

    const mail = await waitForMail((m) => m.to === address);
    expect(mail.subject).toBe(`Interview Invitation for Night Baker at ${OPERATOR_COMPANY}`);
    expect(mail.text).toContain(interview.candidateLink);
    expect(mail.text).toContain('Your interview link is valid until');
  });
});

it('a candidate whose position was closed is told so and whom to contact', async () => {
  await withPage(browser, async (page) => {
    await signInAsOperator(page);
    const job = await createJobViaApi(page, { title: 'Pastry Chef', description: 'Runs the pastry section.', questions: ['What is your signature dessert?'] });
    const interview = await createInterviewViaApi(page, job.id, 'Grace Hopper', `${uniqueName('grace')}@example.com`);
    const closed = await page.request.post(`/api/job/${job.id}/close`);
    expect(closed.status()).toBe(200);

    await page.context().clearCookies();
    await page.goto(linkPath(interview));
    await page.getByRole('heading', { name: 'This position is closed', level: 1 }).waitFor();
    await page.getByText(`This position is closed, so the interview can no longer be taken. Contact ${OPERATOR_COMPANY} with any questions.`, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ready to Start' }).count()).toBe(0);
  });
});

it('an expired link says when it expired and whom to ask; a resend from the job page opens it again', async () => {
  const username = `${uniqueName('links')}@example.com`;
  const recruiter = await RecruiterApi.register(server.baseUrl, username, 'Expiry Bakery');
  const job = await recruiter.createJob('Counter Assistant', 'Serves customers at the counter.', ['How do you handle a queue at opening time?']);
  const interview = await recruiter.createInterview(job.id, 'Alan Turing', 'alan@example.com');

  // Two days ago, on the minute, as the server would have written it had the invitation gone 16 days ago.
  const expiredAt = new Date(Math.floor((Date.now() - 2 * 24 * 60 * 60 * 1000) / 60_000) * 60_000);
  await server.stop();
  const database = await openDatabase({ dataDir: server.dataDir });
  try {
    await database.query('update interviews set link_expires_at = $1 where id = $2', [expiredAt.toISOString(), interview.id]);
  } finally {
    await database.close();
  }
  await server.restart();

  const candidate = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', timezoneId: TIME_ZONE });
  const desk = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', timezoneId: TIME_ZONE });
  candidate.setDefaultTimeout(10_000);
  desk.setDefaultTimeout(10_000);
  try {
    const page = await candidate.newPage();
    await page.goto(linkPath(interview));
    await page.getByRole('heading', { name: 'This interview link has expired', level: 1 }).waitFor();
    const when = asCandidateSees(expiredAt);
    await page.getByText(`This interview link expired on ${when}. Contact Expiry Bakery (${username}) for a new link.`, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ready to Start' }).count()).toBe(0);

    const jobPage = await desk.newPage();
    await loginViaApi(jobPage, username, PASSWORD);
    await openJob(jobPage, job);
    const row = interviewRow(jobPage, 'Alan Turing');
    await row.getByText('Link expired', { exact: true }).waitFor();
    const answered = jobPage.waitForResponse((r) => r.url().endsWith(`/api/interview/${interview.id}/resend`));
    await row.getByRole('button', { name: 'Resend the invitation to Alan Turing' }).click();
    const result = (await (await answered).json()) as ResendInvitationResult;
    // This server has no mail server: the invitation waits in the outbox.
    expect(result.status).toBe('outbox');
    const validUntil = await asPageWrites(jobPage, result.linkExpiresAt);
    await expectToast(jobPage, 'Invitation queued', `No mail server is configured, so the invitation waits in the outbox (Settings → Outbox). Alan Turing's link is valid until ${validUntil}.`);
    await row.getByText(`Link valid until ${validUntil}`, { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview', level: 1 }).waitFor();
    const readyUntil = asCandidateSees(new Date(result.linkExpiresAt));
    await page.getByText(`This link is valid until ${readyUntil}: start your interview before then.`, { exact: true }).waitFor();
  } finally {
    await candidate.close();
    await desk.close();
  }
});
