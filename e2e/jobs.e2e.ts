import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, registerViaApi, uniqueName, waitForPath } from './browser';
import { createJobViaApi, expectNewToast, getJobViaApi, markToastsSeen, openJob, signInAsOperator, withPage } from './hiring';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const run = (body: (page: Page) => Promise<void>) => withPage(browser, body);

/** Counts the page's requests with this method and path from now on. */
function countRequests(page: Page, method: string, path: string | RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.method() === method && (typeof path === 'string' ? pathname === path : path.test(pathname))) count += 1;
  });
  return () => count;
}

const questionsPanel = (page: Page) => page.getByRole('region', { name: 'Interview Questions' });
const criteriaPanel = (page: Page) => page.getByRole('region', { name: 'Evaluation Criteria' });

/** The questions as the panel's view mode lists them, each with its number. */
async function viewedQuestions(page: Page): Promise<{ number: string; text: string }[]> {
  const items = questionsPanel(page).locator('ol > li');
  const out: { number: string; text: string }[] = [];
  for (const item of await items.all()) {
    out.push({ number: (await item.locator('span').first().innerText()).trim(), text: (await item.locator('p').first().innerText()).trim() });
  }
  return out;
}

/** The criteria as the panel's view mode lists them: name and weight. */
async function viewedCriteria(page: Page): Promise<{ name: string; weight: number }[]> {
  const items = criteriaPanel(page).locator('ul > li');
  const out: { name: string; weight: number }[] = [];
  for (const item of await items.all()) {
    const weight = (await item.getByText(/^\d+%$/).innerText()).trim();
    out.push({ name: (await item.locator('p').first().innerText()).trim(), weight: Number(weight.replace('%', '')) });
  }
  return out;
}

/** The values of the question editor's text areas, in order. */
async function editedQuestions(page: Page): Promise<string[]> {
  const boxes = questionsPanel(page).getByRole('list', { name: 'Interview questions' }).getByRole('textbox');
  return Promise.all((await boxes.all()).map((box) => box.inputValue()));
}

const questionBox = (page: Page, n: number) => questionsPanel(page).getByRole('textbox', { name: `Question ${n}`, exact: true });
const weightBox = (page: Page, n: number) => criteriaPanel(page).getByRole('spinbutton', { name: `Criterion ${n} weight in percent`, exact: true });
const nameBox = (page: Page, n: number) => criteriaPanel(page).getByRole('textbox', { name: `Criterion ${n} name`, exact: true });

/** dnd-kit's live region, which announces every move of a keyboard drag. */
const dragAnnouncer = (page: Page) => page.locator('[id^="DndLiveRegion"]');

/**
 * Moves the sortable row whose handle is `handle` one place down with the keyboard: Space picks it up,
 * ArrowDown (25 px a press) until its centre lies on the next row's, Space drops it. Each step waits
 * for the drag's state (the handle's aria-pressed, dnd-kit's announcements), so no key press reaches
 * the sensor before it listens.
 */
async function keyboardMoveDown(page: Page, handle: Locator, row: Locator, nextRow: Locator, name: string, count: number): Promise<void> {
  const [from, to] = await Promise.all([row.boundingBox(), nextRow.boundingBox()]);
  if (!from || !to) throw new Error('rows are not visible');
  const presses = Math.max(1, Math.round((to.y + to.height / 2 - (from.y + from.height / 2)) / 25));
  const announced = (text: string) => dragAnnouncer(page).filter({ hasText: text }).waitFor({ state: 'attached' });
  await handle.focus();
  await page.keyboard.press('Space');
  // Picked up: the handle is pressed while its row is dragged.
  await handle.and(page.locator('[aria-pressed="true"]')).waitFor();
  for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowDown');
  await announced(`${name} moved to position 2 of ${count}.`);
  await page.keyboard.press('Space');
  await announced(`${name} dropped at position 2 of ${count}.`);
}

describe('dashboard', () => {
  it('shows the empty state of a fresh account, links to New Job and reaches both tabs', async () => {
    await run(async (page) => {
      await registerViaApi(page, uniqueName('fresh'), 'Fresh Company');
      await page.goto('/dashboard');
      await page.getByText('No jobs created yet', { exact: true }).waitFor();
      expect(await page.getByRole('tab', { name: 'Video Interviews' }).getAttribute('aria-selected')).toBe('true');

      // The Phone Screenings tab is reachable and has its own empty state and link.
      await page.getByRole('tab', { name: 'Phone Screenings' }).click();
      await page.getByText('No phone screenings created yet', { exact: true }).waitFor();
      const newScreening = page.getByRole('link', { name: 'New Phone Screening' });
      expect(await newScreening.getAttribute('href')).toBe('/phone-screening/new');
      expect(await page.getByText('No jobs created yet').isVisible()).toBe(false);

      await page.getByRole('tab', { name: 'Video Interviews' }).click();
      await page.getByText('No jobs created yet', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'New Job' }).click();
      await waitForPath(page, '/job/new');
      await page.getByRole('heading', { name: 'Create Job', level: 1 }).waitFor();

      // And the New Phone Screening link goes where it says.
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Phone Screenings' }).click();
      await page.getByRole('link', { name: 'New Phone Screening' }).click();
      await waitForPath(page, '/phone-screening/new');
    });
  });
});

describe('create job', () => {
  it('shows the hints and placeholder, and validates the empty form without calling the server', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const posts = countRequests(page, 'POST', '/api/job');
      await page.goto('/job/new');
      await page.getByRole('heading', { name: 'Create Job', level: 1 }).waitFor();
      await page.getByText('Enter the job title for this position.', { exact: true }).waitFor();
      expect(await page.getByText('Provide a detailed description of the job.', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel('Job Title').getAttribute('placeholder')).toBe('Frontend Developer');
      expect(await page.getByLabel('Job Description').evaluate((el) => el.tagName)).toBe('TEXTAREA');

      await page.getByRole('button', { name: 'Create Job' }).click();
      await page.getByText('Job title is required', { exact: true }).waitFor();
      expect(await page.getByText('Job description is required', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByLabel('Job Title').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Job Description').getAttribute('aria-invalid')).toBe('true');

      // Whitespace alone is no title either.
      await page.getByLabel('Job Title').fill('   ');
      await page.getByRole('button', { name: 'Create Job' }).click();
      await page.getByText('Job title is required', { exact: true }).waitFor();
      expect(posts()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/job/new');
    });
  });

  it('creates a job with AI-drafted questions and criteria, then lists it on the dashboard', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const title = `Frontend Developer ${uniqueName('')}`;
      const description =
        'We are hiring a frontend developer to build our React and TypeScript web application. ' +
        'Experience with accessibility, testing and REST APIs is expected; you will work closely with designers.';
      await page.goto('/job/new');
      await page.getByLabel('Job Title').fill(title);
      await page.getByLabel('Job Description').fill(description);

      // Hold the request until the pending state has been seen, then let it through.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/job', async (route) => {
        if (route.request().method() === 'POST') await released;
        await route.continue();
      });
      const created = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/job');
      await page.getByRole('button', { name: 'Create Job' }).click();
      const pending = page.getByRole('button', { name: 'Creating...' });
      await pending.waitFor();
      expect(await pending.isDisabled()).toBe(true);
      release();

      const { id } = (await (await created).json()) as { id: number };
      await expectToast(page, 'Job created', 'Your job has been created successfully.');
      await waitForPath(page, `/job/${id}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();

      // The AI drafted numbered questions and a weighted rubric.
      await questionsPanel(page).locator('ol > li').first().waitFor();
      const questions = await viewedQuestions(page);
      expect(questions.length).toBeGreaterThanOrEqual(5);
      questions.forEach((q, i) => {
        expect(q.number).toBe(`${i + 1}.`);
        expect(q.text.length).toBeGreaterThan(0);
        // The name placeholder is shown as the candidate will hear it: a name (issue 31).
        expect(q.text).not.toContain('candidate_name');
      });
      expect(questions[0]!.text).toContain("{candidate's name}");
      const criteria = await viewedCriteria(page);
      expect(criteria.length).toBeGreaterThan(0);
      expect(criteria.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
      criteria.forEach((c) => expect(c.name.length).toBeGreaterThan(0));

      // Back on the dashboard the job is listed, without applicants and with a recent activity.
      await page.getByRole('link', { name: 'Back to dashboard' }).click();
      await waitForPath(page, '/dashboard');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await row.waitFor();
      const cells = row.getByRole('cell');
      expect(await cells.nth(1).innerText()).toBe('0');
      expect(await cells.nth(2).innerText()).toMatch(/ ago$/);

      // A click anywhere on the row opens the job.
      await cells.nth(1).click();
      await waitForPath(page, `/job/${id}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    });
  });
});

describe('job detail', () => {
  it('keeps the description collapsed until it is opened', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const description = `Own the checkout flow end to end. ${uniqueName('desc')}`;
      const job = await createJobViaApi(page, {
        title: `Checkout Engineer ${uniqueName('')}`,
        description,
        questions: ['Tell me about a checkout flow you built.'],
        rubric: [{ name: 'Payments', description: 'Knows payment flows', weight: 100 }],
      });
      await openJob(page, job);
      const toggle = page.getByRole('button', { name: 'Job Description' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByText(description).count()).toBe(0);
      // The two panels are open by default.
      expect(await questionsPanel(page).getByText('Tell me about a checkout flow you built.').isVisible()).toBe(true);
      expect(await criteriaPanel(page).getByText('Payments', { exact: true }).isVisible()).toBe(true);

      await toggle.click();
      const text = page.getByRole('region', { name: 'Job description text' });
      await text.waitFor();
      expect(await text.innerText()).toBe(description);
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      expect(await text.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('400px');
    });
  });

  it("says 'Job not found' for an unknown id and for another company's job", async () => {
    let otherJobId = 0;
    await run(async (page) => {
      await registerViaApi(page, uniqueName('rival'), 'Rival Company');
      otherJobId = (await createJobViaApi(page, { title: 'Rival secret role', description: 'Not for other companies to see.' })).id;
    });
    await run(async (page) => {
      await signInAsOperator(page);
      await page.goto('/job/999999');
      await page.getByRole('heading', { name: 'Job not found', level: 1 }).waitFor();

      await page.goto(`/job/${otherJobId}`);
      await page.getByRole('heading', { name: 'Job not found', level: 1 }).waitFor();
      expect(await page.getByText('Rival secret role').count()).toBe(0);
      expect((await page.request.get(`/api/job/${otherJobId}`)).status()).toBe(404);
    });
  });
});

describe('questions', () => {
  const QUESTIONS = ['Alpha: describe your last project.', 'Bravo: how do you test your code?', 'Charlie: tell me about a hard bug.', 'Delta: how do you review code?'];
  const RUBRIC = [{ name: 'Skills', description: 'Technical depth', weight: 100 }];

  it('edits, adds, removes and reorders questions with the keyboard, and the order persists', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Questions Job ${uniqueName('')}`, description: 'A job to edit questions on.', questions: QUESTIONS, rubric: RUBRIC });
      await openJob(page, job);
      expect((await viewedQuestions(page)).map((q) => q.text)).toEqual(QUESTIONS);

      await questionsPanel(page).getByRole('button', { name: 'Edit Questions' }).click();
      expect(await editedQuestions(page)).toEqual(QUESTIONS);
      await questionBox(page, 1).fill('Alpha: describe your proudest project.');
      await questionsPanel(page).getByRole('button', { name: 'Add Question' }).click();
      // The new question's text area gets the focus.
      const added = questionBox(page, 5);
      await added.waitFor();
      expect(await added.evaluate((el) => el === document.activeElement)).toBe(true);
      await added.fill('Echo: where do you want to grow?');
      await questionsPanel(page).getByRole('button', { name: 'Remove question 3', exact: true }).click();
      expect(await editedQuestions(page)).toEqual([
        'Alpha: describe your proudest project.',
        'Bravo: how do you test your code?',
        'Delta: how do you review code?',
        'Echo: where do you want to grow?',
      ]);

      // Reorder with the keyboard: the first question goes below the second.
      const rows = questionsPanel(page).getByRole('list', { name: 'Interview questions' }).getByRole('listitem');
      await keyboardMoveDown(page, questionsPanel(page).getByRole('button', { name: 'Reorder question 1', exact: true }), rows.nth(0), rows.nth(1), 'Question 1', 4);
      const expected = [
        'Bravo: how do you test your code?',
        'Alpha: describe your proudest project.',
        'Delta: how do you review code?',
        'Echo: where do you want to grow?',
      ];
      await expect.poll(() => editedQuestions(page)).toEqual(expected);

      await questionsPanel(page).getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Questions updated', 'Interview questions have been successfully updated.');
      await questionsPanel(page).getByRole('button', { name: 'Edit Questions' }).waitFor();
      expect(await viewedQuestions(page)).toEqual(expected.map((text, i) => ({ number: `${i + 1}.`, text })));

      await page.reload();
      await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
      expect((await viewedQuestions(page)).map((q) => q.text)).toEqual(expected);
      expect((await getJobViaApi(page, job.id)).questions).toEqual(expected);
    });
  });

  it('asks before saving a question the bias check flags, names each issue in plain words, and saves on confirmation (issue 31)', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Bias Job ${uniqueName('')}`, description: 'A job to check questions on.', questions: QUESTIONS.slice(0, 2), rubric: RUBRIC });
      await openJob(page, job);
      const flagged = 'How old are you, and do you have young children at home that would make 12-hour shifts difficult?';
      await questionsPanel(page).getByRole('button', { name: 'Edit Questions' }).click();
      await questionBox(page, 2).fill(flagged);
      await questionsPanel(page).getByRole('button', { name: 'Save Changes' }).click();

      const dialog = page.getByRole('dialog', { name: 'Save questions the bias check flagged?' });
      await dialog.waitFor();
      await dialog.getByText('Question 2: Asks about age', { exact: true }).waitFor();
      await dialog.getByText('Question 2: Asks about family or marital status', { exact: true }).waitFor();
      // Both issues are about the hours the question names: the rewording asks about them alone.
      await dialog.getByText('Suggested wording: Ask about the schedule itself: "This role involves 12-hour shifts. Are you able to work that schedule?"', { exact: true }).first().waitFor();
      // Cancel: nothing is saved and the editor is still open.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await getJobViaApi(page, job.id)).questions).toEqual(QUESTIONS.slice(0, 2));
      expect(await editedQuestions(page)).toEqual([QUESTIONS[0], flagged]);

      await questionsPanel(page).getByRole('button', { name: 'Save Changes' }).click();
      await dialog.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, 'Questions updated', 'Interview questions have been successfully updated.');
      expect((await getJobViaApi(page, job.id)).questions).toEqual([QUESTIONS[0], flagged]);
      await questionsPanel(page).getByText('Possible bias: Asks about family or marital status.', { exact: true }).waitFor();
      expect(await questionsPanel(page).getByText(/marital_family/).count()).toBe(0);

      // Saving again without changing the flagged question does not ask again.
      await questionsPanel(page).getByRole('button', { name: 'Edit Questions' }).click();
      await questionBox(page, 1).fill('Alpha: describe your best project.');
      await questionsPanel(page).getByRole('button', { name: 'Save Changes' }).click();
      await questionsPanel(page).getByRole('button', { name: 'Edit Questions' }).waitFor();
      await expect.poll(async () => (await getJobViaApi(page, job.id)).questions).toEqual(['Alpha: describe your best project.', flagged]);
      expect(await dialog.count()).toBe(0);
    });
  });

  it('Cancel reverts the edits, and saving no questions is refused', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Questions Job ${uniqueName('')}`, description: 'A job to edit questions on.', questions: QUESTIONS, rubric: RUBRIC });
      const patches = countRequests(page, 'PATCH', `/api/job/${job.id}/questions`);
      await openJob(page, job);
      const panel = questionsPanel(page);

      await panel.getByRole('button', { name: 'Edit Questions' }).click();
      await questionBox(page, 2).fill('Changed, then cancelled');
      await panel.getByRole('button', { name: 'Remove question 1', exact: true }).click();
      await panel.getByRole('button', { name: 'Add Question' }).click();
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await panel.getByRole('button', { name: 'Edit Questions' }).waitFor();
      expect((await viewedQuestions(page)).map((q) => q.text)).toEqual(QUESTIONS);
      await panel.getByRole('button', { name: 'Edit Questions' }).click();
      expect(await editedQuestions(page)).toEqual(QUESTIONS);

      // Remove all but one and blank that one: nothing is left to save.
      for (let i = QUESTIONS.length; i > 1; i--) await panel.getByRole('button', { name: `Remove question ${i}`, exact: true }).click();
      expect(await editedQuestions(page)).toEqual([QUESTIONS[0]]);
      await questionBox(page, 1).fill('   ');
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Validation Error', 'Please add at least one question', { destructive: true });
      // Still editing; and with every row removed it is refused the same way.
      await panel.getByRole('button', { name: 'Remove question 1', exact: true }).click();
      await panel.getByText('No questions. Add one below.', { exact: true }).waitFor();
      await markToastsSeen(page);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectNewToast(page, 'Validation Error', 'Please add at least one question', { destructive: true });
      expect(patches()).toBe(0);
      expect((await getJobViaApi(page, job.id)).questions).toEqual(QUESTIONS);
    });
  });
});

describe('criteria', () => {
  const RUBRIC = [
    { name: 'Technical skills', description: 'Depth of knowledge', weight: 40 },
    { name: 'Communication', description: 'Clarity', weight: 30 },
    { name: 'Problem solving', description: 'Approach to problems', weight: 20 },
    { name: 'Teamwork', description: 'Works with others', weight: 10 },
  ];
  const names = RUBRIC.map((c) => c.name);

  it('normalises weights that do not total 100 and drops a criterion without a name', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Criteria Job ${uniqueName('')}`, description: 'A job to edit criteria on.', questions: ['One question?'], rubric: RUBRIC });
      await openJob(page, job);
      const panel = criteriaPanel(page);
      expect(await viewedCriteria(page)).toEqual(RUBRIC.map(({ name, weight }) => ({ name, weight })));

      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      const total = panel.getByText(/^Total weight:/);
      expect(await total.innerText()).toBe('Total weight: 100%');
      expect(await nameBox(page, 1).inputValue()).toBe('Technical skills');
      expect(await nameBox(page, 1).getAttribute('placeholder')).toBe('Criterion name');
      expect(await panel.getByRole('textbox', { name: 'Criterion 1 description', exact: true }).getAttribute('placeholder')).toBe(
        'Description of how this criterion is evaluated',
      );
      for (let n = 1; n <= 4; n++) await weightBox(page, n).fill('10');
      await panel.getByText('Total weight: 40%').waitFor();
      expect(await panel.getByText('(Should be 100%)', { exact: true }).isVisible()).toBe(true);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Evaluation Criteria Updated', 'Interview evaluation criteria have been successfully updated.');
      await panel.getByRole('button', { name: 'Edit Criteria' }).waitFor();
      expect(await viewedCriteria(page)).toEqual(names.map((name) => ({ name, weight: 25 })));

      // Three criteria at 30 each, and an added row with a weight but no name.
      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      await panel.getByRole('button', { name: 'Remove criterion 4', exact: true }).click();
      for (let n = 1; n <= 3; n++) await weightBox(page, n).fill('30');
      await panel.getByRole('button', { name: 'Add Criterion' }).click();
      await nameBox(page, 4).waitFor();
      expect(await weightBox(page, 4).inputValue()).toBe('0');
      await weightBox(page, 4).fill('50');
      await panel.getByText('Total weight: 140%').waitFor();
      expect(await panel.getByText('(Should be 100%)', { exact: true }).isVisible()).toBe(true);
      await markToastsSeen(page);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectNewToast(page, 'Evaluation Criteria Updated', 'Interview evaluation criteria have been successfully updated.');
      await panel.getByRole('button', { name: 'Edit Criteria' }).waitFor();
      const expected = [
        { name: 'Technical skills', weight: 33 },
        { name: 'Communication', weight: 33 },
        { name: 'Problem solving', weight: 34 },
      ];
      expect(await viewedCriteria(page)).toEqual(expected);
      expect((await getJobViaApi(page, job.id)).rubric?.map(({ name, weight }) => ({ name, weight }))).toEqual(expected);
    });
  });

  it('shows before saving what weights that do not total 100 will become, and saves exactly that (issue 29)', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Criteria Job ${uniqueName('')}`, description: 'A job to edit criteria on.', questions: ['One question?'], rubric: RUBRIC });
      await openJob(page, job);
      const panel = criteriaPanel(page);
      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      expect(await panel.getByText(/^When you save, the weights become/).count()).toBe(0);
      await panel.getByRole('button', { name: 'Add Criterion' }).click();
      await nameBox(page, 5).fill('Reliability');
      for (const [n, weight] of [35, 25, 20, 10, 15].entries()) await weightBox(page, n + 1).fill(String(weight));
      await panel.getByText('Total weight: 105%').waitFor();
      const preview = panel.getByText(/^When you save, the weights become/);
      expect(await preview.innerText()).toBe(
        'When you save, the weights become Technical skills 33%, Communication 24%, Problem solving 19%, Teamwork 10%, Reliability 14%: scaled to total 100.',
      );
      // The weight fields point at it, so a screen reader hears it with each weight.
      const describedBy = (await weightBox(page, 1).getAttribute('aria-describedby'))!.split(' ');
      expect(describedBy).toContain(await preview.getAttribute('id'));
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Evaluation Criteria Updated', 'Interview evaluation criteria have been successfully updated.');
      await panel.getByRole('button', { name: 'Edit Criteria' }).waitFor();
      expect((await viewedCriteria(page)).map((c) => c.weight)).toEqual([33, 24, 19, 10, 14]);
    });
  });

  it('saves 50, 30, 0, 0: the weights are scaled to whole numbers totalling 100', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Criteria Job ${uniqueName('')}`, description: 'A job to edit criteria on.', questions: ['One question?'], rubric: RUBRIC });
      await openJob(page, job);
      const panel = criteriaPanel(page);
      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      for (const [n, weight] of [50, 30, 0, 0].entries()) await weightBox(page, n + 1).fill(String(weight));
      await panel.getByText('Total weight: 80%').waitFor();
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Evaluation Criteria Updated', 'Interview evaluation criteria have been successfully updated.');
      await panel.getByRole('button', { name: 'Edit Criteria' }).waitFor();
      const expected = names.map((name, i) => ({ name, weight: [62, 38, 0, 0][i]! }));
      expect(await viewedCriteria(page)).toEqual(expected);
      expect((await getJobViaApi(page, job.id)).rubric?.map(({ name, weight }) => ({ name, weight }))).toEqual(expected);
    });
  });

  it('edits a criterion\'s behaviour anchors and shows them with the criterion', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Criteria Job ${uniqueName('')}`, description: 'A job to edit criteria on.', questions: ['One question?'], rubric: RUBRIC });
      await openJob(page, job);
      const panel = criteriaPanel(page);
      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      const anchors = { weak: 'Names tools but never used them.', adequate: 'Sensible approach, no example.', strong: 'A real system: own decisions, numbers and the result.' };
      await panel.getByRole('textbox', { name: 'Criterion 1 weak answer', exact: true }).fill(anchors.weak);
      await panel.getByRole('textbox', { name: 'Criterion 1 adequate answer', exact: true }).fill(anchors.adequate);
      await panel.getByRole('textbox', { name: 'Criterion 1 strong answer', exact: true }).fill(anchors.strong);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Evaluation Criteria Updated', 'Interview evaluation criteria have been successfully updated.');
      const first = panel.locator('ul > li').first();
      await first.getByText('Strong answer', { exact: true }).waitFor();
      for (const text of Object.values(anchors)) await first.getByText(text, { exact: true }).waitFor();
      expect((await getJobViaApi(page, job.id)).rubric?.[0]?.anchors).toEqual(anchors);
      expect((await getJobViaApi(page, job.id)).rubric?.[1]?.anchors).toBeUndefined();

      // The editor opens with the saved anchors.
      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      expect(await panel.getByRole('textbox', { name: 'Criterion 1 strong answer', exact: true }).inputValue()).toBe(anchors.strong);
    });
  });

  it('reverts on Cancel and refuses to save no criteria', async () => {
    await run(async (page) => {
      await signInAsOperator(page);
      const job = await createJobViaApi(page, { title: `Criteria Job ${uniqueName('')}`, description: 'A job to edit criteria on.', questions: ['One question?'], rubric: RUBRIC });
      const patches = countRequests(page, 'PATCH', `/api/job/${job.id}/rubric`);
      await openJob(page, job);
      const panel = criteriaPanel(page);

      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      await weightBox(page, 1).fill('90');
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await panel.getByRole('button', { name: 'Edit Criteria' }).waitFor();
      expect(await viewedCriteria(page)).toEqual(RUBRIC.map(({ name, weight }) => ({ name, weight })));

      await panel.getByRole('button', { name: 'Edit Criteria' }).click();
      for (let i = RUBRIC.length; i >= 1; i--) await panel.getByRole('button', { name: `Remove criterion ${i}`, exact: true }).click();
      await panel.getByText('No criteria. Add one below.', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Validation Error', 'Please add at least one evaluation criterion', { destructive: true });

      // A row with a weight but a blank name counts as no criterion.
      await panel.getByRole('button', { name: 'Add Criterion' }).click();
      await weightBox(page, 1).fill('100');
      await nameBox(page, 1).fill('   ');
      await markToastsSeen(page);
      await panel.getByRole('button', { name: 'Save Changes' }).click();
      await expectNewToast(page, 'Validation Error', 'Please add at least one evaluation criterion', { destructive: true });
      expect(patches()).toBe(0);
      expect((await getJobViaApi(page, job.id)).rubric).toEqual(RUBRIC);
    });
  });
});

describe('answer settings', () => {
  it('the job page shows how spoken answers end, and a recruiter changes the pause, the thinking time and automatic ending', async () => {
    await run(async (page) => {
      await registerViaApi(page, uniqueName('pace'), 'Pace Company');
      const job = await createJobViaApi(page, { title: 'Night Stocker', description: 'Stock shelves overnight, unload the truck and face the aisles.' });
      await openJob(page, job);
      const panel = page.getByRole('region', { name: 'Answer Settings' });
      await panel.getByText('Answers end after a 2.5-second pause', { exact: true }).waitFor();
      await panel.getByRole('button', { name: 'Answer Settings' }).click();
      const save = panel.getByRole('button', { name: 'Save Answer Settings' });
      expect(await save.isDisabled()).toBe(true);
      await panel.getByLabel('Pause that ends an answer').selectOption({ label: '4 seconds' });
      await panel.getByLabel('Thinking time before a gentle prompt').selectOption({ label: '45 seconds' });
      await save.click();
      await expectToast(page, 'Answer Settings Updated', 'Candidates starting from now get these settings.');
      await panel.getByText('Answers end after a 4-second pause', { exact: true }).waitFor();
      expect((await getJobViaApi(page, job.id)).answering).toEqual({ autoEnd: true, pauseMs: 4000, thinkingMs: 45_000 });

      await panel.getByRole('checkbox', { name: 'End spoken answers automatically after a pause' }).uncheck();
      expect(await panel.getByLabel('Pause that ends an answer').isDisabled()).toBe(true);
      await save.click();
      await panel.getByText('Candidates end each answer themselves', { exact: true }).waitFor();
      expect((await getJobViaApi(page, job.id)).answering.autoEnd).toBe(false);
    });
  });
});
