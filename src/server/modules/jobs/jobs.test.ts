import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contracts/jobs';
import { jobs } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview } from '../../test/factories';

let t: TestApp;
let a: Agent;
let b: Agent;
beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('company-a', 'Alpha Retail');
  b = new Agent(t.app);
  await b.register('company-b', 'Beta Logistics');
});
afterAll(() => t.close());

const createJob = async (agent: Agent, title = 'Sales Associate', description = 'Help customers on the floor, run the POS register and handle cash, restock shelves.') => {
  const res = await agent.post('/api/job', { title, description });
  expect(res.statusCode).toBe(201);
  return res.json<Job>();
};

describe('jobs', () => {
  it('creates a job with AI-drafted questions and a rubric weighing 100, recording company and creator', async () => {
    const job = await createJob(a);
    expect(job.title).toBe('Sales Associate');
    expect(job.questions.length).toBeGreaterThanOrEqual(5);
    expect(job.rubric?.reduce((s, c) => s + c.weight, 0)).toBe(100);
    expect(job.rubric?.map((c) => c.name)).toContain('Customer service');
    expect(job.num_of_interviews).toBe(0);
    expect(job.videoRecording).toBe(true);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    const me = (await a.get('/api/user')).json<{ id: number }>();
    expect(row?.userId).toBe(me.id);
  });

  it('validates the title and description', async () => {
    const res = await a.post('/api/job', { title: '  ', description: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('title: Job title is required; description: Job description is required');
  });

  it('lists only the company\'s own jobs, newest activity first', async () => {
    const first = await createJob(a, 'Cashier');
    const second = await createJob(a, 'Stock Clerk');
    await createJob(b, 'Truck Driver', 'CDL class A, regional routes.');
    await a.request('PATCH', `/api/job/${first.id}/questions`, { questions: ['Why retail?'] });
    const list = (await a.get('/api/job')).json<{ id: number; title: string; num_of_interviews: number; lastActivity: string }[]>();
    expect(list.map((j) => j.title)).not.toContain('Truck Driver');
    expect(list[0]?.id).toBe(first.id);
    expect(list[1]?.id).toBe(second.id);
    expect(list[0]).toEqual({ id: first.id, title: 'Cashier', num_of_interviews: 0, lastActivity: expect.any(String), createdAt: expect.any(String), closedAt: null });
  });

  it('answers 404 for another company\'s job on every endpoint', async () => {
    const job = await createJob(a);
    for (const res of [
      await b.get(`/api/job/${job.id}`),
      await b.request('PATCH', `/api/job/${job.id}/questions`, { questions: ['Hacked?'] }),
      await b.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: [{ name: 'X', description: '', weight: 100 }] }),
      await b.get(`/api/job/${job.id}/interview`),
      await b.post(`/api/job/${job.id}/interview`, { candidateName: 'Eve', email: 'eve@example.com' }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await a.get(`/api/job/${job.id}`)).json<Job>().questions).not.toContain('Hacked?');
    expect((await a.get('/api/job/999999')).json()).toEqual({ error: 'Job not found', code: 'NOT_FOUND' });
    expect((await new Agent(t.app).get(`/api/job/${job.id}`)).statusCode).toBe(401);
  });
});

describe('questions', () => {
  it('drops blank questions, keeps the order, and refuses an empty list', async () => {
    const job = await createJob(a);
    const res = await a.request('PATCH', `/api/job/${job.id}/questions`, { questions: ['  Second first?  ', '', '   ', 'Then this one?'] });
    expect(res.statusCode).toBe(200);
    expect(res.json<Job>().questions).toEqual(['Second first?', 'Then this one?']);
    const empty = await a.request('PATCH', `/api/job/${job.id}/questions`, { questions: ['  ', ''] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: 'Please add at least one question', code: 'VALIDATION_FAILED' });
    expect((await a.get(`/api/job/${job.id}`)).json<Job>().questions).toEqual(['Second first?', 'Then this one?']);
  });

  it('flags questions about protected characteristics', async () => {
    const job = await createJob(a);
    const res = await a.request('PATCH', `/api/job/${job.id}/questions`, { questions: ['Tell me about your sales experience.', 'Do you have children?'] });
    expect(res.json<Job>().biasFlags).toEqual([expect.objectContaining({ index: 1, category: 'marital_family' })]);
  });
});

describe('the bias check before saving (issue 31)', () => {
  const mixed = 'How old are you, and do you have young children at home that would make 12-hour shifts difficult?';
  it('finds every issue of each question, each with a rewording that keeps what the job needs, and saves nothing', async () => {
    const res = await a.post('/api/bias-check', { questions: ['Tell me about your sales experience.', mixed] });
    expect(res.statusCode).toBe(200);
    const { flags } = res.json<{ flags: { index: number; category: string; suggestion?: string }[] }>();
    expect(flags.map((f) => [f.index, f.category])).toEqual([
      [1, 'age'],
      [1, 'marital_family'],
    ]);
    expect(flags[1]!.suggestion).toBe('Ask about the schedule itself: "This role involves 12-hour shifts. Are you able to work that schedule?"');
    expect((await a.post('/api/bias-check', { questions: ['Tell me about your sales experience.'] })).json()).toEqual({ flags: [] });
  });

  it('refuses what is not a list of questions, and a caller who is not signed in', async () => {
    expect((await a.post('/api/bias-check', { questions: [] })).statusCode).toBe(400);
    expect((await a.post('/api/bias-check', { questions: ['x'.repeat(2_001)] })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/bias-check', payload: { questions: [mixed] } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('rubric', () => {
  it('drops blank names and scales weights to exactly 100 with the remainder on the last', async () => {
    const job = await createJob(a);
    const res = await a.request('PATCH', `/api/job/${job.id}/rubric`, {
      rubric: [
        { name: 'Skills', description: 'What they know', weight: 30 },
        { name: '', description: 'dropped', weight: 50 },
        { name: 'Attitude', description: '', weight: 30 },
        { name: 'Communication', description: 'Clarity', weight: 30 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Job>().rubric).toEqual([
      { name: 'Skills', description: 'What they know', weight: 33 },
      { name: 'Attitude', description: '', weight: 33 },
      { name: 'Communication', description: 'Clarity', weight: 34 },
    ]);
  });

  it('saves weights whose plain rounding went negative (50, 30, 0, 0; six at 15 and one at 0) and stores them', async () => {
    const job = await createJob(a);
    const cases = [
      { given: [50, 30, 0, 0], saved: [62, 38, 0, 0] },
      { given: [15, 15, 15, 15, 15, 15, 0], saved: [16, 16, 17, 17, 17, 17, 0] },
      { given: Array.from({ length: 18 }, () => 5), saved: [...Array.from({ length: 8 }, () => 5), ...Array.from({ length: 10 }, () => 6)] },
    ];
    for (const { given, saved } of cases) {
      const res = await a.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: given.map((weight, i) => ({ name: `Criterion ${i + 1}`, description: '', weight })) });
      expect(res.statusCode).toBe(200);
      expect(res.json<Job>().rubric?.map((c) => c.weight)).toEqual(saved);
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row!.rubric?.map((c) => c.weight)).toEqual(saved);
    }
  });

  it('keeps behaviour anchors through a save, drops blank ones, and drafts them for an AI rubric', async () => {
    const drafted = await createJob(a, 'Line Cook', 'Grill station, food safety, weekend shifts.');
    for (const c of drafted.rubric ?? []) {
      expect(c.anchors?.weak, c.name).toBeTruthy();
      expect(c.anchors?.adequate, c.name).toBeTruthy();
      expect(c.anchors?.strong, c.name).toBeTruthy();
    }
    const anchors = { weak: ' Skips temperature checks. ', adequate: 'Knows the basics.', strong: 'Logs temperatures, labels and rotates stock, with an example.' };
    const res = await a.request('PATCH', `/api/job/${drafted.id}/rubric`, {
      rubric: [
        { name: 'Food safety', description: 'Safe handling', weight: 60, anchors },
        { name: 'Teamwork', description: '', weight: 40, anchors: { weak: ' ', adequate: '', strong: '' } },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = [
      { name: 'Food safety', description: 'Safe handling', weight: 60, anchors: { ...anchors, weak: 'Skips temperature checks.' } },
      { name: 'Teamwork', description: '', weight: 40 },
    ];
    expect(res.json<Job>().rubric).toEqual(saved);
    expect((await a.get(`/api/job/${drafted.id}`)).json<Job>().rubric).toEqual(saved);
    const tooLong = await a.request('PATCH', `/api/job/${drafted.id}/rubric`, { rubric: [{ name: 'X', description: '', weight: 100, anchors: { weak: 'x'.repeat(501), adequate: '', strong: '' } }] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ error: string }>().error).toMatch(/^rubric\.0\.anchors\.weak: /);
  });

  it('refuses an empty rubric and weights outside 0-100', async () => {
    const job = await createJob(a);
    const empty = await a.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: [{ name: ' ', description: 'x', weight: 100 }] });
    expect(empty.json()).toEqual({ error: 'Please add at least one evaluation criterion', code: 'VALIDATION_FAILED' });
    const heavy = await a.request('PATCH', `/api/job/${job.id}/rubric`, { rubric: [{ name: 'A', description: '', weight: 150 }] });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json<{ error: string }>().error).toMatch(/^rubric\.0\.weight: /);
  });
});

describe('answer settings', () => {
  it('start at the defaults, are saved within their bounds, refused outside them, copied with the job and read by the candidate', async () => {
    const job = await createJob(a);
    expect(job.answering).toEqual({ autoEnd: true, pauseMs: 2500, thinkingMs: 20_000 });
    const saved = await a.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: false, pauseMs: 4000, thinkingMs: 30_000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Job>().answering).toEqual({ autoEnd: false, pauseMs: 4000, thinkingMs: 30_000 });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row?.autoEndAnswers, row?.answerPauseMs, row?.thinkingTimeMs]).toEqual([false, 4000, 30_000]);

    const tooShort = await a.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: true, pauseMs: 1000, thinkingMs: 20_000 });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json<{ error: string }>().error).toBe('pauseMs: The pause must be between 1.5 and 6 seconds');
    const tooLong = await a.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: true, pauseMs: 2500, thinkingMs: 600_000 });
    expect(tooLong.json<{ error: string }>().error).toBe('thinkingMs: Thinking time must be between 5 and 120 seconds');
    expect((await a.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: 'yes' })).statusCode).toBe(400);
    expect((await b.request('PATCH', `/api/job/${job.id}/answering`, { autoEnd: true, pauseMs: 2500, thinkingMs: 20_000 })).statusCode).toBe(404);
    expect((await a.get(`/api/job/${job.id}`)).json<Job>().answering.pauseMs).toBe(4000);

    const copy = await a.post(`/api/job/${job.id}/duplicate`);
    expect(copy.json<Job>().answering).toEqual({ autoEnd: false, pauseMs: 4000, thinkingMs: 30_000 });

    const interview = await makeInterview(t.database.db, job.id);
    const candidate = await t.app.inject({ method: 'GET', url: `/api/job/${job.id}`, headers: { 'x-candidate-token': interview.candidateToken } });
    expect(candidate.json()).toEqual({ id: job.id, title: job.title, questions: job.questions, videoRecording: true, answering: { autoEnd: false, pauseMs: 4000, thinkingMs: 30_000 } });
  });
});
