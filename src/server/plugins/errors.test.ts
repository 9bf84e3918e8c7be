import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyRefused, PublicApplyPage } from '../../contracts/apply';
import { errorCodes, errorStatus, statusOfCode, type ErrorBody } from '../../contracts/errors';
import type { ImportRefused } from '../../contracts/imports';
import type { Job } from '../../contracts/jobs';
import { AppError } from '../lib/errors';
import { Agent, createTestApp, nextAddress, type TestApp } from '../test/app';
import { multipart } from '../test/multipart';
import { errorsPlugin } from './errors';

// The one error shape (docs/decisions/060-domain-error-codes.md): every code has its status in one
// table, an AppError is sent as { error, code } or, for a code with details, { error, code, details },
// and the two answers that used to have shapes of their own (an application refused field by
// field, an import refused for its rows) now come through the one handler.

describe('the codes', () => {
  it('gives every code one HTTP error status, and names it in capitals', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) {
      expect(code).toMatch(/^[A-Z][A-Z_]+[A-Z]$/);
      const status = statusOfCode(code);
      expect(Number.isInteger(status), code).toBe(true);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(Object.keys(errorStatus)).toEqual(errorCodes);
  });

  it('keeps the statuses the conditions answered before they had names', () => {
    expect(errorStatus).toMatchObject({
      NAME_TAKEN: 409,
      JOB_CLOSED: 409,
      INTERVIEW_SUBMITTED: 409,
      CANDIDATE_DATA_DELETED: 409,
      LINK_NO_LONGER_VALID: 410,
      APPLICATIONS_CLOSED: 410,
      CONSENT_REQUIRED: 403,
      WRONG_CURRENT_PASSWORD: 400,
      APPLICATION_INVALID: 400,
      IMPORT_ROWS_INVALID: 400,
    });
  });

  it("sets an AppError's status from its code", () => {
    expect(new AppError('JOB_CLOSED', 'closed').statusCode).toBe(409);
    expect(new AppError('LINK_NO_LONGER_VALID', 'gone', { details: { reason: 'used' } }).statusCode).toBe(410);
  });
});

describe('the error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/opted-out', () => {
      throw new AppError('CALL_OPTED_OUT', 'This candidate declined the call, so no further call is made', { details: { reason: 'declined' } });
    });
    app.get('/closed', () => {
      throw new AppError('JOB_CLOSED', 'This job is closed. Reopen it to invite candidates.');
    });
    app.get('/throttled', () => {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong passwords. Try again in 15 minutes.', { headers: { 'retry-after': '900' } });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends an AppError with details as { error, code, details } with its code’s status', async () => {
    const res = await app.inject({ method: 'GET', url: '/opted-out' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This candidate declined the call, so no further call is made', code: 'CALL_OPTED_OUT', details: { reason: 'declined' } } satisfies ErrorBody);
  });

  it('sends one without details as { error, code } only, with its headers', async () => {
    const closed = await app.inject({ method: 'GET', url: '/closed' });
    expect(closed.statusCode).toBe(409);
    expect(Object.keys(closed.json<object>()).sort()).toEqual(['code', 'error']);
    expect(closed.json()).toEqual({ error: 'This job is closed. Reopen it to invite candidates.', code: 'JOB_CLOSED' });
    const throttled = await app.inject({ method: 'GET', url: '/throttled' });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('900');
    expect(throttled.json()).toEqual({ error: 'Too many wrong passwords. Try again in 15 minutes.', code: 'TOO_MANY_REQUESTS' });
  });
});

describe('the refusals that had shapes of their own, through the whole app', () => {
  let t: TestApp;
  let recruiter: Agent;
  let job: Job;
  let clock = new Date('2026-11-24T10:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock: () => clock });
    recruiter = new Agent(t.app);
    await recruiter.register('one-shape-owner', 'One Shape Co'); // the install's first account: approved
    const created = await recruiter.post('/api/job', { title: 'Night Stocker', description: 'Restock the shelves overnight.', questions: ['How do you keep count?'] });
    expect(created.statusCode).toBe(201);
    job = created.json<Job>();
  });
  afterAll(() => t.close());

  it('answers an application refused field by field with 400 APPLICATION_INVALID and the fields in its details', async () => {
    const on = await recruiter.request('PUT', `/api/job/${job.id}/apply-page`, { enabled: true });
    const slug = on.json<{ slug: string }>().slug;
    const page = (await t.app.inject({ method: 'GET', url: `/api/apply/${slug}`, remoteAddress: nextAddress() })).json<PublicApplyPage>();
    clock = new Date(clock.getTime() + 10_000);
    const fields = { candidateName: 'Dana Whitfield', email: 'dana@', consent: '', website: '', noticeVersion: page.notice.version, formToken: page.formToken };
    const res = await t.app.inject({ method: 'POST', url: `/api/apply/${slug}`, remoteAddress: nextAddress(), ...multipart(Object.entries(fields).map(([name, value]) => ({ name, value }))) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Please correct these: Please enter a valid email address; Please read the notice and tick the box to agree before applying.',
      code: 'APPLICATION_INVALID',
      details: { fields: { email: 'Please enter a valid email address', consent: 'Please read the notice and tick the box to agree before applying' } },
    } satisfies ApplyRefused);
  });

  it('answers an import refused for its rows with 400 IMPORT_ROWS_INVALID and every row in its details', async () => {
    const res = await recruiter.post(`/api/job/${job.id}/import`, { csv: 'Name,Email\nGood Person,good@example.com\nBad Person,not-an-email\n' });
    expect(res.statusCode).toBe(400);
    const body = res.json<ImportRefused>();
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'error']);
    expect(body).toMatchObject({
      error: '1 row has errors, so nothing was imported. Correct it (or remove it from the file) and import again',
      code: 'IMPORT_ROWS_INVALID',
      details: { columns: ['candidateName', 'email'], ignoredColumns: [], valid: 1, invalid: 1, skipped: 0 },
    });
    expect(body.details.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ['Please enter a valid email address']],
    ]);
  });
});
