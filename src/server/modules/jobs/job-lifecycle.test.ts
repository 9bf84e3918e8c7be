import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InterviewListItem } from '../../../contracts/interviews';
import { JOB_HAS_INTERVIEWS, type Job, type JobListItem } from '../../../contracts/jobs';
import { auditLog, interviews, jobs, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview, makeMember } from '../../test/factories';

// Editing, closing, reopening, duplicating and deleting a job (issue 16, decision 029).

const RUBRIC = [
  { name: 'Customer service', description: 'Calms upset customers.', weight: 60, anchors: { weak: 'Blames the customer.', adequate: 'Apologises and fixes it.', strong: 'Fixes it and follows up, with an example.' } },
  { name: 'Cash handling', description: 'Counts accurately.', weight: 40 },
];

let clock = new Date('2026-12-01T09:00:00.000Z');
let t: TestApp;
let a: Agent;
let b: Agent;
let viewer: Agent;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock });
  a = new Agent(t.app);
  expect((await a.register('lifecycle-a', 'Alpha Retail')).statusCode).toBe(201);
  b = new Agent(t.app);
  expect((await b.register('lifecycle-b', 'Beta Logistics')).statusCode).toBe(201);
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'lifecycle-a'));
  const member = await makeMember(t.database.db, owner!.companyId, 'viewer');
  viewer = new Agent(t.app);
  expect((await viewer.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
});
afterAll(() => t.close());

const createJob = async (agent: Agent, fields: Record<string, unknown> = {}) => {
  const res = await agent.post('/api/job', { title: 'Cashier', description: 'Runs the register on weekends.', questions: ['How do you handle a long queue?', 'Tell me about a cash mistake you caught.'], rubric: RUBRIC, ...fields });
  expect(res.statusCode).toBe(201);
  return res.json<Job>();
};
/** A candidate's interview on the job, as adding one through the interviews API leaves it. */
const addInterview = async (jobId: number, candidateName: string) => {
  await makeInterview(t.database.db, jobId, { candidateName });
  await t.database.db.update(jobs).set({ numOfInterviews: sql`${jobs.numOfInterviews} + 1` }).where(eq(jobs.id, jobId));
};
const getJob = async (agent: Agent, id: number) => (await agent.get(`/api/job/${id}`)).json<Job>();
const auditEntries = (action: string, jobId: number) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.subject, `job:${jobId}`)));

describe('PATCH /api/job/{id}', () => {
  it('changes the title, the description or both, trimmed, and counts as activity', async () => {
    const job = await createJob(a);
    await t.database.db.update(jobs).set({ lastActivity: null }).where(eq(jobs.id, job.id));
    const titled = await a.request('PATCH', `/api/job/${job.id}`, { title: '  Senior Cashier  ' });
    expect(titled.statusCode).toBe(200);
    expect(titled.json<Job>()).toMatchObject({ title: 'Senior Cashier', description: 'Runs the register on weekends.', questions: job.questions, lastActivity: expect.any(String) });
    const both = await a.request('PATCH', `/api/job/${job.id}`, { title: 'Head Cashier', description: 'Leads the front end.' });
    expect(both.json<Job>()).toMatchObject({ title: 'Head Cashier', description: 'Leads the front end.' });
    expect(await getJob(a, job.id)).toMatchObject({ title: 'Head Cashier', description: 'Leads the front end.', rubric: job.rubric });
  });

  it('validates like creating a job, and refuses a request that changes nothing', async () => {
    const job = await createJob(a);
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'title: Job title is required'],
      [{ description: '' }, 'description: Job description is required'],
      [{ title: 'x'.repeat(201) }, 'title: Job title must be at most 200 characters'],
      [{ title: 42 }, 'title: Invalid input'],
      [{}, 'body: Send a title, a description or both'],
    ];
    for (const [body, error] of cases) {
      const res = await a.request('PATCH', `/api/job/${job.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error, code: 'VALIDATION_FAILED' });
    }
    expect((await getJob(a, job.id)).title).toBe('Cashier');
  });
});

describe('closing and reopening', () => {
  it('closes a job, keeps its interviews, lists it after the open ones, and reopening restores it', async () => {
    const job = await createJob(a, { title: 'Closing Soon' });
    await addInterview(job.id, 'Sam Rivera');
    const other = await createJob(a, { title: 'Still Open' });
    await t.database.db.update(jobs).set({ lastActivity: new Date('2020-01-01T00:00:00Z') }).where(eq(jobs.id, other.id));

    const closed = await a.post(`/api/job/${job.id}/close`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Job>()).toMatchObject({ id: job.id, closedAt: clock.toISOString(), num_of_interviews: 1 });
    expect((await getJob(a, job.id)).closedAt).toBe(clock.toISOString());

    const list = (await a.get('/api/job')).json<JobListItem[]>();
    const closedIndex = list.findIndex((j) => j.id === job.id);
    expect(list[closedIndex]).toMatchObject({ title: 'Closing Soon', closedAt: clock.toISOString(), num_of_interviews: 1 });
    // The open job comes first although its last activity is years older.
    expect(list.findIndex((j) => j.id === other.id)).toBeLessThan(closedIndex);
    expect(list.slice(closedIndex).every((j) => j.closedAt !== null)).toBe(true);

    // Its interviews stay, with their links.
    const listed = (await a.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>();
    expect(listed.map((i) => i.candidateName)).toEqual(['Sam Rivera']);

    // Closing again changes nothing: the first time stays, and the log has one entry.
    const firstClosed = clock;
    clock = new Date('2026-12-01T10:00:00.000Z'); // an hour later: well within the session's idle time
    const again = await a.post(`/api/job/${job.id}/close`);
    expect(again.statusCode).toBe(200);
    expect(again.json<Job>().closedAt).toBe(firstClosed.toISOString());
    expect(await auditEntries('job_closed', job.id)).toEqual([expect.objectContaining({ actorUserId: expect.any(Number), companyId: expect.any(Number), details: null })]);

    const reopened = await a.post(`/api/job/${job.id}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<Job>()).toMatchObject({ closedAt: null, num_of_interviews: 1, questions: job.questions });
    expect((await a.post(`/api/job/${job.id}/reopen`)).json<Job>().closedAt).toBeNull();
    expect(await auditEntries('job_reopened', job.id)).toHaveLength(1);
    expect((await a.get('/api/job')).json<JobListItem[]>().find((j) => j.id === job.id)?.closedAt).toBeNull();
    expect((await a.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>()).toHaveLength(1);
  });
});

describe('DELETE /api/job/{id}', () => {
  it('deletes a job without interviews, and refuses one with interviews', async () => {
    const empty = await createJob(a, { title: 'Posted by Mistake' });
    const res = await a.request('DELETE', `/api/job/${empty.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await a.get(`/api/job/${empty.id}`)).statusCode).toBe(404);
    expect((await a.get('/api/job')).json<JobListItem[]>().map((j) => j.id)).not.toContain(empty.id);
    expect(await auditEntries('job_deleted', empty.id)).toHaveLength(1);
    expect((await a.request('DELETE', `/api/job/${empty.id}`)).statusCode).toBe(404);

    const used = await createJob(a, { title: 'Has Candidates' });
    await addInterview(used.id, 'Ada Lovelace');
    const refused = await a.request('DELETE', `/api/job/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: JOB_HAS_INTERVIEWS, code: 'JOB_HAS_INTERVIEWS' });
    expect(JOB_HAS_INTERVIEWS).toBe('Only a job without interviews can be deleted. Close it instead.');
    expect((await getJob(a, used.id)).title).toBe('Has Candidates');
    expect(await t.database.db.select().from(interviews).where(eq(interviews.jobId, used.id))).toHaveLength(1);
    expect(await auditEntries('job_deleted', used.id)).toEqual([]);
  });
});

describe('POST /api/job/{id}/duplicate', () => {
  it('makes an open copy with the same description, questions, rubric and video setting, and no interviews', async () => {
    const source = await createJob(a, { title: 'Barista', videoRecording: false });
    await addInterview(source.id, 'Sam Rivera');
    expect((await a.post(`/api/job/${source.id}/close`)).statusCode).toBe(200);

    const res = await a.post(`/api/job/${source.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json<Job>();
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'Copy of Barista',
      description: source.description,
      questions: source.questions,
      rubric: source.rubric,
      videoRecording: false,
      num_of_interviews: 0,
      closedAt: null,
    });
    expect(copy.rubric?.[0]?.anchors?.strong).toBe('Fixes it and follows up, with an example.');
    expect(await getJob(a, copy.id)).toMatchObject({ title: 'Copy of Barista', questions: source.questions, rubric: source.rubric });
    expect((await a.get(`/api/job/${copy.id}/interview`)).json<InterviewListItem[]>()).toEqual([]);
    const me = (await a.get('/api/user')).json<{ id: number }>();
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, copy.id));
    expect(row?.userId).toBe(me.id);
  });

  it('cuts the copy\'s title to the longest allowed', async () => {
    const title = `${'Forklift operator '.repeat(12).slice(0, 199)}X`;
    const long = await createJob(a, { title });
    expect(long.title).toBe(title);
    const copy = (await a.post(`/api/job/${long.id}/duplicate`)).json<Job>();
    expect(copy.title).toBe(`Copy of ${title.slice(0, 192)}`);
    expect(copy.title).toHaveLength(200);
  });
});

describe('another company, and viewers', () => {
  it('answers 404 to another company on every endpoint and changes nothing', async () => {
    const job = await createJob(a, { title: 'Alpha Only' });
    for (const res of [
      await b.request('PATCH', `/api/job/${job.id}`, { title: 'Hacked' }),
      await b.post(`/api/job/${job.id}/close`),
      await b.post(`/api/job/${job.id}/reopen`),
      await b.post(`/api/job/${job.id}/duplicate`),
      await b.request('DELETE', `/api/job/${job.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Job not found', code: 'NOT_FOUND' });
    }
    expect(await getJob(a, job.id)).toMatchObject({ title: 'Alpha Only', closedAt: null });
    expect((await b.get('/api/job')).json<JobListItem[]>()).toEqual([]);
    expect((await a.request('DELETE', '/api/job/0')).json()).toEqual({ error: 'id: id must be a whole number from 1 to 2147483647', code: 'VALIDATION_FAILED' });
  });

  it('lets a viewer read the job but change nothing', async () => {
    const job = await createJob(a, { title: 'Read Only' });
    expect((await viewer.get(`/api/job/${job.id}`)).json<Job>().title).toBe('Read Only');
    for (const res of [
      await viewer.request('PATCH', `/api/job/${job.id}`, { title: 'Changed' }),
      await viewer.post(`/api/job/${job.id}/close`),
      await viewer.post(`/api/job/${job.id}/reopen`),
      await viewer.post(`/api/job/${job.id}/duplicate`),
      await viewer.request('DELETE', `/api/job/${job.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    expect(await getJob(a, job.id)).toMatchObject({ title: 'Read Only', closedAt: null });
  });
});
