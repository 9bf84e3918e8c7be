import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { AxeBuilder } from '@axe-core/playwright';
import { format } from 'date-fns';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TranscriptEntry } from '../src/contracts/ai';
import type { CreatedInterview, InterviewDetail } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import type { ScreeningResult } from '../src/contracts/phone-call-results';
import type { PhoneScreening, ScreeningCandidate } from '../src/contracts/phone-screenings';
import { baseUrl, launchBrowser, waitForPath } from './browser';
import { RecruiterApi, submitViaMultipart } from './candidate-room-kit';
import { expectNewToast, expectToastOverDialog, markToastsSeen } from './hiring';

// Issue 15's first slice in the browser (docs/decisions/021-candidate-data-ui.md): the report's
// 'Candidate data' card (legal hold, deletion with a reason), the same card on a phone screening
// result, and the company's retention period at /settings. On the shared server, with an account
// of this file's own; the interview is submitted through the candidate's one-shot upload and
// scored by the built-in engine.

const PASSWORD = 'correct horse battery';
const CANDIDATE = 'Grace Hopper';
const QUESTIONS = ['Tell me about a system you kept running under pressure.', 'How do you explain a technical risk to a manager?'];
const ANSWERS = [
  'I ran the payment gateway during a holiday sale. I added alerts on queue depth, rehearsed the failover the week before and kept a runbook open. As a result we handled three times the usual traffic with no downtime.',
  'I describe the risk in terms of customers and money, show one chart of the trend and offer two options with their costs. Last spring that got a database upgrade approved within a week.',
];
const HELD_REASON = 'This candidate is under a legal hold: lift the hold to delete their data.';

let browser: Browser;
let context: BrowserContext;
let recruiter: RecruiterApi;
let job: Job;
let interview: CreatedInterview;
let scored: InterviewDetail;

beforeAll(async () => {
  browser = await launchBrowser();
  const username = `data-rights-${Date.now().toString(36)}`;
  recruiter = await RecruiterApi.register(baseUrl(), username, 'Data Rights Co');
  job = await recruiter.createJob('Site Reliability Engineer', 'Keeps our payment services running and explains risk to the business.', QUESTIONS);
  interview = await recruiter.createInterview(job.id, CANDIDATE, 'grace.hopper@example.com');
  const transcript: TranscriptEntry[] = QUESTIONS.flatMap((question, i) => [
    { speaker: 'AI', text: question },
    { speaker: 'Candidate', text: ANSWERS[i]! },
  ]);
  await submitViaMultipart(baseUrl(), interview, transcript);
  scored = await recruiter.waitForCompleted(interview.id, 30_000);

  context = await browser.newContext({ baseURL: baseUrl() });
  context.setDefaultTimeout(10_000);
  const res = await context.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const isAnswer = (method: string, path: string) => (response: Response) => response.request().method() === method && new URL(response.url()).pathname === path;

/** Axe on the page as it is: no critical or serious violation. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`).join('\n');
  expect(serious.length, `axe violations on ${new URL(page.url()).pathname}:\n${report}`).toBe(0);
}

/** Clicks the legal hold checkbox and waits for the server's answer and the toast. */
async function toggleHold(page: Page, card: Locator, path: string, expected: boolean): Promise<void> {
  await markToastsSeen(page);
  const [answer] = await Promise.all([page.waitForResponse(isAnswer('PUT', path)), card.getByRole('checkbox', { name: 'Legal hold' }).click()]);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ legalHold: expected });
  await expectNewToast(
    page,
    expected ? 'Legal hold placed' : 'Legal hold lifted',
    expected ? 'This candidate’s data is kept until the hold is lifted.' : 'The data can be deleted again, and the retention period applies.',
  );
  expect(await card.getByRole('checkbox', { name: 'Legal hold' }).getAttribute('aria-checked')).toBe(String(expected));
}

/** Opens the confirmation, chooses the reason and confirms; returns the reason code sent. */
async function deleteWithReason(page: Page, card: Locator, path: string, reasonLabel: string): Promise<string> {
  await card.getByRole('button', { name: 'Delete candidate data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete candidate data?' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: reasonLabel }).check();
  const [answer] = await Promise.all([page.waitForResponse(isAnswer('POST', path)), dialog.getByRole('button', { name: 'Delete data' }).click()]);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ deleted: true });
  await expectToastOverDialog(page, 'Candidate data deleted', /the scores stay, anonymised\.$/);
  await dialog.waitFor({ state: 'hidden' });
  return (answer.request().postDataJSON() as { reason: string }).reason;
}

it('a legal hold disables deletion; lifted, the data is deleted with a reason and the report keeps only the anonymised scores', async () => {
  const overall = Math.round(scored.feedback!.overall!);
  const summary = scored.feedback!.summary;
  expect(summary.length).toBeGreaterThan(0);
  const holdPath = `/api/interview/${interview.id}/legal-hold`;
  const deletePath = `/api/interview/${interview.id}/delete-data`;

  await withPage(async (page) => {
    await page.goto(`/interview/${interview.id}`);
    await page.getByRole('heading', { name: `Interview with ${CANDIDATE}`, level: 1 }).waitFor();
    const card = region(page, 'Candidate data');
    const deleteButton = card.getByRole('button', { name: 'Delete candidate data' });
    await card.getByText('A hold keeps this candidate’s data from deletion, by hand or by the retention period, until it is lifted.').waitFor();
    expect(await deleteButton.isEnabled()).toBe(true);

    // For an access request: one ZIP with everything stored (the JSON names the candidate) and the recording.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download all data (ZIP)' }).click()]);
    expect(download.suggestedFilename()).toBe(`interview-${interview.id}-export.zip`);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()))));
    expect(Object.keys(files).sort()).toEqual(['interview.json', 'recording-1.webm']);
    expect(JSON.parse(strFromU8(files['interview.json']!))).toMatchObject({ interview: { id: interview.id, candidateName: CANDIDATE } });

    // A hold: the button is disabled and says why; it survives a reload, and the server refuses too.
    await toggleHold(page, card, holdPath, true);
    expect(await deleteButton.isDisabled()).toBe(true);
    await card.getByText(HELD_REASON, { exact: true }).waitFor();
    expect(await deleteButton.getAttribute('aria-describedby')).toBe(await card.getByText(HELD_REASON, { exact: true }).getAttribute('id'));
    await page.reload();
    await page.getByRole('heading', { name: `Interview with ${CANDIDATE}`, level: 1 }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Legal hold' }).getAttribute('aria-checked')).toBe('true');
    expect(await deleteButton.isDisabled()).toBe(true);
    const refused = await page.request.post(deletePath, { data: { reason: 'other' } });
    expect(refused.status()).toBe(409);

    // Lifted: the confirmation says what goes and what stays, and wants a reason.
    await toggleHold(page, card, holdPath, false);
    expect(await card.getByText(HELD_REASON).count()).toBe(0);
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete candidate data?' });
    await dialog.getByText(`Everything Hireloop holds about ${CANDIDATE} is deleted for good. This cannot be undone.`).waitFor();
    const deleted = dialog.getByRole('list', { name: 'What is deleted' }).getByRole('listitem');
    expect(await deleted.allInnerTexts()).toEqual([
      'The interview recording',
      'The transcript',
      'The AI’s feedback text and evidence quotes',
      'Your team’s notes and review comments',
      'The candidate’s name and email address, and their interview link',
    ]);
    await dialog.getByText('the scores, without a name, so the job’s statistics still add up.').waitFor();
    const reasons = dialog.getByRole('group', { name: 'Reason' }).getByRole('radio');
    expect(await reasons.evaluateAll((inputs) => inputs.map((input) => input.parentElement?.textContent))).toEqual([
      'The candidate asked for deletion',
      'The candidate withdrew',
      'Entered in error',
      'Other reason',
    ]);
    await dialog.getByRole('button', { name: 'Delete data' }).click();
    await dialog.getByText('Choose a reason for the deletion.', { exact: true }).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await recruiter.interview(interview.id)).dataDeletedAt).toBeNull();

    // Deleted: the notice (focused) replaces the card's controls, and the banner heads the report.
    await markToastsSeen(page);
    expect(await deleteWithReason(page, card, deletePath, 'The candidate asked for deletion')).toBe('candidate_request');
    const after = await recruiter.interview(interview.id);
    expect(after.dataDeletedAt).toEqual(expect.any(String));
    expect(after.candidateName).toBe('Deleted candidate');
    expect(after.transcript).toBeNull();
    const day = format(new Date(after.dataDeletedAt!), 'PPP');
    const notice = card.getByText(`This candidate’s data was deleted on ${day}.`, { exact: true });
    await notice.waitFor();
    expect(await notice.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(`Candidate data deleted on ${day}.`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Interview with Deleted candidate', level: 1 }).waitFor();
    expect(await deleteButton.count()).toBe(0);
    expect(await card.getByRole('checkbox').count()).toBe(0);

    // What is left still reads: the scores, without the words; no transcript, no recording.
    const feedback = region(page, 'Interview Feedback');
    const overallRow = feedback.getByText('Overall Score', { exact: true }).locator('xpath=../..');
    expect((await overallRow.innerText()).replace(/\s+/g, '')).toContain(`${overall}/100`);
    expect(await page.getByText(summary).count()).toBe(0);
    await region(page, 'Interview Recording').getByText('Recording not available').waitFor();
    await region(page, 'Transcript').getByRole('button', { name: 'Transcript' }).click();
    await page.getByText('No transcript was recorded for this interview.').waitFor();
    expect(await page.getByText(ANSWERS[0]!).count()).toBe(0);

    // And it stays so.
    await page.reload();
    await page.getByRole('heading', { name: 'Interview with Deleted candidate', level: 1 }).waitFor();
    await notice.waitFor();
    expect(await deleteButton.count()).toBe(0);
  });
});

it('a phone screening candidate: the same card on the result page deletes their data', async () => {
  const screening = await recruiter.request<PhoneScreening>('POST', '/api/phone-screening', { jobTitle: 'Night Dispatcher', skills: 'radio, routing' });
  const candidate = await recruiter.request<ScreeningCandidate>('POST', `/api/phone-screening/${screening.id}/candidates`, {
    candidateName: 'Alan Turing',
    countryCode: '+44',
    phoneNumber: '7700 900123',
    timeZone: 'UTC+00:00',
    interviewTime: '2030-01-15T10:00:00Z',
  });
  const resultPath = `/api/phone-screening/candidates/${candidate.id}/result`;

  await withPage(async (page) => {
    await page.goto(`/phone-screening/${screening.id}/candidates/${candidate.id}`);
    await page.getByRole('heading', { name: 'Phone screening with Alan Turing', level: 1 }).waitFor();
    const card = region(page, 'Candidate data');
    await toggleHold(page, card, `/api/phone-screening/candidates/${candidate.id}/legal-hold`, true);
    expect(await card.getByRole('button', { name: 'Delete candidate data' }).isDisabled()).toBe(true);
    await card.getByText(HELD_REASON, { exact: true }).waitFor();
    await toggleHold(page, card, `/api/phone-screening/candidates/${candidate.id}/legal-hold`, false);

    await markToastsSeen(page);
    const reason = await deleteWithReason(page, card, `/api/phone-screening/candidates/${candidate.id}/delete-data`, 'The candidate withdrew');
    expect(reason).toBe('withdrawn');
    const result = await recruiter.request<ScreeningResult>('GET', resultPath);
    expect(result.dataDeletedAt).toEqual(expect.any(String));
    expect(result.candidateName).toBe('Deleted candidate');
    expect(result.phoneNumber).toBe('');
    await card.getByText(`This candidate’s data was deleted on ${format(new Date(result.dataDeletedAt!), 'PPP')}.`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Phone screening with Deleted candidate', level: 1 }).waitFor();
  });
});

it('/settings, from the header: refuses 10 days with the bounds, saves 90 days, and a reload shows 90', async () => {
  await withPage(async (page) => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.title()).toBe('Settings — Hireloop');
    const field = page.getByLabel('Keep candidate data for (days)');
    await waitForValue(field, '365');
    await page.getByText('Between 30 days and 4 years (1461 days).', { exact: true }).waitFor();

    // 10 days: refused where it was typed, in the contract's words (the server's own), nothing sent.
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/company/settings') patches++;
    });
    await field.fill('10');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message = page.getByText('Keep candidate data between 30 and 1461 days', { exact: true });
    await message.waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(await message.getAttribute('id'));
    expect(patches).toBe(0);

    // 90 days: shorter than now, which the page points out before saving.
    await field.fill('90');
    await page.getByText(/^Shorter than now \(365 days\): once saved, the next daily run deletes/).waitFor();
    await markToastsSeen(page);
    const [answer] = await Promise.all([
      page.waitForResponse(isAnswer('PATCH', '/api/company/settings')),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ retentionDays: 90, candidateLinkDays: 14 });
    await expectNewToast(page, 'Settings saved', 'Candidate data is kept for 90 days.');
    expect(await message.count()).toBe(0);
    expect(await recruiter.request<{ retentionDays: number; candidateLinkDays: number }>('GET', '/api/company/settings')).toEqual({ retentionDays: 90, candidateLinkDays: 14 });

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await waitForValue(field, '90');
  });
});

/** The field appears once the settings have loaded, filled with them. */
async function waitForValue(field: Locator, value: string): Promise<void> {
  await field.waitFor();
  expect(await field.inputValue()).toBe(value);
}
