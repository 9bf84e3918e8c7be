import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobListItem } from '../../../contracts/jobs';
import { templateNameTaken, type JobTemplate, type TemplateListItem } from '../../../contracts/templates';
import { auditLog, jobs, jobTemplates, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';

// A company's interview templates: saved from a job, listed, read, deleted, and used to start a
// new job with POST /api/job { templateId } (issue 16, decision 029).

const QUESTIONS = ['Walk me through a delivery you planned under a tight deadline.', 'How do you check a load before you leave the yard?'];
const RUBRIC = [
  { name: 'Safety', description: 'Follows checks and rules.', weight: 70, anchors: { weak: 'Skips the walk-around.', adequate: 'Knows the checklist.', strong: 'Checks, logs and reports defects, with an example.' } },
  { name: 'Planning', description: 'Plans routes and breaks.', weight: 30 },
];

let t: TestApp;
let a: Agent;
let b: Agent;
let viewer: Agent;
let source: Job;

beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  expect((await a.register('templates-a', 'Alpha Freight')).statusCode).toBe(201);
  b = new Agent(t.app);
  expect((await b.register('templates-b', 'Beta Movers')).statusCode).toBe(201);
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'templates-a'));
  const member = await makeMember(t.database.db, owner!.companyId, 'viewer');
  viewer = new Agent(t.app);
  expect((await viewer.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
  const res = await a.post('/api/job', { title: 'Truck Driver', description: 'Regional routes, CDL class A.', questions: QUESTIONS, rubric: RUBRIC, videoRecording: false });
  expect(res.statusCode).toBe(201);
  source = res.json<Job>();
});
afterAll(() => t.close());

const save = (agent: Agent, name: string, jobId = source.id) => agent.post('/api/templates', { jobId, name });
const list = async (agent: Agent) => (await agent.get('/api/templates')).json<TemplateListItem[]>();

describe('saving a template', () => {
  it('copies the job, lists it by name, and is not changed by later edits of the job', async () => {
    const res = await save(a, '  Driver interview  ');
    expect(res.statusCode).toBe(201);
    const saved = res.json<TemplateListItem>();
    expect(saved).toEqual({ id: expect.any(Number), name: 'Driver interview', title: 'Truck Driver', questionCount: 2, createdAt: expect.any(String) });
    expect((await save(a, 'Another driver interview')).statusCode).toBe(201);
    expect((await list(a)).map((x) => x.name)).toEqual(['Another driver interview', 'Driver interview']);
    expect((await list(a))[1]).toEqual(saved);

    expect((await a.request('PATCH', `/api/job/${source.id}/questions`, { questions: ['Changed afterwards?'] })).statusCode).toBe(200);
    const full = (await a.get(`/api/templates/${saved.id}`)).json<JobTemplate>();
    expect(full).toEqual({
      id: saved.id,
      name: 'Driver interview',
      title: 'Truck Driver',
      description: 'Regional routes, CDL class A.',
      questions: QUESTIONS,
      rubric: RUBRIC,
      videoRecording: false,
      createdAt: saved.createdAt,
    });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'template_saved'), eq(auditLog.subject, `job:${source.id}`)));
    expect(entry?.details).toEqual({ templateId: saved.id });
  });

  it('refuses a name the company already uses, in any case; another company may use it', async () => {
    const res = await save(a, 'DRIVER INTERVIEW');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: templateNameTaken('DRIVER INTERVIEW'), code: 'NAME_TAKEN' });
    expect(res.json<{ error: string }>().error).toBe('A template named "DRIVER INTERVIEW" already exists. Choose another name.');
    expect((await list(a)).filter((x) => x.name.toLowerCase() === 'driver interview')).toHaveLength(1);

    const theirs = (await b.post('/api/job', { title: 'Mover', description: 'Moves furniture.', questions: ['Why moving?'], rubric: RUBRIC })).json<Job>();
    expect((await save(b, 'Driver interview', theirs.id)).statusCode).toBe(201);
    expect((await list(b)).map((x) => x.name)).toEqual(['Driver interview']);
  });

  it('validates the name and the job, and answers 404 for another company\'s job', async () => {
    const cases: [unknown, string][] = [
      [{ jobId: source.id, name: '   ' }, 'name: Template name is required'],
      [{ jobId: source.id, name: 'x'.repeat(101) }, 'name: Template name must be at most 100 characters'],
      [{ name: 'No job' }, 'jobId: Required'],
      [{ jobId: 'abc', name: 'Bad job' }, 'jobId: jobId must be a whole number from 1 to 2147483647'],
      [{ jobId: 0, name: 'Zero job' }, 'jobId: jobId must be a whole number from 1 to 2147483647'],
    ];
    for (const [body, error] of cases) {
      const res = await a.post('/api/templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error, code: 'VALIDATION_FAILED' });
    }
    const theirs = (await b.get('/api/job')).json<JobListItem[]>()[0]!;
    const stolen = await save(a, 'Stolen', theirs.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ error: 'Job not found', code: 'NOT_FOUND' });
    expect((await list(a)).map((x) => x.name)).not.toContain('Stolen');
  });
});

describe('starting a job from a template', () => {
  it('copies the questions, rubric and video setting, with the title and description sent', async () => {
    const template = (await list(a)).find((x) => x.name === 'Driver interview')!;
    const res = await a.post('/api/job', { title: 'Night Driver', description: 'Overnight routes.', templateId: template.id });
    expect(res.statusCode).toBe(201);
    const job = res.json<Job>();
    expect(job).toMatchObject({ title: 'Night Driver', description: 'Overnight routes.', questions: QUESTIONS, rubric: RUBRIC, videoRecording: false, num_of_interviews: 0, closedAt: null });
    expect((await a.get(`/api/job/${job.id}`)).json<Job>()).toMatchObject({ questions: QUESTIONS, rubric: RUBRIC });
  });

  it('keeps questions, rubric or video setting sent with the template', async () => {
    const template = (await list(a)).find((x) => x.name === 'Driver interview')!;
    const job = (await a.post('/api/job', { title: 'Day Driver', description: 'Daytime routes.', templateId: template.id, questions: ['Own question?'], videoRecording: true })).json<Job>();
    expect(job).toMatchObject({ questions: ['Own question?'], rubric: RUBRIC, videoRecording: true });
  });

  it('answers 404 for another company\'s template and creates nothing', async () => {
    const theirs = (await list(b))[0]!;
    const before = (await a.get('/api/job')).json<JobListItem[]>().length;
    const res = await a.post('/api/job', { title: 'Copycat', description: 'Uses their template.', templateId: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Template not found', code: 'NOT_FOUND' });
    expect((await a.get('/api/job')).json<JobListItem[]>()).toHaveLength(before);
    expect((await a.get(`/api/templates/${theirs.id}`)).statusCode).toBe(404);
    const bad = await a.post('/api/job', { title: 'Bad', description: 'Bad id.', templateId: 'one' });
    expect(bad.json()).toEqual({ error: 'templateId: templateId must be a whole number from 1 to 2147483647', code: 'VALIDATION_FAILED' });
  });
});

describe('deleting a template', () => {
  it('removes it from the list; jobs started from it keep what they copied', async () => {
    const template = (await save(a, 'Short-lived')).json<TemplateListItem>();
    const copied = (await a.get(`/api/templates/${template.id}`)).json<JobTemplate>();
    // Saved after the source job's questions changed (above): the template has the new ones.
    expect(copied.questions).toEqual(['Changed afterwards?']);
    const job = (await a.post('/api/job', { title: 'Yard Driver', description: 'Moves trailers in the yard.', templateId: template.id })).json<Job>();

    expect((await b.request('DELETE', `/api/templates/${template.id}`)).statusCode).toBe(404);
    const res = await a.request('DELETE', `/api/templates/${template.id}`);
    expect(res.statusCode).toBe(204);
    expect((await list(a)).map((x) => x.id)).not.toContain(template.id);
    expect((await a.get(`/api/templates/${template.id}`)).json()).toEqual({ error: 'Template not found', code: 'NOT_FOUND' });
    expect((await a.request('DELETE', `/api/templates/${template.id}`)).statusCode).toBe(404);
    expect((await a.get(`/api/job/${job.id}`)).json<Job>()).toMatchObject({ questions: copied.questions, rubric: RUBRIC });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'template_deleted'));
    expect(entries.map((e) => e.details)).toEqual([{ templateId: template.id }]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.questions).toEqual(['Changed afterwards?']);
  });
});

describe('viewers', () => {
  it('may list and read templates but not save or delete them', async () => {
    const template = (await list(a))[0]!;
    expect((await list(viewer)).map((x) => x.id)).toContain(template.id);
    expect((await viewer.get(`/api/templates/${template.id}`)).statusCode).toBe(200);
    const saving = await save(viewer, 'Viewer template');
    expect(saving.statusCode).toBe(403);
    expect(saving.json<{ code: string }>().code).toBe('FORBIDDEN');
    expect((await viewer.request('DELETE', `/api/templates/${template.id}`)).statusCode).toBe(403);
    expect(await t.database.db.select().from(jobTemplates).where(eq(jobTemplates.id, template.id))).toHaveLength(1);
    expect((await viewer.post('/api/job', { title: 'Viewer job', description: 'Not allowed.', templateId: template.id })).statusCode).toBe(403);
  });
});
