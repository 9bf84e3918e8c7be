import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlternativeRequestItem } from '../src/contracts/consent';
import type { CreatedInterview, InterviewListItem } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import { baseUrl, launchBrowser, waitForMail } from './browser';
import { CONSENT, linkPath, liveTranscript, newRoomContext, RecruiterApi, startInterview, tokenOf } from './candidate-room-kit';

// Notice, consent and the alternative process (issue 15, decision 025), in the browser: the candidate
// reads the notice (the job's criteria named), cannot start without agreeing, asks for an interview
// with a person, and the recruiter sees it on the report, the interview list and the dashboard, is
// emailed, resolves it, and reads the consent once the candidate started. On the shared server (it
// delivers mail to the test mailbox), with an account of this file's own.

const PASSWORD = 'correct horse battery';
const RUBRIC = [
  { name: 'Food safety', description: 'Knows safe handling and storage.', weight: 50 },
  { name: 'Teamwork', description: 'Works well on a busy line.', weight: 50 },
];
const MESSAGE = 'I stammer, so I would rather talk to a person. Mornings are best.';

let browser: Browser;
let recruiter: RecruiterApi;
let username: string;
let job: Job;
let interview: CreatedInterview;
let desk: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  username = `consent-${Date.now().toString(36)}@bistro.example`;
  recruiter = await RecruiterApi.register(baseUrl(), username, 'Bistro Consent Co');
  job = await recruiter.createJob('Line Cook', 'Prepares dishes on a busy line.', ['How do you keep your station clean during a rush?']);
  job = await recruiter.request<Job>('PATCH', `/api/job/${job.id}/rubric`, { rubric: RUBRIC });
  interview = await recruiter.createInterview(job.id, 'Grace Hopper', `grace.${Date.now().toString(36)}@example.com`);
  desk = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
  desk.setDefaultTimeout(10_000);
  const res = await desk.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 60_000);

afterAll(async () => {
  await desk?.close();
  await browser?.close();
});

const consentCard = (page: Page) => page.getByRole('region', { name: 'Notice and consent' });

/** No serious or critical axe violation on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`).join('\n');
  expect(serious.length, `axe violations on ${new URL(page.url()).pathname}:\n${report}`).toBe(0);
}

it('the candidate reads the notice, cannot start without agreeing, and asks for a person; the recruiter sees it, is emailed and resolves it', async () => {
  const { context, page } = await newRoomContext(browser, baseUrl());
  try {
    await page.goto(linkPath(interview));
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview', level: 1 }).waitFor();

    // The notice: an AI interviews and scores, on this job's criteria, nothing about the face or emotions; its version.
    const notice = page.getByRole('region', { name: 'About this AI interview' });
    await notice.waitFor();
    // Its sections are one tap away (issue 30), the version in view.
    expect(await notice.getByRole('heading', { level: 3 }).count()).toBe(0);
    await notice.getByRole('button', { name: 'Read the full notice' }).click();
    expect(await notice.getByRole('button', { name: 'Hide the full notice' }).getAttribute('aria-expanded')).toBe('true');
    expect(await notice.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'An AI interviews you',
      'What the AI evaluates',
      'The recording',
      'Who sees it',
      'How long it is kept',
      'If you prefer another way',
    ]);
    await notice.getByText("Your answers are scored against Bistro Consent Co's criteria for the Line Cook role: Food safety and Teamwork.", { exact: false }).waitFor();
    await notice.getByText('The AI does not analyse your face, facial expressions, emotions, tone of voice or appearance.', { exact: false }).waitFor();
    await notice.getByText('deleted automatically 365 days after your interview', { exact: false }).waitFor();
    expect(await notice.getByText(/^Notice version \d{4}-\d{2}-\d{2}$/).count()).toBe(1);

    // No start without the consent: the button waits for the tick, and the server refuses a start without one.
    const ready = page.getByRole('button', { name: 'Ready to Start' });
    expect(await ready.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: CONSENT }).isChecked()).toBe(false);
    const refused = await fetch(`${baseUrl()}/api/interview/${interview.id}/start`, { method: 'POST', headers: { 'x-candidate-token': tokenOf(interview) } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('Please read the notice about this AI interview and agree to it before starting');

    // Asking for an alternative: a kind is needed, the message is optional.
    const alternative = page.getByRole('region', { name: 'Prefer another way?' });
    await alternative.getByRole('button', { name: 'Ask for an alternative' }).click();
    await alternative.getByRole('button', { name: 'Send request' }).click();
    await alternative.getByRole('alert').filter({ hasText: 'Choose what you would like.' }).waitFor();
    await expectAccessible(page);
    await alternative.getByRole('radio', { name: 'An interview with a person instead of the AI' }).check();
    await alternative.getByLabel('Message (optional)').fill(MESSAGE);
    const made = page.waitForResponse((r) => r.url().endsWith(`/api/interview/${interview.id}/alternative-requests`) && r.request().method() === 'POST');
    await alternative.getByRole('button', { name: 'Send request' }).click();
    expect((await made).status()).toBe(201);
    const sent = alternative.getByRole('status');
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(
      /^Your request for an interview with a person was sent on .+\. The recruiters have been told and will get back to you\. You can still take the AI interview if you want to\.$/,
    );
    // The same request cannot be made twice; another kind can.
    await alternative.getByRole('button', { name: 'Ask for an alternative' }).click();
    expect(await alternative.getByRole('radio', { name: /An interview with a person instead of the AI/ }).isDisabled()).toBe(true);
    await alternative.getByRole('button', { name: 'Cancel' }).click();

    // The recruiter is emailed, with the candidate's words and the way to the report.
    const mail = await waitForMail((m) => m.to === username && m.subject === 'Grace Hopper asked for an alternative to the AI interview', 10_000);
    expect(mail.text).toContain('asked for: Interview with a person.');
    expect(mail.text).toContain(MESSAGE);
    expect(mail.text).toContain(`/interview/${interview.id}`);

    // The interview list shows the badge; the report shows the request and that no consent was given yet.
    const office = await desk.newPage();
    await office.goto(`/job/${job.id}`);
    const row = office.getByRole('row').filter({ hasText: 'Grace Hopper' });
    await row.getByRole('link', { name: 'Alternative requested' }).waitFor();
    await office.goto(`/interview/${interview.id}`);
    const card = consentCard(office);
    await card.waitFor();
    await card.getByText('Alternative requested', { exact: true }).waitFor();
    await card.getByText('The candidate has not agreed to the notice yet: the interview starts only once they do.').waitFor();
    await card.getByText('Interview with a person', { exact: true }).waitFor();
    await card.getByText(MESSAGE).waitFor();
    await expectAccessible(office);

    // The dashboard's inbox lists it next to the data requests.
    await office.goto('/dashboard');
    const inbox = office.getByRole('region', { name: 'Alternative requests' });
    await inbox.waitFor();
    const inboxRow = inbox.getByRole('row').filter({ hasText: 'Grace Hopper' });
    expect((await inboxRow.getByRole('cell').allTextContents()).slice(0, 4)).toEqual(['Grace Hopper', 'Line Cook', 'Interview with a person', MESSAGE]);
    await expectAccessible(office);

    // The candidate still takes the AI interview: agree, then start.
    await startInterview(page, { typing: true });
    await liveTranscript(page).waitFor();

    // The report now shows the consent with its version and date; the recruiter resolves the request there.
    await office.goto(`/interview/${interview.id}`);
    await card.waitFor();
    const consentLine = card.getByText(/^Consent given on .+ to notice version \d{4}-\d{2}-\d{2}\.$/);
    await consentLine.waitFor();
    await card.getByText('The notice as the candidate read it').click();
    await card.getByText("Bistro Consent Co's criteria for the Line Cook role: Food safety and Teamwork.", { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Mark resolved (Interview with a person)' }).click();
    await card.getByText(new RegExp(`^Resolved on .+ by ${username.replace(/[.]/g, '\\.')}\\.$`)).waitFor();
    expect(await card.getByText('Alternative requested', { exact: true }).count()).toBe(0);
    const [stored] = await recruiter.request<AlternativeRequestItem[]>('GET', '/api/alternative-requests');
    expect(stored).toMatchObject({ interviewId: interview.id, kind: 'human_interview', status: 'resolved', resolvedBy: username });
    const list = await recruiter.request<InterviewListItem[]>('GET', `/api/job/${job.id}/interview`);
    expect(list.find((i) => i.id === interview.id)).toMatchObject({ status: 'in_progress', alternativeRequested: false });
  } finally {
    await context.close();
  }
});
