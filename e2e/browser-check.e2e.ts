import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedInterview, InterviewDetail, InterviewListItem } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import { baseUrl, launchBrowser } from './browser';
import { CONSENT, linkPath, newRoomContext, PREFER_TYPING, RecruiterApi, textOf } from './candidate-room-kit';

// Issue 30, "no dead ends": on opening the link, before the consent box, the ready page says what
// this browser will do (record and listen, record and read typed answers, or not record at all, and
// then what to do instead), and a start that fails for the browser's reason reaches the recruiter as
// "Could not start: … (the browser)" instead of "In Progress". Chromium plays each kind of browser:
// the parts it lacks are taken away before the app loads.

let browser: Browser;
let recruiter: RecruiterApi;
let job: Job;
const username = `browsers-${Date.now().toString(36)}@cafe.example`;

beforeAll(async () => {
  browser = await launchBrowser();
  recruiter = await RecruiterApi.register(baseUrl(), username, 'Corner Cafe Co');
  job = await recruiter.createJob('Barista', 'Makes coffee at a busy counter.', ['How do you keep the queue moving?', 'Tell me about a regular you remember.']);
}, 60_000);
afterAll(() => browser?.close());

/** A candidate's page in a browser without `missing` (window properties deleted before the app runs). */
async function candidatePage(missing: string[], viewport = { width: 1280, height: 800 }) {
  const { context, page } = await newRoomContext(browser, baseUrl());
  await context.addInitScript((names: string[]) => {
    for (const name of names) {
      const [owner, key] = name.includes('.') ? [name.split('.')[0]!, name.split('.')[1]!] : ['window', name];
      const target = owner === 'navigator' ? (navigator as unknown as Record<string, unknown>) : (window as unknown as Record<string, unknown>);
      Object.defineProperty(target, key, { value: undefined, configurable: true });
    }
  }, missing);
  await page.setViewportSize(viewport);
  return { context, page };
}
const newInterview = (name: string): Promise<CreatedInterview> => recruiter.createInterview(job.id, name, `${name.split(' ')[0]!.toLowerCase()}.${Date.now().toString(36)}@example.com`);
const ready = async (page: Page, interview: CreatedInterview) => {
  await page.goto(linkPath(interview));
  await page.getByRole('heading', { name: 'Welcome to Your AI Interview', level: 1 }).waitFor();
};

it('a browser that records and listens says so, gives the choice to type, and says how long the interview takes', async () => {
  const { context, page } = await candidatePage([]);
  try {
    await ready(page, await newInterview('Ana Ruiz'));
    await page.getByText('Your browser will record the interview; answer aloud, or type if you prefer.', { exact: true }).waitFor();
    await page.getByText('About 6 minutes, 2 questions', { exact: true }).waitFor();
    await page.getByText('An AI interviewer conducts this interview: it asks the questions aloud and listens to your answers.', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: PREFER_TYPING }).waitFor();
  } finally {
    await context.close();
  }
});

it('a browser without speech recognition (Firefox, Safari) records and reads typed answers, and never promises listening', async () => {
  const { context, page } = await candidatePage(['SpeechRecognition', 'webkitSpeechRecognition']);
  try {
    await ready(page, await newInterview('Ben Okafor'));
    await page.getByText('Your browser will record the interview; type your answers.', { exact: true }).waitFor();
    // (The notice's own words, one tap away, are the company's versioned text, kept as they are.)
    // ('Listen carefully to each question', the spec's, is about the candidate listening.)
    expect(await page.getByText(/listens|answer aloud|speak your answers/i).filter({ visible: true }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: PREFER_TYPING }).count()).toBe(0);
    await page.getByText('This browser cannot turn speech into text, so you type your answers.', { exact: false }).waitFor();
    // It can start: consent and the button are there.
    await page.getByRole('checkbox', { name: CONSENT }).check();
    expect(await page.getByRole('button', { name: 'Ready to Start' }).isEnabled()).toBe(true);
  } finally {
    await context.close();
  }
});

it('a browser that cannot record says so before any consent, with the alternative form right there', async () => {
  const { context, page } = await candidatePage(['MediaRecorder']);
  const interview = await newInterview('Cy Tran');
  try {
    await ready(page, interview);
    const alert = page.getByRole('alert').filter({ hasText: 'This browser cannot record the interview.' });
    expect(await textOf(alert)).toBe('This browser cannot record the interview. Open the link in a current Chrome, Edge, Firefox or Safari, or ask for an alternative.');
    // No consent to give and no start to fail: the way on is another browser or a person.
    expect(await page.getByRole('checkbox', { name: CONSENT }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ready to Start' }).count()).toBe(0);
    const alternative = page.getByRole('region', { name: 'Prefer another way?' });
    await alternative.getByRole('button', { name: 'Ask for an alternative' }).click();
    await alternative.getByRole('radio', { name: 'An interview with a person instead of the AI' }).check();
    await alternative.getByRole('button', { name: 'Send request' }).click();
    await alternative.getByRole('status').waitFor();
    const row = (await recruiter.request<InterviewListItem[]>('GET', `/api/job/${job.id}/interview`)).find((r) => r.id === interview.id)!;
    expect(row).toMatchObject({ status: 'pending', alternativeRequested: true, startProblem: null });
  } finally {
    await context.close();
  }
});

it('a start the browser refuses reaches the recruiter as "Could not start", and the candidate can ask for an alternative there', async () => {
  // The camera and microphone refused, as when the candidate says no to the browser's question.
  const { context, page } = await candidatePage([]);
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  const interview = await newInterview('Dee Park');
  try {
    await ready(page, interview);
    await page.getByRole('checkbox', { name: CONSENT }).check();
    await page.getByRole('button', { name: 'Ready to Start' }).click();
    await page.getByRole('heading', { name: 'Error', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Prefer another way?' }).waitFor();

    const expected = /^Could not start: the candidate did not allow the camera or microphone \(Chrom[^)]+\)$/;
    const detail = await waitForStartProblem(interview.id);
    expect(detail.status).toBe('in_progress');

    // The recruiter's interview list says so where the status is.
    const desk = await browser.newContext({ baseURL: baseUrl() });
    try {
      const login = await desk.request.post('/api/login', { data: { username, password: 'correct horse battery' } });
      expect(login.status()).toBe(200);
      const list = await desk.newPage();
      await list.goto(`/job/${job.id}`);
      const row = list.getByRole('row').filter({ hasText: 'Dee Park' });
      // In the Status column (a phone also shows it under the name).
      const status = row.getByRole('cell').getByText('Could not start:', { exact: true });
      await status.waitFor();
      expect(await textOf(status.locator('xpath=../..'))).toMatch(expected);
      expect(await row.getByText('In Progress', { exact: true }).count()).toBe(0);
    } finally {
      await desk.close();
    }
  } finally {
    await context.close();
  }
});

async function waitForStartProblem(id: number): Promise<InterviewDetail> {
  const until = Date.now() + 10_000;
  for (;;) {
    const detail = await recruiter.request<InterviewDetail>('GET', `/api/interview/${id}`);
    if (detail.startProblem) return detail;
    if (Date.now() > until) throw new Error('the failed start never reached the recruiter');
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('fits a phone: the ready page reaches the consent box in about one screen, without sideways scrolling', async () => {
  const { context, page } = await candidatePage([], { width: 390, height: 844 });
  try {
    await ready(page, await newInterview('Eve Sato'));
    await page.getByRole('button', { name: 'Read the full notice' }).waitFor();
    const consentTop = await page.getByRole('checkbox', { name: CONSENT }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`ready page at 390x844: consent box at ${Math.round(consentTop)} px, scrollWidth ${scrollWidth}`);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    expect(consentTop).toBeLessThanOrEqual(844 * 1.1);
  } finally {
    await context.close();
  }
});
