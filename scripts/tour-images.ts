/**
 * Takes the product tour's screenshots (the page 'See It in Action' opens, decision 043) from the
 * real app and writes them as WebP, at two widths, into src/client/features/marketing/assets/tour/.
 *   npm run tour:images [-- --no-build] [-- --png=<dir>]
 * Builds the app (unless --no-build), starts it on a fresh embedded database on loopback, makes a
 * company with one job, lets a candidate take the interview in Debian's Chromium (typed answers,
 * fake camera), lets the built-in engine score it and three more, and photographs the candidate's and
 * the recruiter's screens. Chromium also does the WebP encoding (a canvas), so nothing else is needed.
 * Run it again when those screens change, and look at the images before committing them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { TranscriptEntry } from '../src/contracts/ai';
import { CONSENT, RecruiterApi, linkPath, newRoomContext, nextTurn, startInterview, submitViaMultipart, typeAnswer } from '../e2e/candidate-room-kit';
import { startCompiledServer } from './bench-kit';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'src/client/features/marketing/assets/tour');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The screenshots' size in CSS pixels; written at this width and at half of it. */
const VIEWPORT = { width: 1280, height: 800 };
const WIDTHS = [1280, 640] as const;
const WEBP_QUALITY = 0.72;
/** --png=<dir>: also keep the screenshots as PNG there, to look at them. */
const pngDir = process.argv.find((a) => a.startsWith('--png='))?.slice('--png='.length);

const JOB = {
  title: 'Warehouse Shift Lead',
  description: 'Leads a night shift of twelve pickers and packers: plans the work, keeps the team safe and ships every order on time.',
};
const CANDIDATE = { name: 'Maya Lopez', email: 'maya.lopez@example.com' };
/** Typed by the candidate, one per question (the engine may ask a follow-up: the last answer is reused). */
const ANSWERS = [
  'I have led the night shift at a grocery distribution centre for three years, twelve pickers and two forklift drivers. I like the puzzle of getting every truck out on time without anyone getting hurt.',
  'Last winter a conveyor motor started grinding an hour into the shift. I stopped the line, locked it out, moved the pickers to the manual lane and called maintenance. They found a failing bearing; we lost twenty minutes instead of a whole night.',
  'I plan the picks by zone before the shift, check the scanners and talk through the targets in a five minute huddle. When we fall behind I move people, never skip a safety check. Last peak week we shipped every order on time and cut overtime by a third.',
];
/** The other candidates' answers (weaker and stronger), submitted as the one-shot upload does. */
const OTHERS = [
  {
    name: 'Jordan Reeves',
    answers: [
      'I have worked in warehouses for a few years, mostly picking and some forklift. I want to move up to leading a team.',
      'I would tell the supervisor and keep an eye on it. If it got worse I would stop using it.',
      'We try to work faster when we are behind, and I remind people to be careful.',
    ],
  },
  { name: 'Priya Natarajan', answers: ANSWERS },
  { name: 'Sam Okafor', answers: [ANSWERS[0]!, 'I would keep going and mention it to the supervisor at the end of the shift if it got worse.', ANSWERS[2]!] },
];

async function encodeWebp(browser: Browser, png: Buffer, name: string): Promise<void> {
  const page = await browser.newPage();
  try {
    const outputs = await page.evaluate(
      async ({ dataUrl, widths, quality }) => {
        const img = new Image();
        img.src = dataUrl;
        await img.decode();
        const results: { width: number; height: number; base64: string }[] = [];
        for (const width of widths) {
          const height = Math.round((img.naturalHeight * width) / img.naturalWidth);
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          const ctx = canvas.getContext('2d');
          if (!ctx) throw new Error('no 2d context');
          ctx.imageSmoothingQuality = 'high';
          ctx.drawImage(img, 0, 0, width, height);
          const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', quality));
          if (!blob || blob.type !== 'image/webp') throw new Error('this Chromium cannot encode WebP');
          const bytes = new Uint8Array(await blob.arrayBuffer());
          let binary = '';
          for (const b of bytes) binary += String.fromCharCode(b);
          results.push({ width, height, base64: btoa(binary) });
        }
        return results;
      },
      { dataUrl: `data:image/png;base64,${png.toString('base64')}`, widths: [...WIDTHS], quality: WEBP_QUALITY },
    );
    for (const out of outputs) {
      const file = path.join(OUT_DIR, `${name}-${out.width}.webp`);
      writeFileSync(file, Buffer.from(out.base64, 'base64'));
      console.log(`  ${path.relative(ROOT, file)}  ${out.width}×${out.height}  ${(Buffer.from(out.base64, 'base64').length / 1024).toFixed(1)} KiB`);
    }
  } finally {
    await page.close();
  }
}

/** Scrolls so that the heading is at the top of the window, a little below its edge. */
async function scrollToHeading(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { name, exact: true }).first();
  await heading.waitFor();
  await heading.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 24));
  await page.waitForTimeout(300);
}

const transcriptOf = (questions: string[], answers: string[], name: string): TranscriptEntry[] =>
  questions.flatMap((q, i) => [
    { speaker: 'AI', text: q.replace(/candidate_name/g, name) },
    { speaker: 'Candidate', text: answers[i] ?? answers[answers.length - 1]! },
  ]);

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building (npm run build)…');
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hireloop-tour-'));
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', REGISTRATIONS_PER_HOUR: '1000' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = await startCompiledServer(ROOT, env);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const base = server.baseUrl;
    const recruiter = await RecruiterApi.register(base, 'tour', 'Northwind Logistics');
    // The engine writes the questions and the rubric from the description; three of them keep the interview short.
    const drafted = await recruiter.request<{ id: number; questions: string[] }>('POST', '/api/job', JOB);
    const questions = [drafted.questions[0]!, drafted.questions[1]!, drafted.questions[3]!];
    const job = await recruiter.request<{ id: number; questions: string[] }>('PATCH', `/api/job/${drafted.id}/questions`, { questions });

    // The candidate's side: the ready page, a question, the end.
    const interview = await recruiter.createInterview(job.id, CANDIDATE.name, CANDIDATE.email);
    const room = await newRoomContext(browser, base);
    await room.page.setViewportSize(VIEWPORT);
    await room.page.goto(linkPath(interview));
    await room.page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).waitFor();
    // The camera preview (Chromium's fake device) needs a moment to show.
    await room.page.waitForTimeout(1500);
    const shots: { name: string; png: Buffer }[] = [];
    const take = async (name: string, page: Page) => {
      await page.evaluate(() => document.fonts.ready);
      shots.push({ name, png: await page.screenshot({ animations: 'disabled', caret: 'initial' }) });
    };
    await take('candidate-ready', room.page);
    // The device check with Chromium's fake camera, and the consent ticked.
    await room.page.getByRole('button', { name: 'Test camera and microphone' }).click();
    await room.page.locator('video').first().waitFor();
    await room.page.getByRole('checkbox', { name: CONSENT }).check();
    await room.page.waitForTimeout(1500);
    await scrollToHeading(room.page, 'Check your camera and microphone');
    await take('candidate-check', room.page);
    await room.page.evaluate(() => window.scrollTo(0, 0));

    await startInterview(room.page, { typing: true });
    let aiTurns = 0;
    let answered = 0;
    for (;;) {
      const turn = await nextTurn(room.page, aiTurns, 30_000);
      if (turn === 'completed') break;
      aiTurns = turn.aiTurns;
      const answer = ANSWERS[Math.min(answered, ANSWERS.length - 1)]!;
      if (answered === 1) {
        // The second question, with the first exchange in the live transcript and an answer being typed.
        await room.page.getByLabel('Your answer').fill(answer);
        await room.page.evaluate(() => window.scrollTo(0, 0));
        await take('candidate-question', room.page);
      }
      await typeAnswer(room.page, answer);
      answered++;
    }
    await room.page.getByRole('heading', { name: 'Interview Completed' }).waitFor();
    await room.page.waitForTimeout(500);
    await take('candidate-done', room.page);
    await room.context.close();

    // Three more candidates, so the job's list and analytics have something to compare.
    const others = [];
    for (const other of OTHERS) {
      const created = await recruiter.createInterview(job.id, other.name, `${other.name.toLowerCase().replace(/\s+/g, '.')}@example.com`);
      await submitViaMultipart(base, created, transcriptOf(questions, other.answers, other.name));
      others.push(created);
    }
    await recruiter.waitForCompleted(interview.id, 60_000);
    await Promise.all(others.map((o) => recruiter.waitForCompleted(o.id, 60_000)));

    // The recruiter's side: the job (questions and rubric), its candidates, the report, the review.
    const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT });
    context.setDefaultTimeout(15_000);
    const login = await context.request.post('/api/login', { data: { username: 'tour', password: 'correct horse battery' } });
    if (login.status() !== 200) throw new Error(`login failed: ${login.status()}`);
    const page = await context.newPage();
    await page.goto(`/job/${job.id}`);
    await page.getByRole('heading', { name: JOB.title, level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await take('recruiter-job', page);
    await scrollToHeading(page, 'Interviews');
    await take('recruiter-candidates', page);

    await page.goto(`/interview/${interview.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await scrollToHeading(page, 'Interview Feedback');
    await take('recruiter-report', page);
    await scrollToHeading(page, 'Human Review');
    await take('recruiter-review', page);
    await context.close();

    rmSync(OUT_DIR, { recursive: true, force: true });
    mkdirSync(OUT_DIR, { recursive: true });
    console.log('Writing the WebP images:');
    for (const shot of shots) await encodeWebp(browser, shot.png, shot.name);
    if (pngDir) {
      mkdirSync(pngDir, { recursive: true });
      for (const shot of shots) writeFileSync(path.join(pngDir, `${shot.name}.png`), shot.png);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
