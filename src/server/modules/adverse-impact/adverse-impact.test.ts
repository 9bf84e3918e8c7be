import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdverseImpactReport, ImpactDimension } from '../../../contracts/adverse-impact';
import type { Job } from '../../../contracts/jobs';
import type { SelfIdentificationStatus } from '../../../contracts/self-identification';
import { interviews, selfIdentifications } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeInterview } from '../../test/factories';
import { EXPECTED, POPULATION, type PopulationCell } from './seeded-population';
import { ALREADY_ANSWERED } from './self-identification.service';

const DAY = 24 * 60 * 60_000;
const RUBRIC = [{ name: 'Skill', description: 'Does the work well.', weight: 100 }];
const feedbackScoring = (overall: number) => ({ summary: 'Scored.', overall, criteria: [{ name: 'Skill', weight: 100, score: overall, feedback: '', evidence: [] }], insufficientEvidence: false, biasFlags: [] });

let t: TestApp;
let owner: Agent;
let stranger: Agent;
/** No session: the candidate's browser, sending its link's token. */
let candidate: Agent;
let job: Job;
let report: AdverseImpactReport;
/** Ids of the seeded interviews, by population cell. */
const seeded: number[][] = [];
const earlier = new Date(Date.now() - 40 * DAY);
const later = new Date(Date.now() - 10 * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const answer = (id: number, token: string, body: unknown) => candidate.request('POST', `/api/interview/${id}/self-identification`, body, { 'x-candidate-token': token });

async function createJob(agent: Agent, title: string): Promise<Job> {
  const res = await agent.post('/api/job', { title, description: 'Keeps the warehouse running.', questions: ['Tell me about a busy shift.'], rubric: RUBRIC });
  expect(res.statusCode).toBe(201);
  return res.json<Job>();
}

/** A completed, scored interview whose candidate answered (or not) through their link, and which a reviewer advanced (or not). */
async function evaluatedInterview(jobId: number, cell: Pick<PopulationCell, 'answer'>, opts: { score: number; selected: boolean; completedAt: Date; reviewer: Agent }) {
  const row = await makeInterview(t.database.db, jobId, { status: 'completed', feedback: feedbackScoring(opts.score), completedAt: opts.completedAt, candidateName: 'Jordan Example' });
  if (cell.answer) expect((await answer(row.id, row.candidateToken, cell.answer)).statusCode).toBe(201);
  if (opts.selected) expect((await opts.reviewer.post(`/api/interview/${row.id}/review`, { decision: 'advance', note: 'Strong answers.' })).statusCode).toBe(200);
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  expect((await owner.register('impact-owner', 'Impact Logistics')).statusCode).toBe(201);
  stranger = new Agent(t.app);
  expect((await stranger.register('impact-stranger', 'Other Freight')).statusCode).toBe(201);
  candidate = new Agent(t.app);
  job = await createJob(owner, 'Warehouse Lead');

  // The seeded population (seeded-population.ts); the candidates who never answered were evaluated later.
  for (const cell of POPULATION) {
    const ids: number[] = [];
    for (let i = 0; i < cell.count; i++) {
      const row = await evaluatedInterview(job.id, cell, { score: i < cell.high ? 90 : 30, selected: i < cell.selected, completedAt: cell.answer ? earlier : later, reviewer: owner });
      ids.push(row.id);
    }
    seeded.push(ids);
  }
  // Reviews count as they stand now. A candidate the AI scored 30 whom a reviewer raised to 90 is above the
  // median: the first high scorer among white men is made that way. Their AI score changes, their current one does not.
  const raised = seeded[0]![0]!;
  await t.database.db.update(interviews).set({ feedback: feedbackScoring(30) }).where(eq(interviews.id, raised));
  expect((await owner.post(`/api/interview/${raised}/review`, { scores: [{ criterion: 'Skill', score: 90, reason: 'The example was strong.' }] })).statusCode).toBe(200);
  // Only the latest decision counts: an advanced white woman was first rejected, and a white woman not advanced was first advanced, then held.
  const [, , , whiteWomen] = seeded;
  const firstRejected = whiteWomen![0]!;
  const laterHeld = whiteWomen![19]!;
  expect((await owner.post(`/api/interview/${firstRejected}/review`, { decision: 'reject', note: 'Changed my mind later.' })).statusCode).toBe(200);
  expect((await owner.post(`/api/interview/${firstRejected}/review`, { decision: 'advance', note: 'On reflection, strong.' })).statusCode).toBe(200);
  expect((await owner.post(`/api/interview/${laterHeld}/review`, { decision: 'advance', note: 'Strong.' })).statusCode).toBe(200);
  expect((await owner.post(`/api/interview/${laterHeld}/review`, { decision: 'hold', note: 'Waiting for references.' })).statusCode).toBe(200);

  // Not evaluated: neither counts, whatever they answered.
  await makeInterview(t.database.db, job.id, { status: 'pending' });
  const evaluating = await makeInterview(t.database.db, job.id, { status: 'evaluating' });
  expect((await answer(evaluating.id, evaluating.candidateToken, { sex: 'female', raceEthnicity: 'asian' })).statusCode).toBe(201);

  const res = await owner.get(`/api/job/${job.id}/adverse-impact`);
  expect(res.statusCode).toBe(200);
  report = res.json<AdverseImpactReport>();
});
afterAll(() => t.close());

const dimension = (r: AdverseImpactReport, kind: ImpactDimension['dimension']) => r.dimensions.find((d) => d.dimension === kind)!;
const group = (r: AdverseImpactReport, kind: ImpactDimension['dimension'], key: string) => dimension(r, kind).groups.find((g) => g.key === key)!;

describe('GET /api/job/{id}/adverse-impact on the seeded population', () => {
  it('counts the evaluated interviews only, the latest decisions and the reviewed scores, over the days they were evaluated', () => {
    expect(report).toMatchObject({
      scope: { kind: 'job', jobId: job.id, name: 'Warehouse Lead' },
      from: isoDay(earlier),
      to: isoDay(later),
      evaluated: EXPECTED.evaluated,
      selected: EXPECTED.selected,
      scored: EXPECTED.scored,
      medianScore: EXPECTED.medianScore,
    });
  });

  it('gives the impact ratios worked out by hand, flagged under 0.8, with the unknowns counted apart', () => {
    const cases = [
      ['sex', EXPECTED.sex],
      ['race_ethnicity', EXPECTED.race],
      ['intersectional', EXPECTED.intersectional],
    ] as const;
    for (const [kind, expected] of cases) {
      const d = dimension(report, kind);
      expect({ known: d.known, unknown: d.unknown }, kind).toEqual({ known: expected.known, unknown: expected.unknown });
      for (const measure of ['selection', 'scoring'] as const) {
        for (const [key, [hits, assessed, ratio]] of Object.entries(expected[measure] as Record<string, readonly [number, number, number]>)) {
          expect(group(report, kind, key)[measure], `${kind} ${measure} ${key}`).toEqual({
            hits,
            assessed,
            rate: expect.closeTo(hits / assessed, 12) as number,
            impactRatio: expect.closeTo(ratio, 12) as number,
            flagged: ratio < 0.8,
          });
        }
      }
    }
    expect(group(report, 'sex', 'female').selection).toMatchObject({ flagged: true, impactRatio: expect.closeTo(0.784, 3) as number });
    expect(group(report, 'race_ethnicity', 'american_indian_alaska_native')).toMatchObject({ count: 1, isSmall: true, selection: { rate: 1, impactRatio: null, flagged: false } });
  });

  it('narrows to the days asked for (UTC, both included)', async () => {
    const res = await owner.get(`/api/job/${job.id}/adverse-impact?from=${isoDay(new Date(earlier.getTime() - DAY))}&to=${isoDay(earlier)}`);
    expect(res.statusCode).toBe(200);
    const narrowed = res.json<AdverseImpactReport>();
    expect(narrowed).toMatchObject({ from: isoDay(earlier), to: isoDay(earlier), evaluated: 90 });
    expect(dimension(narrowed, 'sex').unknown).toEqual({ total: 5, preferNotToSay: 5, notAnswered: 0 });

    const bad = await owner.get(`/api/job/${job.id}/adverse-impact?from=2026-03-01&to=2026-02-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('The start date must not be after the end date');
    const garbled = await owner.get(`/api/job/${job.id}/adverse-impact.csv?from=last-week`);
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<{ error: string }>().error).toContain('Use a date written as YYYY-MM-DD');
  });

  it("is the owning company's only: another company and a signed-out visitor are refused", async () => {
    for (const url of [`/api/job/${job.id}/adverse-impact`, `/api/job/${job.id}/adverse-impact.csv`]) {
      const other = await stranger.get(url);
      expect(other.statusCode).toBe(404);
      expect(other.json<{ error: string }>().error).toBe('Job not found');
      expect((await candidate.get(url)).statusCode).toBe(401);
    }
    expect((await candidate.get('/api/company/adverse-impact')).statusCode).toBe(401);
  });

  it("deleting candidates' data leaves the statistics as they were: the self-identification stays with the anonymised row", async () => {
    const [femaleAsian] = seeded[5]!;
    const [male] = seeded[0]!;
    for (const id of [femaleAsian!, male!]) {
      expect((await owner.post(`/api/interview/${id}/delete-data`, { reason: 'candidate_request' })).json()).toEqual({ deleted: true });
    }
    const after = await owner.get(`/api/job/${job.id}/adverse-impact`);
    expect(after.json()).toEqual(report);
    const [kept] = await t.database.db.select().from(selfIdentifications).where(eq(selfIdentifications.interviewId, femaleAsian!));
    expect(kept).toMatchObject({ sex: 'female', raceEthnicity: 'asian' });
    const [row] = await t.database.db.select().from(interviews).where(eq(interviews.id, femaleAsian!));
    expect(row).toMatchObject({ candidateName: 'Deleted candidate', email: '' });
  });
});

describe('GET …/adverse-impact.csv: the bias-audit summary', () => {
  it('has the dates, the applicants, each category with its rate and impact ratio, the flags, the small groups and the unknowns', async () => {
    const res = await owner.get(`/api/job/${job.id}/adverse-impact.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="warehouse-lead-adverse-impact.csv"');
    const lines = res.body.split('\r\n');
    expect(lines.slice(0, 8)).toEqual([
      'Adverse impact summary,Hireloop',
      'Scope,Job: Warehouse Lead',
      `Data from,${isoDay(earlier)}`,
      `Data to,${isoDay(later)}`,
      'Applicants (evaluated interviews),100',
      'Advanced by a reviewer,36',
      'Scored,100',
      'Median overall score,30',
    ]);
    const selection = lines.indexOf('Selection rates');
    const scoring = lines.indexOf('Scoring rates');
    expect(selection).toBeGreaterThan(0);
    expect(scoring).toBeGreaterThan(selection);
    expect(lines.slice(selection + 1, selection + 6)).toEqual([
      'Sex categories,Number of applicants,Selection rate,Impact ratio,Note',
      'Male,40,42.5%,1.000,',
      'Female,45,33.3%,0.784,Impact ratio below 0.8',
      'Unknown,15,,,"Not included in the calculations above: 5 chose ""prefer not to say"", 10 did not answer"',
      '',
    ]);
    const selectionRows = lines.slice(selection, scoring);
    expect(selectionRows).toContain('Race/ethnicity categories,Number of applicants,Selection rate,Impact ratio,Note');
    expect(selectionRows).toContain('Black or African American,25,24.0%,0.533,Impact ratio below 0.8');
    expect(selectionRows).toContain('American Indian or Alaska Native,1,100.0%,,Under 2% of applicants with a known category: excluded from impact ratios');
    expect(selectionRows).toContain('Two or More Races,0,,,No applicants');
    expect(selectionRows).toContain('Asian Male,10,40.0%,0.800,');
    expect(selectionRows).toContain('Asian Female,9,33.3%,0.666,Impact ratio below 0.8');
    const scoringRows = lines.slice(scoring);
    expect(scoringRows[1]).toBe('Sex categories,Number of applicants,Scoring rate,Impact ratio,Note');
    expect(scoringRows).toContain('Female,45,28.9%,0.722,Impact ratio below 0.8');
    expect(scoringRows).toContain('Hispanic or Latino,5,20.0%,0.500,Impact ratio below 0.8');
  });
});

describe('GET /api/company/adverse-impact', () => {
  it("adds up the company's jobs and leaves out other companies'", async () => {
    const second = await createJob(owner, 'Forklift Driver');
    await evaluatedInterview(second.id, { answer: { sex: 'female', raceEthnicity: 'two_or_more' } }, { score: 90, selected: true, completedAt: later, reviewer: owner });
    await evaluatedInterview(second.id, { answer: { sex: 'male', raceEthnicity: 'two_or_more' } }, { score: 30, selected: false, completedAt: later, reviewer: owner });
    const foreign = await createJob(stranger, 'Dispatcher');
    await evaluatedInterview(foreign.id, { answer: { sex: 'female', raceEthnicity: 'white' } }, { score: 90, selected: true, completedAt: later, reviewer: stranger });

    const res = await owner.get('/api/company/adverse-impact');
    expect(res.statusCode).toBe(200);
    const company = res.json<AdverseImpactReport>();
    expect(company).toMatchObject({ scope: { kind: 'company', jobId: null, name: 'Impact Logistics' }, evaluated: 102, selected: 37 });
    expect(group(company, 'race_ethnicity', 'two_or_more')).toMatchObject({ count: 2, selection: { hits: 1, assessed: 2 } });
    expect(group(company, 'sex', 'female').count).toBe(46);

    const csv = await owner.get('/api/company/adverse-impact.csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="impact-logistics-adverse-impact.csv"');
    expect(csv.body.split('\r\n').slice(1, 2)).toEqual(['Scope,Company: Impact Logistics']);

    const theirs = (await stranger.get('/api/company/adverse-impact')).json<AdverseImpactReport>();
    expect(theirs).toMatchObject({ evaluated: 1, selected: 1 });
  });
});

describe('GET …/adverse-impact/counts: whether there is anything to compare yet', () => {
  it('counts the evaluated interviews and those whose candidate gave a sex or race/ethnicity, per job and per company; zeros for a new company', async () => {
    // The seeded job: 100 evaluated, 90 of them gave a race/ethnicity (5 of those "prefer not to say" on sex); the one
    // still being evaluated answered, and is not counted. The company adds the second job's two (see above).
    expect((await owner.get(`/api/job/${job.id}/adverse-impact/counts`)).json()).toEqual({ evaluated: 100, answered: 90 });
    expect((await owner.get('/api/company/adverse-impact/counts')).json()).toEqual({ evaluated: 102, answered: 92 });
    expect((await stranger.get('/api/company/adverse-impact/counts')).json()).toEqual({ evaluated: 1, answered: 1 });

    const fresh = new Agent(t.app);
    expect((await fresh.register('impact-fresh', 'Fresh Freight')).statusCode).toBe(201);
    expect((await fresh.get('/api/company/adverse-impact/counts')).json()).toEqual({ evaluated: 0, answered: 0 });
    const empty = await createJob(fresh, 'Yard Marshal');
    expect((await fresh.get(`/api/job/${empty.id}/adverse-impact/counts`)).json()).toEqual({ evaluated: 0, answered: 0 });
    // Evaluated, and the candidate chose "prefer not to say" twice: nothing to compare yet.
    await evaluatedInterview(empty.id, { answer: { sex: 'prefer_not_to_say', raceEthnicity: 'prefer_not_to_say' } }, { score: 60, selected: false, completedAt: later, reviewer: fresh });
    expect((await fresh.get(`/api/job/${empty.id}/adverse-impact/counts`)).json()).toEqual({ evaluated: 1, answered: 0 });
  });

  it("is the owning company's only", async () => {
    const other = await stranger.get(`/api/job/${job.id}/adverse-impact/counts`);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ error: string }>().error).toBe('Job not found');
    expect((await candidate.get(`/api/job/${job.id}/adverse-impact/counts`)).statusCode).toBe(401);
    expect((await candidate.get('/api/company/adverse-impact/counts')).statusCode).toBe(401);
  });
});

describe('POST /api/interview/{id}/self-identification (the candidate link)', () => {
  it('is answered once, after the interview was handed in; the link learns only that it was answered', async () => {
    const pending = await makeInterview(t.database.db, job.id, { status: 'pending' });
    const early = await answer(pending.id, pending.candidateToken, { sex: 'female' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'These questions are asked once the interview has been submitted', code: 'INTERVIEW_NOT_FINISHED' });

    const done = await makeInterview(t.database.db, job.id, { status: 'completed', feedback: feedbackScoring(50) });
    const status = () => candidate.request('GET', `/api/interview/${done.id}/self-identification`, undefined, { 'x-candidate-token': done.candidateToken });
    expect((await status()).json()).toEqual({ answered: false, answeredAt: null });
    const first = await answer(done.id, done.candidateToken, { sex: 'female', raceEthnicity: 'native_hawaiian_pacific_islander' });
    expect(first.statusCode).toBe(201);
    expect(first.json<SelfIdentificationStatus>()).toEqual({ answered: true, answeredAt: expect.any(String) as string });
    const read = await status();
    expect(read.json()).toEqual(first.json());
    expect(read.body).not.toMatch(/female|native_hawaiian/);

    const again = await answer(done.id, done.candidateToken, { sex: 'male' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ALREADY_ANSWERED, code: 'SELF_IDENTIFICATION_ANSWERED' });
    const [stored] = await t.database.db.select().from(selfIdentifications).where(eq(selfIdentifications.interviewId, done.id));
    expect(stored).toMatchObject({ sex: 'female', raceEthnicity: 'native_hawaiian_pacific_islander' });
  });

  it('records a skip (both questions unanswered) so the form is not offered again', async () => {
    const done = await makeInterview(t.database.db, job.id, { status: 'completed', feedback: feedbackScoring(50) });
    expect((await answer(done.id, done.candidateToken, {})).statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(selfIdentifications).where(eq(selfIdentifications.interviewId, done.id));
    expect(stored).toMatchObject({ sex: null, raceEthnicity: null });
    expect((await answer(done.id, done.candidateToken, { sex: 'male' })).statusCode).toBe(409);
  });

  it('refuses a value outside the categories, another interview, no link, and the interviewing company previewing the link', async () => {
    const done = await makeInterview(t.database.db, job.id, { status: 'completed', feedback: feedbackScoring(50) });
    const bad = await answer(done.id, done.candidateToken, { sex: 'unknown', raceEthnicity: 'asian' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string; code: string }>()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.stringContaining('sex') as string });

    const other = await makeInterview(t.database.db, job.id, { status: 'completed', feedback: feedbackScoring(50) });
    expect((await answer(other.id, done.candidateToken, { sex: 'male' })).statusCode).toBe(404);
    expect((await candidate.post(`/api/interview/${done.id}/self-identification`, { sex: 'male' })).statusCode).toBe(401);

    const preview = await owner.request('POST', `/api/interview/${done.id}/self-identification`, { sex: 'male' }, { 'x-candidate-token': done.candidateToken });
    expect(preview.statusCode).toBe(403);
    expect(preview.json<{ error: string }>().error).toBe('You are signed in to the company that interviews this candidate: only the candidate answers these questions');
    expect((await owner.post(`/api/interview/${done.id}/self-identification`, { sex: 'male' })).statusCode).toBe(403);
    expect(await t.database.db.select().from(selfIdentifications).where(eq(selfIdentifications.interviewId, done.id))).toEqual([]);
  });

  it('the database refuses a value outside the closed sets (check constraints)', async () => {
    const done = await makeInterview(t.database.db, job.id, { status: 'completed' });
    await expect(t.database.query(`insert into self_identifications (interview_id, sex) values (${done.id}, 'other')`)).rejects.toThrow(/self_identifications_sex_check/);
    await expect(t.database.query(`insert into self_identifications (interview_id, race_ethnicity) values (${done.id}, 'martian')`)).rejects.toThrow(/self_identifications_race_ethnicity_check/);
  });
});
