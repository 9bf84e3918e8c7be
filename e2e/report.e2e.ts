import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anchorLevelOf, type BehaviourAnchors, type Evidence, type TranscriptEntry } from '../src/contracts/ai';
import type { CreatedInterview, InterviewDetail } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';
import type { JobAnalytics, ReviewState } from '../src/contracts/report';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser, toastWithTitle } from './browser';
import { linkPath, newRoomContext, nextTurn, RecruiterApi, startInterview, storedTranscript, typeAnswer, waitUntil } from './candidate-room-kit';
import { expectNewToast, markToastsSeen } from './hiring';
import { formatOffset } from '../src/client/features/interview-report/utils/format-offset';

// The recruiter's interview report (/interview/{id}) and the job's analytics, for an interview a
// candidate really took (typed answers, a real MediaRecorder recording), on a server of this file's own.

const PASSWORD = 'correct horse battery';
const CANDIDATE = 'Ada Lovelace';
const EMAIL = 'ada.lovelace@example.com';
const QUESTIONS = ['Tell me about a project you are proud of, candidate_name.', 'How do you handle a disagreement with a teammate?'];
/** An admitted shortcut: the report lists it under 'Worth checking' with its time (issue 31). */
const SHORTCUT = "Honestly, if it's a small fix I'll usually just push it straight to production without a review.";
const ANSWERS = [
  'At my last job I led the rewrite of our billing service in TypeScript. I split the work into small releases, added contract tests and ran both versions side by side for two weeks. As a result we cut invoice errors by 40 percent and the team could ship changes weekly instead of monthly.',
  'Last year a teammate and I disagreed about adding a cache to the search API. I asked for data, we measured latency together on real traffic and agreed on a small experiment. In the end the cache reduced response times by half, and I learned to settle disagreements with evidence rather than opinions. ' + SHORTCUT,
];

interface StoredCriterion {
  name: string;
  score: number | null;
  weight?: number;
  feedback?: string;
  evidence?: Evidence[];
  anchors?: BehaviourAnchors;
  notAssessed?: boolean;
}
interface StoredFeedback {
  summary: string;
  overall: number | null;
  engine?: string;
  criteria: StoredCriterion[];
  worthChecking?: { kind: string; quote: string; atMs?: number }[];
}

let server: AppServer;
let browser: Browser;
let recruiter: RecruiterApi;
let username: string;
let job: Job;
let interview: CreatedInterview;
let pending: CreatedInterview;
let detail: InterviewDetail;
let recruiterContext: BrowserContext;

/** The candidate takes the interview in the room, typing substantive answers to every turn. */
async function takeInterview(created: CreatedInterview): Promise<void> {
  const { context, page } = await newRoomContext(browser, server.baseUrl);
  try {
    await page.goto(linkPath(created));
    await startInterview(page, { typing: true });
    let asked = -1;
    for (let aiTurns = 0; ; ) {
      const turn = await nextTurn(page, aiTurns);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      if (turn.label.startsWith('Question')) asked++;
      await typeAnswer(page, ANSWERS[Math.max(0, asked)]!);
    }
    await page.getByText('Thank you for participating. Your interview has been recorded and submitted.', { exact: true }).waitFor();
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  username = `report-recruiter-${Date.now().toString(36)}`;
  recruiter = await RecruiterApi.register(server.baseUrl, username);
  job = await recruiter.createJob('Platform Engineer', 'A platform engineer who builds and runs our TypeScript services on PostgreSQL.', QUESTIONS);
  interview = await recruiter.createInterview(job.id, CANDIDATE, EMAIL);
  pending = await recruiter.createInterview(job.id, 'Pat Pending', 'pat.pending@example.com');
  await takeInterview(interview);
  detail = await recruiter.waitForCompleted(interview.id, 30_000);

  // The recruiter's browser: the account that created the job, signed in through the API.
  recruiterContext = await browser.newContext({ baseURL: server.baseUrl, acceptDownloads: true });
  recruiterContext.setDefaultTimeout(10_000);
  const res = await recruiterContext.request.post('/api/login', { data: { username, password: PASSWORD } });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function withRecruiterPage(run: (page: Page) => Promise<void>): Promise<void> {
  const page = await recruiterContext.newPage();
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

const feedbackOf = (d: InterviewDetail) => d.feedback as StoredFeedback;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const toneBar = (score: number) => (score >= 80 ? 'bg-green-600' : score >= 60 ? 'bg-amber-600' : 'bg-red-600');
const expectedWeighted = (criteria: { score: number | null; weight: number }[]) => {
  const judged = criteria.filter((c): c is { score: number; weight: number } => c.score !== null);
  const total = judged.reduce((s, c) => s + c.weight, 0);
  return Math.round(total === 0 ? judged.reduce((s, c) => s + c.score, 0) / judged.length : judged.reduce((s, c) => s + c.score * c.weight, 0) / total);
};

async function openReport(page: Page, id: number): Promise<void> {
  await page.goto(`/interview/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

const classOf = async (locator: Locator) => (await locator.getAttribute('class')) ?? '';

it('the completed interview: header, candidate details, feedback with coloured scores and the transcript', async () => {
  const feedback = feedbackOf(detail);
  expect(feedback.criteria.length).toBeGreaterThan(0);
  expect(typeof feedback.overall).toBe('number');

  await withRecruiterPage(async (page) => {
    await openReport(page, interview.id);
    await page.getByRole('heading', { name: `Interview with ${CANDIDATE}`, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to job' }).getAttribute('href')).toBe(`/job/${job.id}`);

    // Candidate Details: name, email, a green 'Completed' badge.
    const details = region(page, 'Candidate Details');
    await details.waitFor();
    expect(await details.locator('dd').nth(0).textContent()).toBe(CANDIDATE);
    expect(await details.locator('dd').nth(1).textContent()).toBe(EMAIL);
    const badge = details.locator('dd').nth(2).getByText('Completed', { exact: true });
    await badge.waitFor();
    // The computed colour may be oklch(); a canvas gives its sRGB channels.
    const [r, g, b] = await badge.evaluate((el) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(el).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    const badgeColour = `rgb(${r}, ${g}, ${b})`;
    expect(g!, `badge background ${badgeColour} should be green`).toBeGreaterThan(r!);
    expect(g!, `badge background ${badgeColour} should be green`).toBeGreaterThan(b!);

    // Interview Feedback: engine, summary, overall, criteria.
    const card = region(page, 'Interview Feedback');
    await card.waitFor();
    await card.getByText('Evaluated by the built-in engine', { exact: true }).waitFor();
    await card.getByText(/^The built-in engine judges how answers are told .* not whether the practice described is right\. Check the evidence before relying on a score\.$/).waitFor();
    expect(feedback.engine).toBe('builtin');
    await card.getByRole('heading', { name: 'Overall Assessment' }).waitFor();
    expect(feedback.summary.length).toBeGreaterThan(0);
    await card.getByText(feedback.summary, { exact: true }).waitFor();
    // No one has adjusted anything yet: no 'AI:' value beside the overall.
    const overallRow = card.getByText('Overall Score', { exact: true }).locator('xpath=../..');
    const overall = Math.round(feedback.overall!);
    expect((await overallRow.innerText()).replace(/\s+/g, '')).toContain(`${overall}/100`);
    expect(await overallRow.getByText(/^AI:/).count()).toBe(0);
    const overallBars = overallRow.locator('[aria-hidden="true"] > div');
    if (overall > 0) {
      expect(await overallBars.count()).toBe(1);
      expect(await classOf(overallBars)).toContain(toneBar(overall));
    } else {
      expect(await overallBars.count()).toBe(0);
    }

    // The admitted shortcut, apart from the scores, in the candidate's words with its time in the recording.
    expect(feedback.worthChecking).toEqual([{ kind: 'rule_breaking', quote: SHORTCUT, atMs: expect.any(Number) }]);
    const worth = region(page, 'Worth checking');
    await worth.getByText('Admits breaking a rule', { exact: true }).waitFor();
    await worth.getByText(`“${SHORTCUT}”`, { exact: true }).waitFor();
    expect(await worth.innerText()).toContain(formatOffset(feedback.worthChecking![0]!.atMs!));

    const articles = card.getByRole('article');
    expect(await articles.count()).toBe(feedback.criteria.length);
    for (const [index, criterion] of feedback.criteria.entries()) {
      const article = articles.nth(index);
      expect(await article.getByRole('heading', { level: 4 }).textContent()).toBe(criterion.name);
      if (criterion.score === null) {
        await article.getByText(criterion.notAssessed ? 'Not assessed' : 'Insufficient evidence', { exact: true }).waitFor();
        continue;
      }
      const score = Math.round(criterion.score);
      expect((await article.innerText()).replace(/\s+/g, '')).toContain(`${score}/100`);
      const bar = article.locator('[aria-hidden="true"] > div').first();
      expect(await classOf(bar), `bar of ${criterion.name} (${score})`).toContain(toneBar(score));
      expect(await bar.getAttribute('style')).toContain(`width: ${Math.min(100, Math.max(0, criterion.score))}%`);
      // The AI's rubric has behaviour anchors: the card shows the one the score is nearest to.
      expect(criterion.anchors, `anchors of ${criterion.name}`).toBeDefined();
      const level = anchorLevelOf(criterion.score);
      const label = { weak: 'Weak', adequate: 'Adequate', strong: 'Strong' }[level];
      await article.getByText(`Nearest anchor: ${label}.`, { exact: true }).waitFor();
      expect(await article.innerText()).toContain(criterion.anchors![level]);
    }
    // One bar's computed colour against its score (Tailwind's green-600 / amber-600 / red-600, in oklch).
    const first = feedback.criteria.findIndex((c) => c.score !== null);
    const firstBar = articles.nth(first).locator('[aria-hidden="true"] > div').first();
    const colour = await firstBar.evaluate((el) => getComputedStyle(el).backgroundColor);
    const reference = await page.evaluate((cls) => {
      const probe = document.createElement('div');
      probe.className = cls;
      document.body.append(probe);
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    }, toneBar(feedback.criteria[first]!.score!));
    expect(colour).toBe(reference);
    expect(colour).not.toBe('rgba(0, 0, 0, 0)');

    // The transcript: collapsed, then every turn, the candidate's highlighted.
    const transcriptCard = region(page, 'Transcript');
    const trigger = transcriptCard.getByRole('button', { name: 'Transcript' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('list', { name: 'Transcript' }).count()).toBe(0);
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('list', { name: 'Transcript' });
    await list.waitFor();
    const stored = storedTranscript(detail);
    const rows = list.locator(':scope > li');
    expect(await rows.count()).toBe(stored.length);
    for (const [index, entry] of stored.entries()) {
      const row = rows.nth(index);
      expect(await row.innerText()).toContain(entry.text);
      const highlighted = (await classOf(row)).split(/\s+/).includes('bg-brand-50');
      expect(highlighted, `row ${index} (${entry.speaker}) highlighted`).toBe(entry.speaker === 'Candidate');
    }
    expect(stored.filter((e) => e.speaker === 'Candidate').map((e) => e.text)).toEqual(ANSWERS);
  });
});

it('the recording plays, and an evidence quote and a transcript row seek it to their time', async () => {
  const feedback = feedbackOf(detail);
  const evidence = feedback.criteria.flatMap((c) => c.evidence ?? []).find((e) => e.atMs !== undefined);
  expect(evidence, 'the evaluation quotes the candidate with a time').toBeDefined();
  const stored = storedTranscript(detail);

  await withRecruiterPage(async (page) => {
    await openReport(page, interview.id);
    const card = region(page, 'Interview Recording');
    await card.waitFor();
    const play = card.getByRole('button', { name: 'View Interview Recording' });
    await play.waitFor();
    expect(await card.getByText('Recording not available').count()).toBe(0);
    await play.click();

    const video = card.locator('video[aria-label="Interview recording"]');
    await video.waitFor();
    expect(await video.getAttribute('src')).toMatch(new RegExp(`^/api/interview/${interview.id}/recording(\\?|$)`));
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve, reject) => {
          if (v.readyState >= 1) return resolve();
          v.addEventListener('loadedmetadata', () => resolve(), { once: true });
          v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}: ${v.error?.message}`)), { once: true });
        }),
    );
    const meta = await video.evaluate((v: HTMLVideoElement) => ({ readyState: v.readyState, duration: v.duration }));
    expect(meta.readyState).toBeGreaterThanOrEqual(1);
    expect(meta.duration === Infinity || meta.duration > 0, `duration ${meta.duration}`).toBe(true);

    /** Waits until the player's position is at `ms` (±1.5 s), or at its end when the recording is shorter. */
    const expectSeekedTo = async (ms: number, what: string) => {
      const seconds = ms / 1000;
      const at = await waitUntil(
        `${what}: the video at ${seconds.toFixed(1)} s`,
        async () => {
          const state = await video.evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, d: v.duration, seeking: v.seeking, ended: v.ended }));
          if (state.seeking) return undefined;
          const end = Number.isFinite(state.d) ? state.d : Infinity;
          const ok = Math.abs(state.t - seconds) <= 1.5 || (seconds > end && (state.ended || end - state.t <= 1.5));
          return ok ? state : undefined;
        },
        10_000,
        50,
      );
      if (seconds > 1 && seconds <= (Number.isFinite(at.d) ? at.d : Infinity)) expect(at.t).toBeGreaterThan(0);
    };

    // Back to the start, paused, so a seek is a visible move.
    const rewind = async () => {
      await video.evaluate((v: HTMLVideoElement) => {
        v.pause();
        v.currentTime = 0;
      });
      await waitUntil('the video back at 0', () => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.currentTime < 0.5));
    };
    await rewind();

    // An evidence quote seeks to its time.
    const quote = region(page, 'Interview Feedback').getByRole('button').filter({ hasText: evidence!.quote }).first();
    await quote.click();
    await expectSeekedTo(evidence!.atMs!, 'the evidence quote');

    // A transcript row with a time seeks to it (the candidate's last answer: the furthest in).
    const target = [...stored].reverse().find((e: TranscriptEntry) => e.speaker === 'Candidate' && e.startMs !== undefined)!;
    await rewind();
    await region(page, 'Transcript').getByRole('button', { name: 'Transcript' }).click();
    const row = page.getByRole('list', { name: 'Transcript' }).getByRole('button').filter({ hasText: target.text });
    await row.click();
    await expectSeekedTo(target.startMs!, 'the transcript row');
  });
});

it('human review: a score change needs a reason, recomputes the overall beside the AI value, and the decision joins the history', async () => {
  const api = () => recruiter.request<ReviewState>('GET', `/api/interview/${interview.id}/review`);
  const before = await api();
  expect(before.history).toHaveLength(0);
  // The heaviest judged criterion, moved far enough to change the overall.
  const criterion = [...before.ai.criteria].filter((c) => c.score !== null).sort((a, b) => b.weight - a.weight)[0]!;
  const newScore = criterion.score! >= 50 ? Math.max(0, Math.round(criterion.score!) - 40) : Math.min(100, Math.round(criterion.score!) + 40);
  const expected = expectedWeighted(before.ai.criteria.map((c) => (c.name === criterion.name ? { ...c, score: newScore } : c)));
  const aiOverall = Math.round(before.ai.overall!);
  expect(expected).not.toBe(aiOverall);
  const reason = 'The answer named the outcome but not how it was measured.';

  await withRecruiterPage(async (page) => {
    await openReport(page, interview.id);
    const review = region(page, 'Human Review');
    await review.getByRole('button', { name: 'Save review' }).waitFor();

    // Without a reason: an error, and nothing is sent.
    await review.getByRole('button', { name: `Adjust ${criterion.name}` }).click();
    await review.getByLabel(`New score for ${criterion.name}`).fill(String(newScore));
    await review.getByRole('button', { name: 'Save review' }).click();
    await review.getByText('A reason is required for every score change', { exact: true }).waitFor();
    expect(await toastWithTitle(page, 'Review saved').count()).toBe(0);
    expect((await api()).history).toHaveLength(0);

    // With the reason: saved.
    await review.getByLabel(`Reason for the change to ${criterion.name}`).fill(reason);
    await markToastsSeen(page);
    await review.getByRole('button', { name: 'Save review' }).click();
    await expectNewToast(page, 'Review saved', 'The scores and the decision are recorded in the history.');

    // The feedback card's overall is the weighted recomputation, the AI's value beside it.
    const overallRow = region(page, 'Interview Feedback').getByText('Overall Score', { exact: true }).locator('xpath=../..');
    await waitUntil('the recomputed overall', async () => (await overallRow.innerText()).replace(/\s+/g, '').includes(`${expected}/100`));
    await overallRow.getByText(`AI: ${aiOverall}`, { exact: true }).waitFor();
    await overallRow.getByText('Adjusted', { exact: true }).waitFor();
    const after = await api();
    expect(after.current.overall).toBe(expected);
    expect(after.ai.overall).toBe(before.ai.overall);
    expect(after.history).toHaveLength(1);
    const adjustedCard = region(page, 'Interview Feedback').getByRole('article').filter({ has: page.getByRole('heading', { name: criterion.name, exact: true }) });
    await adjustedCard.getByText('Adjusted', { exact: true }).waitFor();
    await adjustedCard.getByText(`AI: ${Math.round(criterion.score!)}`, { exact: true }).waitFor();

    // The history lists the change, with its reason.
    const history = review.getByRole('heading', { name: 'History' }).locator('xpath=..').getByRole('listitem');
    await waitUntil('one history entry', async () => (await history.count()) === 1);
    const change = history.first();
    expect((await change.innerText()).replace(/\s+/g, ' ')).toContain(`${username} changed ${criterion.name}`);
    await change.getByText(reason).waitFor();

    // A decision with a note.
    const note = 'Strong ownership and measurable results; move to the system design round.';
    await review.getByRole('radio', { name: 'Advance' }).check();
    await review.getByLabel('Note', { exact: true }).fill(note);
    await markToastsSeen(page);
    await review.getByRole('button', { name: 'Save review' }).click();
    await expectNewToast(page, 'Review saved', 'The scores and the decision are recorded in the history.');
    await waitUntil('two history entries', async () => (await history.count()) === 2);
    const decision = history.first();
    expect((await decision.innerText()).replace(/\s+/g, ' ')).toContain(`${username} recorded the decision Advance`);
    await decision.getByText(note).waitFor();
    const state = await api();
    expect(state.decision).toBe('advance');
    expect(state.history).toHaveLength(2);
  });
});

it('a pending interview has no feedback yet, and an unknown one is not found', async () => {
  await withRecruiterPage(async (page) => {
    await openReport(page, pending.id);
    await page.getByRole('heading', { name: 'Interview with Pat Pending', level: 1 }).waitFor();
    await page.getByText('This interview is in progress. Feedback will be generated upon completion.', { exact: true }).waitFor();
    expect(await region(page, 'Interview Feedback').count()).toBe(0);
    expect(await region(page, 'Interview Recording').count()).toBe(0);

    await openReport(page, 999999);
    await page.getByRole('heading', { name: 'Interview not found', level: 1 }).waitFor();
    expect(await region(page, 'Candidate Details').count()).toBe(0);
  });
});

it("the job's analytics count the interviews, and 'Export CSV' downloads them", async () => {
  const analytics = await recruiter.request<JobAnalytics>('GET', `/api/job/${job.id}/analytics`);
  expect(analytics.invited).toBe(2);
  expect(analytics.completed).toBe(1);
  const review = await recruiter.request<ReviewState>('GET', `/api/interview/${interview.id}/review`);
  // The review above adjusted a score: the list, the analytics and the export show the reviewed overall.
  expect(review.current.criteria.some((c) => c.adjusted)).toBe(true);
  const current = review.current.overall!;
  const ai = Math.round(review.ai.overall!);
  expect(current).not.toBe(ai);
  expect(analytics.averageOverall).toBe(current);

  await withRecruiterPage(async (page) => {
    await page.goto(`/job/${job.id}`);

    // The interview list's Overall Score: the reviewer's, marked as adjusted, naming the AI's.
    const listRow = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: CANDIDATE, exact: true }) });
    await listRow.waitFor();
    const scoreCell = listRow.getByRole('cell').nth(3);
    expect((await scoreCell.innerText()).replace(/\s+/g, ' ').trim()).toMatch(new RegExp(`^${current}/100 ?Adjusted\\b`));
    const marker = scoreCell.getByTitle(`Adjusted by a reviewer. AI score: ${ai}/100`);
    expect(await marker.textContent()).toBe(`Adjusted by a reviewer. AI score: ${ai}/100`);
    const pendingCell = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Pat Pending', exact: true }) }).getByRole('cell').nth(3);
    expect(await pendingCell.getByTitle(/^Adjusted/).count()).toBe(0);

    const section = region(page, 'Analytics');
    await section.waitFor();
    const tile = (label: string) => section.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');
    await waitUntil('the analytics tiles', async () => (await tile('Invited').count()) === 1);
    expect(await tile('Invited').textContent()).toBe(String(analytics.invited));
    expect(await tile('Completed').textContent()).toBe(String(analytics.completed));
    expect(await tile('Average score').textContent()).toBe(`${current}/100`);
    await section.getByText("Overall scores of completed interviews, after reviewers' adjustments (1 interview adjusted)", { exact: true }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Export CSV' }).click()]);
    const file = await download.path();
    const csv = await readFile(file, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Candidate Name,Email,Status,Overall Score,AI Overall Score,Adjusted by Reviewer,/);
    expect(lines).toHaveLength(3);
    const row = lines.find((l) => l.startsWith(`${CANDIDATE},`));
    expect(row, csv).toBeDefined();
    expect(row!.split(',').slice(0, 6)).toEqual([CANDIDATE, EMAIL, 'completed', String(current), String(review.ai.overall), 'yes']);
    expect(row).toContain('advance');
    expect(lines.some((l) => l.startsWith('Pat Pending,pat.pending@example.com,pending,'))).toBe(true);
  });
});
