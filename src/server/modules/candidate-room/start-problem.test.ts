import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedInterview, InterviewDetail, InterviewListItem } from '../../../contracts/interviews';
import { startProblemText } from '../../../contracts/candidate-room';
import type { Job } from '../../../contracts/jobs';
import { interviews } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { giveConsent } from '../../test/consent';
import { browserOf } from './candidate-room.service';

// Issue 30: a start that fails in the candidate's browser is recorded, so the recruiter reads why
// ("Could not start: this browser cannot record (Safari 17.4 on iOS)") instead of "In Progress".

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0';

let t: TestApp;
let owner: Agent;
let job: Job;
beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  expect((await owner.register('ops@start-problem.example', 'Start Problem Co')).statusCode).toBe(201);
  job = (await owner.post('/api/job', { title: 'Barista', description: 'Coffee.' })).json<Job>();
});
afterAll(() => t.close());

const newInterview = async () => {
  const created = (await owner.post(`/api/job/${job.id}/interview`, { candidateName: 'Ada Lee', email: 'ada@example.com' })).json<CreatedInterview>();
  const token = new URL(created.candidateLink).searchParams.get('token')!;
  await giveConsent(t.app, created.id, token);
  return { id: created.id, token };
};
const asCandidate = (iv: { id: number; token: string }, method: 'POST' | 'PUT', path: string, payload?: unknown, userAgent = IPHONE) =>
  t.app.inject({ method, url: `/api/interview/${iv.id}${path}`, headers: { 'x-candidate-token': iv.token, 'user-agent': userAgent }, ...(payload ? { payload: payload } : {}) });
const listed = async (id: number) => (await owner.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>().find((i) => i.id === id)!;
const detail = async (id: number) => (await owner.get(`/api/interview/${id}`)).json<InterviewDetail>();

describe('a start that fails in the candidate’s browser', () => {
  it('is shown to the recruiter with the browser it happened in, in the list and the report', async () => {
    const iv = await newInterview();
    expect((await asCandidate(iv, 'POST', '/start')).statusCode).toBe(200);
    expect((await asCandidate(iv, 'POST', '/start-problem', { reason: 'cannot_record' })).statusCode).toBe(204);

    const row = await listed(iv.id);
    expect(row.status).toBe('in_progress');
    expect(row.isActive).toBe(false);
    expect(row.startProblem).toMatchObject({ reason: 'cannot_record', code: null, browser: 'Safari 17.4 on iOS' });
    expect(startProblemText(row.startProblem!)).toBe('Could not start: this browser cannot record (Safari 17.4 on iOS)');
    expect((await detail(iv.id)).startProblem).toEqual(row.startProblem);
  });

  it('says which device failed, and is cleared once the interview starts and runs in another browser', async () => {
    const iv = await newInterview();
    await asCandidate(iv, 'POST', '/start', undefined, FIREFOX);
    await asCandidate(iv, 'POST', '/start-problem', { reason: 'media_unavailable', code: 'permission_denied' }, FIREFOX);
    const problem = (await listed(iv.id)).startProblem!;
    expect(startProblemText(problem)).toBe('Could not start: the candidate did not allow the camera or microphone (Firefox 115.0 on Linux)');

    // Started again elsewhere: the problem is gone from the start on, and stays gone once lines are saved.
    expect((await asCandidate(iv, 'POST', '/start')).statusCode).toBe(200);
    expect((await listed(iv.id)).startProblem).toBeNull();
    await asCandidate(iv, 'POST', '/start-problem', { reason: 'cannot_record' });
    const transcript = [{ speaker: 'AI', text: 'Tell me about yourself.', startMs: 0 }];
    expect((await asCandidate(iv, 'PUT', '/transcript', { transcript })).statusCode).toBe(204);
    const [stored] = await t.database.db.select({ startProblem: interviews.startProblem }).from(interviews).where(eq(interviews.id, iv.id));
    expect(stored!.startProblem).toBeNull();
  });

  it('is refused before the interview started, and with a reason it does not know', async () => {
    const iv = await newInterview();
    const early = await asCandidate(iv, 'POST', '/start-problem', { reason: 'cannot_record' });
    expect(early.statusCode).toBe(409);
    await asCandidate(iv, 'POST', '/start');
    const unknown = await asCandidate(iv, 'POST', '/start-problem', { reason: 'bored' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toMatch(/^reason: /);
    const noLink = await t.app.inject({ method: 'POST', url: `/api/interview/${iv.id}/start-problem`, payload: { reason: 'cannot_record' } });
    expect(noLink.statusCode).toBe(401);
    expect((await listed(iv.id)).startProblem).toBeNull();
  });
});

describe('the browser named from its User-Agent', () => {
  it('names the browser, its version and system, and says when it cannot', () => {
    expect(browserOf(IPHONE)).toBe('Safari 17.4 on iOS');
    expect(browserOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36')).toBe('Chrome 126.0 on Android');
    expect(browserOf(undefined)).toBe('an unknown browser');
    expect(browserOf('curl/8.5.0')).toMatch(/^(curl|an unknown browser)/);
    expect(browserOf('x'.repeat(10_000)).length).toBeLessThanOrEqual(120);
  });
});
