/**
 * The candidate's whole interview in one engine, then the recruiter's report in the same engine:
 * open the invitation link, consent, type every answer (neither Firefox nor WebKit has speech
 * recognition), record, upload, see 'Interview Completed'; the recruiter signs in, opens the
 * report and plays the recording. What the candidate and the recruiter saw is returned for the
 * test to check.
 */
import { inject } from 'vitest';
import type { CreatedInterview } from '../../src/contracts/interviews';
import { operator } from '../browser';
import { CONSENT, PREFER_TYPING, RecruiterApi, storedTranscript } from '../candidate-room-kit';
import { waitInPage, type EngineSession } from './engine-session';

export const PASSWORD = 'correct horse battery';

export const QUESTIONS = ['Tell me about a busy shift you handled, candidate_name.', 'How do you help a customer who is upset?'];
export const ANSWERS = [
  'On a Saturday rush I ran the register and restocked between customers. I kept the queue short by calling a colleague to open a second till, and we served everyone within five minutes.',
  'I listen first and repeat back what went wrong, then offer a fix I can deliver right away, such as a replacement or a refund. Last month this turned an angry regular into a customer who thanked the manager.',
];

export interface Setup {
  baseUrl: string;
  recruiter: RecruiterApi;
  username: string;
  interview: CreatedInterview;
}

/** The run's operator (global-setup registered it) approves the account `userId`. */
async function approveAccount(baseUrl: string, userId: number): Promise<void> {
  const { username, password } = operator();
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (login.status !== 200) throw new Error(`operator login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const approved = await fetch(`${baseUrl}/api/admin/accounts/${userId}/approve`, { method: 'POST', headers: { cookie } });
  if (approved.status !== 200) throw new Error(`approve answered ${approved.status}: ${await approved.text()}`);
}

/**
 * On the run's shared server: a recruiter's new company account (approved by the operator), a job
 * with QUESTIONS, and one candidate's invitation, audio-only unless `video`.
 */
export async function setUpInterview(opts: { video: boolean; candidateName: string }): Promise<Setup> {
  const baseUrl = inject('baseUrl');
  const username = `engine-recruiter-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const recruiter = await RecruiterApi.register(baseUrl, username, 'Corner Cafe');
  await approveAccount(baseUrl, (await recruiter.request<{ id: number }>('GET', '/api/user')).id);
  const job = await recruiter.createJob('Shift Lead', 'Runs the floor of a busy cafe: serves customers, handles the till and keeps the team going.', QUESTIONS);
  const interview = await recruiter.request<CreatedInterview>('POST', `/api/job/${job.id}/interview`, {
    candidateName: opts.candidateName,
    email: 'candidate@example.com',
    videoRecording: opts.video,
  });
  return { baseUrl, recruiter, username, interview };
}

export interface CandidateRun {
  /** The question cards the candidate saw, in order ('Question 1 of 2: …'). */
  turns: { label: string; text: string }[];
  /** What the completed page said. */
  completedText: string;
  /** The type the page's MediaRecorder recorded in (read from the recorder). */
  recorderMimeTypes: string[];
}

/** Runs in the page before the app's first recorder: remembers each MediaRecorder's type once it starts. */
function watchRecorders() {
  const w = window as unknown as { __recorderTypes?: string[]; MediaRecorder: typeof MediaRecorder };
  if (w.__recorderTypes) return;
  const types: string[] = [];
  w.__recorderTypes = types;
  const start: MediaRecorder['start'] = Reflect.get(w.MediaRecorder.prototype, 'start');
  w.MediaRecorder.prototype.start = function (this: MediaRecorder, timeslice?: number) {
    start.call(this, timeslice);
    types.push(this.mimeType);
  };
}

type RoomState = { completed: true; text: string } | { error: string } | { label: string; text: string; aiTurns: number };

/**
 * Runs in the page: the end of the interview, an error, or the interviewer's newest line once there
 * are more than `before` AI turns in the live transcript and the candidate may answer; else null.
 */
function roomState(before: number): RoomState | null {
  const headings = [...document.querySelectorAll('h1, h2, h3')].map((h) => (h.textContent ?? '').trim());
  if (headings.includes('Interview Completed')) return { completed: true, text: document.body.innerText.replace(/\s+/g, ' ') };
  if (headings.includes('Error')) return { error: document.body.innerText.replace(/\s+/g, ' ').slice(0, 400) };
  const label = document.getElementById('current-question-label');
  if (!label) return null;
  const text = (label.nextElementSibling?.textContent ?? '').trim();
  const aiTurns = [...document.querySelectorAll('[role="region"][aria-label="Live Transcript"] [role="log"] li')].filter(
    (li) => (li.querySelector('p')?.textContent ?? '').trim() === 'AI Interviewer',
  ).length;
  const end = [...document.querySelectorAll('button')].find((b) => (b.textContent ?? '').trim() === 'End Response');
  const box = [...document.querySelectorAll('textarea')].find((t) => t.labels?.[0]?.textContent?.trim() === 'Your answer');
  const canAnswer = !!end && !end.disabled && !!box && !box.disabled;
  return canAnswer && aiTurns > before ? { label: (label.textContent ?? '').trim(), text, aiTurns } : null;
}

/** The candidate takes the interview from the invitation link to 'Interview Completed', typing ANSWERS. */
export async function takeInterview(session: EngineSession, interview: CreatedInterview): Promise<CandidateRun> {
  await session.goto(interview.candidateLink);
  await waitInPage(session, 'the ready page', () => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Welcome to Your AI Interview'), []);
  // MediaRecorder exists from the start; the app creates its recorder only after 'Ready to Start'.
  await session.evaluate(watchRecorders);
  // Said before any consent (decision 046): this browser records, and without speech recognition the answers are typed.
  await waitInPage(
    session,
    'what this browser will do',
    () => [...document.querySelectorAll('p')].some((p) => /^Your browser will record the interview; (type your answers|answer aloud, or type if you prefer)\.$/.test((p.textContent ?? '').trim())),
    [],
  );
  // Without speech recognition the page offers typing only; tick the choice where it is offered.
  const offersTyping = await session.evaluate(
    (name: string) => [...document.querySelectorAll('label')].some((l) => (l.textContent ?? '').replace(/\s+/g, ' ').trim() === name),
    PREFER_TYPING,
  );
  if (offersTyping) await session.click({ role: 'checkbox', name: PREFER_TYPING });
  await session.click({ role: 'checkbox', name: CONSENT });
  await session.click({ role: 'button', name: 'Ready to Start' });

  const turns: CandidateRun['turns'] = [];
  let aiTurns = 0;
  let asked = -1;
  for (;;) {
    const state = await waitInPage(session, `the interviewer's line after ${aiTurns} AI turns, or the end of the interview`, roomState, [aiTurns], 30_000);
    if ('error' in state) throw new Error(`${session.description}: the room shows an error: ${state.error}`);
    if ('completed' in state) {
      const recorderMimeTypes = await session.evaluate(() => (window as unknown as { __recorderTypes?: string[] }).__recorderTypes ?? []);
      return { turns, completedText: state.text, recorderMimeTypes };
    }
    aiTurns = state.aiTurns;
    turns.push({ label: state.label, text: state.text });
    if (state.label.startsWith('Question')) asked++;
    await session.type({ role: 'textbox', name: 'Your answer' }, ANSWERS[Math.max(0, asked)]!);
    await session.click({ role: 'button', name: 'End Response' });
  }
}

export interface RecruiterView {
  /** What the report's player element is. */
  element: 'VIDEO' | 'AUDIO';
  src: string;
  /** HTMLMediaElement.readyState once it could play, and how far it played in about a second. */
  readyState: number;
  playedSeconds: number;
  /** The recording as the server sends it to the recruiter's browser. */
  contentType: string;
  /** Its first 8 bytes, hex. */
  head: string;
  /** Every byte of it. */
  bytes: number;
}

/** The recruiter signs in in the same browser, opens the interview's report and plays the recording. */
export async function playRecording(session: EngineSession, baseUrl: string, username: string, interviewId: number): Promise<RecruiterView> {
  await session.goto(`${baseUrl}/auth?tab=login`);
  const signedIn = await session.evaluate(
    async (user: string, password: string) => (await fetch('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password }) })).status,
    username,
    PASSWORD,
  );
  if (signedIn !== 200) throw new Error(`sign-in answered ${signedIn}`);
  await session.goto(`${baseUrl}/interview/${interviewId}`);
  await waitInPage(session, "the report's recording card", () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'View Interview Recording'), []);
  await session.click({ role: 'button', name: 'View Interview Recording' });
  const src = await waitInPage(session, 'the recording player', () => document.querySelector('[aria-label="Interview recording"]')?.getAttribute('src') ?? null, []);

  // Played muted (no click on the player's own controls; an engine may refuse sound without one).
  const played = await session.evaluate(async () => {
    const media = document.querySelector<HTMLMediaElement>('[aria-label="Interview recording"]')!;
    media.muted = true;
    const error = () => (media.error ? `media error ${media.error.code}: ${media.error.message}` : null);
    const until = Date.now() + 20_000;
    await media.play().catch(() => undefined);
    let readyState = media.readyState;
    while (Date.now() < until && !(media.currentTime >= 1 || media.ended)) {
      if (error()) break;
      readyState = Math.max(readyState, media.readyState);
      await new Promise((r) => setTimeout(r, 100));
    }
    readyState = Math.max(readyState, media.readyState);
    const playedSeconds = media.currentTime;
    media.pause();
    return { element: media.tagName as 'VIDEO' | 'AUDIO', readyState, playedSeconds, error: error() };
  });
  if (played.error) throw new Error(`${session.description}: the recording does not play: ${played.error}`);

  const served = await session.evaluate(async (url: string) => {
    const res = await fetch(url);
    const data = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      head: [...data.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      bytes: data.length,
    };
  }, src);
  if (served.status !== 200) throw new Error(`the recording answered ${served.status}`);
  return { element: played.element, src, readyState: played.readyState, playedSeconds: played.playedSeconds, contentType: served.contentType, head: served.head, bytes: served.bytes };
}

/** The stored transcript's candidate lines, once the evaluation queue completed the interview. */
export async function completedAnswers(recruiter: RecruiterApi, interviewId: number): Promise<{ status: string; answers: string[] }> {
  const detail = await recruiter.waitForCompleted(interviewId, 30_000);
  return { status: detail.status, answers: storedTranscript(detail).filter((e) => e.speaker === 'Candidate').map((e) => e.text) };
}
