/**
 * Helpers for the candidate-room browser tests: a recruiter driven through the API (fetch with the
 * session cookie), a candidate's browser context with its MediaRecorder output captured (and,
 * optionally, a scripted stand-in for speech recognition), and the recording as the server stored it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { TranscriptEntry } from '../src/contracts/ai';
import type { CandidateNoticeView } from '../src/contracts/consent';
import type { CreatedInterview, InterviewDetail } from '../src/contracts/interviews';
import type { Job } from '../src/contracts/jobs';

// ---- waiting ---------------------------------------------------------------------------------------

/** Polls `check` until it returns a value other than undefined/false, or fails with `what` after `timeoutMs`. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > until) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

// ---- the recruiter's side, through the API -----------------------------------------------------------

export interface Feedback {
  summary: string;
  overall: number | null;
  criteria: { name: string; score: number | null }[];
}

export class RecruiterApi {
  private constructor(
    readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  /** Registers a company account (on a fresh server the first one is the approved admin) and keeps its session. */
  static async register(baseUrl: string, username: string, companyName = 'Room Test Co'): Promise<RecruiterApi> {
    const res = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'correct horse battery', companyName }),
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (!cookie) throw new Error('register answered without a session cookie');
    return new RecruiterApi(baseUrl, cookie);
  }

  async request<T>(method: string, url: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** A job with exactly these questions (the AI drafts the rubric). */
  async createJob(title: string, description: string, questions: string[]): Promise<Job> {
    const job = await this.request<Job>('POST', '/api/job', { title, description });
    return this.request<Job>('PATCH', `/api/job/${job.id}/questions`, { questions });
  }

  createInterview(jobId: number, candidateName: string, email: string): Promise<CreatedInterview> {
    return this.request<CreatedInterview>('POST', `/api/job/${jobId}/interview`, { candidateName, email });
  }

  interview(id: number): Promise<InterviewDetail> {
    return this.request<InterviewDetail>('GET', `/api/interview/${id}`);
  }

  /** Waits (the evaluation queue polls) until the interview is 'completed'. */
  async waitForCompleted(id: number, timeoutMs = 15_000): Promise<InterviewDetail> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const detail = await this.interview(id);
      if (detail.status === 'completed') return detail;
      if (Date.now() > until) throw new Error(`interview ${id} was not completed within ${timeoutMs} ms (status: ${detail.status})`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The transcript list inside a stored `{ transcript: [...] }`. */
export function storedTranscript(detail: InterviewDetail): TranscriptEntry[] {
  const stored = detail.transcript as { transcript?: TranscriptEntry[] } | null;
  if (!stored || !Array.isArray(stored.transcript)) throw new Error(`unexpected stored transcript: ${JSON.stringify(detail.transcript)}`);
  return stored.transcript;
}

/** The candidate's link as a path (+ query), for a context whose baseURL is the server. */
export const linkPath = (interview: CreatedInterview) => {
  const url = new URL(interview.candidateLink);
  return url.pathname + url.search;
};

export const tokenOf = (interview: CreatedInterview) => new URL(interview.candidateLink).searchParams.get('token') ?? '';

/** The candidate agrees to the notice as the ready page does (decision 025): the version read from the notice, then the consent. */
export async function giveConsentViaApi(baseUrl: string, interview: CreatedInterview): Promise<void> {
  const headers = { 'x-candidate-token': tokenOf(interview) };
  const notice = await fetch(`${baseUrl}/api/interview/${interview.id}/notice`, { headers });
  if (notice.status !== 200) throw new Error(`notice answered ${notice.status}: ${await notice.text()}`);
  const { notice: shown } = (await notice.json()) as CandidateNoticeView;
  const consent = await fetch(`${baseUrl}/api/interview/${interview.id}/consent`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ noticeVersion: shown.version }),
  });
  if (consent.status !== 201 && consent.status !== 200) throw new Error(`consent answered ${consent.status}: ${await consent.text()}`);
}

/** Submits an interview the way the spec's one-shot upload does (multipart `audio` + `transcript`), as the candidate. */
export async function submitViaMultipart(baseUrl: string, interview: CreatedInterview, transcript: TranscriptEntry[]): Promise<void> {
  const headers = { 'x-candidate-token': tokenOf(interview) };
  await giveConsentViaApi(baseUrl, interview);
  const start = await fetch(`${baseUrl}/api/interview/${interview.id}/start`, { method: 'POST', headers });
  if (start.status !== 200) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  const form = new FormData();
  // The EBML signature, then filler: enough for the server's WebM check.
  const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array<number>(60).fill(0)]);
  form.append('audio', new Blob([webm], { type: 'audio/webm' }), 'recording.webm');
  form.append('transcript', JSON.stringify(transcript));
  const res = await fetch(`${baseUrl}/api/interview/${interview.id}/recording`, { method: 'POST', headers, body: form });
  if (res.status !== 200) throw new Error(`recording upload answered ${res.status}: ${await res.text()}`);
}

// ---- the candidate's browser ---------------------------------------------------------------------------

interface RoomWindow {
  /** Every MediaRecorder's non-empty `dataavailable` Blobs, one list per recorder (segment), in order. */
  __recordings: Blob[][];
  __speech: ScriptedSpeech;
}

interface ScriptedSpeech {
  /** Every recogniser the page started, oldest first. */
  started: number;
  /** Whether a recogniser is listening now. */
  listening: () => boolean;
  /** Delivers words to the listening recogniser, as Chrome would: an interim result replaces the pending one. */
  say: (transcript: string, isFinal: boolean) => void;
}

/** Runs in the page before the app: every MediaRecorder also keeps its chunks in `window.__recordings`. */
function captureRecorderOutput() {
  const Native = window.MediaRecorder;
  const recordings: Blob[][] = [];
  (window as unknown as RoomWindow).__recordings = recordings;
  class CapturingMediaRecorder extends Native {
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options);
      const blobs: Blob[] = [];
      recordings.push(blobs);
      // Added before the app's own listener, so the order is the recorder's.
      this.addEventListener('dataavailable', (event: BlobEvent) => {
        if (event.data.size > 0) blobs.push(event.data);
      });
    }
  }
  window.MediaRecorder = CapturingMediaRecorder;
}

/**
 * Runs in the page before the app: a scripted `SpeechRecognition` (the browser's own would need
 * Google's service). The test makes it "hear" words with `window.__speech.say(text, isFinal)`.
 */
function installScriptedSpeechRecognition() {
  type Result = { transcript: string; confidence: number }[] & { isFinal: boolean };
  const instances: ScriptedRecognition[] = [];
  class ScriptedRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    maxAlternatives = 1;
    onresult: ((event: { resultIndex: number; results: Result[] }) => void) | null = null;
    onerror: ((event: { error: string; message: string }) => void) | null = null;
    onend: (() => void) | null = null;
    onstart: (() => void) | null = null;
    state: 'idle' | 'listening' | 'ending' | 'ended' = 'idle';
    results: Result[] = [];

    start() {
      if (this.state !== 'idle') throw new DOMException('recognition has already started', 'InvalidStateError');
      this.state = 'listening';
      instances.push(this);
      setTimeout(() => this.onstart?.(), 0);
    }

    stop() {
      this.close(false);
    }

    abort() {
      this.close(true);
    }

    private close(aborted: boolean) {
      if (this.state !== 'listening') return;
      this.state = 'ending';
      setTimeout(() => {
        if (aborted) this.onerror?.({ error: 'aborted', message: '' });
        this.state = 'ended';
        this.onend?.();
      }, 0);
    }

    emit(transcript: string, isFinal: boolean) {
      const last = this.results[this.results.length - 1];
      const index = last && !last.isFinal ? this.results.length - 1 : this.results.length;
      this.results[index] = Object.assign([{ transcript, confidence: 0.92 }], { isFinal });
      this.onresult?.({ resultIndex: index, results: this.results });
    }
  }
  const w = window as unknown as RoomWindow & Record<string, unknown>;
  w.SpeechRecognition = ScriptedRecognition;
  w.webkitSpeechRecognition = ScriptedRecognition;
  w.__speech = {
    get started() {
      return instances.length;
    },
    listening: () => instances.some((r) => r.state === 'listening'),
    say: (transcript: string, isFinal: boolean) => {
      const listening = instances.filter((r) => r.state === 'listening');
      const rec = listening[listening.length - 1];
      if (!rec) throw new Error('no recogniser is listening');
      rec.emit(transcript, isFinal);
    },
  } satisfies ScriptedSpeech;
}

/**
 * The retake window of the rooms these helpers open, unless a test asks for the product's own
 * (RETAKE_WINDOW_MS, 6 s): long enough for the room's own timer, short enough that the hand-in after
 * every interview's last answer (which waits the window out) does not add 6 s to each test that
 * is not about retakes. practice-and-retake.e2e.ts and the Firefox and WebKit interviews keep 6 s.
 */
export const SHORT_RETAKE_WINDOW_MS = 500;

/** Runs in the page before the app: the room's test-only settings (src/client/features/candidate-room/utils/retake-window.ts). */
function setRoomTestSettings(retakeWindowMs: number) {
  (window as unknown as { __hireloopRoomTest: { retakeWindowMs: number } }).__hireloopRoomTest = { retakeWindowMs };
}

/**
 * A fresh context for the candidate on `baseUrl`, recording captured; `speech` adds the scripted
 * recogniser, `device` a screen (e.g. a phone's). The retake window is SHORT_RETAKE_WINDOW_MS unless
 * `retakeWindow` is 'product'.
 */
export async function newRoomContext(
  browser: Browser,
  baseUrl: string,
  opts: { speech?: boolean; device?: BrowserContextOptions; retakeWindow?: 'short' | 'product' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...opts.device, baseURL: baseUrl });
  context.setDefaultTimeout(10_000);
  if ((opts.retakeWindow ?? 'short') === 'short') await context.addInitScript(setRoomTestSettings, SHORT_RETAKE_WINDOW_MS);
  await context.addInitScript(captureRecorderOutput);
  if (opts.speech) await context.addInitScript(installScriptedSpeechRecognition);
  const page = await context.newPage();
  return { context, page };
}

export interface Digest {
  bytes: number;
  sha256: string;
  /** The first four bytes, hex. */
  head: string;
}

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of what each MediaRecorder in the page produced (its chunks concatenated), computed in the page. */
export async function recordedDigests(page: Page): Promise<Digest[]> {
  return page.evaluate(async () => {
    const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    const recordings = (window as unknown as RoomWindow).__recordings;
    return Promise.all(
      recordings.map(async (blobs) => {
        const buffer = await new Blob(blobs).arrayBuffer();
        const digest = await crypto.subtle.digest('SHA-256', buffer);
        return { bytes: buffer.byteLength, sha256: toHex(new Uint8Array(digest)), head: toHex(new Uint8Array(buffer.slice(0, 4))) };
      }),
    );
  });
}

export interface StoredUpload extends Digest {
  uploadId: string;
  segment: number;
  /** The length tus was told (declared with the last bytes: creation-defer-length). */
  size: number | undefined;
}

/**
 * The tus uploads on disk (`<dataDir>/recordings/<id>` with its `<id>.json`) whose metadata names
 * this interview, in segment order.
 */
export async function storedUploads(dataDir: string, interviewId: number): Promise<StoredUpload[]> {
  const dir = path.join(dataDir, 'recordings');
  const names = await readdir(dir);
  const uploads: StoredUpload[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const uploadId = name.slice(0, -'.json'.length);
    const info = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as { size?: number; metadata?: Record<string, string> };
    if (Number(info.metadata?.interviewId) !== interviewId) continue;
    const data = await readFile(path.join(dir, uploadId));
    uploads.push({
      uploadId,
      segment: Number(info.metadata?.segment ?? 0),
      size: info.size,
      bytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      head: hex(data.subarray(0, 4)),
    });
  }
  return uploads.sort((a, b) => a.segment - b.segment);
}

// ---- driving the room -----------------------------------------------------------------------------------

export const CONSENT = 'I have read the notice above and agree to be interviewed and evaluated by AI and to be recorded.';
export const PREFER_TYPING = "I'd prefer to type my answers";

export const endResponseButton = (page: Page) => page.getByRole('button', { name: 'End Response' });
export const liveTranscript = (page: Page) => page.getByRole('region', { name: 'Live Transcript' });
const questionLabel = (page: Page) => page.locator('#current-question-label');

/** Ticks the consent (and, when asked, the typing option) and presses 'Ready to Start'. */
export async function startInterview(page: Page, opts: { typing: boolean }): Promise<void> {
  try {
    await page.getByRole('heading', { name: 'Welcome to Your AI Interview' }).waitFor();
  } catch (err) {
    const shown = (await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 500);
    throw new Error(`the ready view did not appear at ${page.url()}; the page shows: '${shown}'`, { cause: err });
  }
  if (opts.typing) await page.getByRole('checkbox', { name: PREFER_TYPING }).check();
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await page.getByRole('button', { name: 'Ready to Start' }).click();
}

export interface PanelEntry {
  /** 'AI Interviewer' or the candidate's name. */
  who: string;
  text: string;
}

/** The turns the 'Live Transcript' panel lists. */
export async function panelEntries(page: Page): Promise<PanelEntry[]> {
  const items = liveTranscript(page).getByRole('log').getByRole('listitem');
  const out: PanelEntry[] = [];
  for (const item of await items.all()) {
    const [who = '', text = ''] = await item.locator('p').allTextContents();
    out.push({ who, text });
  }
  return out;
}

export interface Turn {
  /** e.g. 'Question 2 of 3' or 'Follow-up to question 2 of 3'. */
  label: string;
  /** What the interviewer said, as the question card shows it. */
  text: string;
  /** AI turns in the panel once this one was added. */
  aiTurns: number;
}

/**
 * Waits until the interviewer has said a new line (more than `aiTurnsBefore` AI turns in the
 * panel) and the candidate may answer it ('End Response' enabled), or the interview is over. The
 * practice question is skipped unless `opts.practice` is 'answer'.
 */
export async function nextTurn(page: Page, aiTurnsBefore: number, timeoutMs = 20_000, opts: { practice?: 'skip' | 'answer' } = {}): Promise<Turn | 'completed'> {
  const completed = page.getByRole('heading', { name: 'Interview Completed' });
  const skipPractice = page.getByRole('button', { name: 'Skip Practice' });
  return waitUntil(
    `the interviewer's next line (after ${aiTurnsBefore} AI turns) or the end of the interview`,
    async () => {
      if (await completed.isVisible()) return 'completed' as const;
      // A fresh interview opens with the practice question (issue 32): skipped unless the test answers it.
      if (opts.practice !== 'answer' && (await skipPractice.isVisible())) {
        await skipPractice.click();
        return undefined;
      }
      if (await page.getByRole('heading', { name: 'Error', exact: true }).isVisible()) {
        throw new Error(`the room shows an error: ${await page.getByRole('alert').allTextContents().then((t) => t.join(' '))}`);
      }
      const button = endResponseButton(page);
      if (!(await button.isVisible()) || !(await button.isEnabled())) return undefined;
      const aiTurns = (await panelEntries(page)).filter((e) => e.who === 'AI Interviewer').length;
      if (aiTurns <= aiTurnsBefore) return undefined;
      const label = ((await questionLabel(page).textContent()) ?? '').trim();
      const text = ((await questionLabel(page).locator('xpath=following-sibling::p').textContent()) ?? '').trim();
      return { label, text, aiTurns };
    },
    timeoutMs,
    100,
  );
}

/** Types an answer into 'Your answer' and presses 'End Response'. */
export async function typeAnswer(page: Page, answer: string): Promise<void> {
  await page.getByLabel('Your answer').fill(answer);
  await endResponseButton(page).click();
}

/** The question as the candidate should see it: the placeholder replaced, first letter's case ignored (a reworded question lower-cases it). */
export const personalised = (question: string, name: string) => question.replace(/candidate_name/g, name);

export const includesQuestion = (spoken: string, question: string) => spoken.toLowerCase().includes(question.toLowerCase());

/** A locator's text with whitespace collapsed, for error messages. */
export const textOf = async (locator: Locator) => (await locator.textContent())?.replace(/\s+/g, ' ').trim() ?? '';
