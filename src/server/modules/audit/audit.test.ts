import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditLogPage } from '../../../contracts/audit';
import type { Job } from '../../../contracts/jobs';
import { auditLog, interviewReviews, interviews, users } from '../../db/schema';
import { RecordingStorage } from '../../storage/recordings';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { waitFor } from '../../test/wait';
import { MAX_FAILURES_PER_ACCOUNT } from '../auth/auth.service';
import { sweepRetention } from '../candidate-data/candidate-data.service';
import { summaryOf } from './audit.service';

// The company's audit trail (issue 15.6, docs/decisions/024-audit-trail.md): what is recorded, that
// no personal data is, how a company reads its own entries (and never another's), and that the
// entries outlive any retention period.

const YEAR = 365 * 24 * 60 * 60_000;
const PASSWORD = 'correct horse battery';
const OWNER = 'Audit.Owner@Retail.test';
const CANDIDATE = { name: 'Sam Rivera', email: 'sam.rivera@example.com' };
const SCORE_REASON = 'Sam explained the refund policy better than the AI heard';
const DECISION_NOTE = 'Sam is a strong fit for the Saturday shifts';
const FEEDBACK = {
  summary: 'Sam Rivera explained the refund policy clearly.',
  overall: 70,
  criteria: [
    { name: 'Customer service', weight: 60, score: 80, feedback: 'Sam stayed calm.', evidence: [] },
    { name: 'Communication', weight: 40, score: 55, feedback: 'Clear.', evidence: [] },
  ],
  insufficientEvidence: false,
  engine: 'builtin',
  promptVersion: 'builtin-eval-3',
  biasFlags: [],
  evaluatedAt: '2026-01-01T00:00:00.000Z',
};

let t: TestApp;
let owner: Agent;
let ownerId: number;
let ownerCompany: number;
let other: Agent;
let otherId: number;
let job: Job;
let interviewId: number;
let candidateToken: string;

const page = async (agent: Agent, query = '') => {
  const res = await agent.get(`/api/audit-log${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditLogPage>();
};
const rowsOf = (companyId: number) => t.database.db.select().from(auditLog).where(eq(auditLog.companyId, companyId)).orderBy(auditLog.id);
const allRows = () => t.database.db.select().from(auditLog).orderBy(auditLog.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = new Agent(t.app);
  const registered = await owner.register(OWNER, 'Audit Retail');
  expect(registered.statusCode).toBe(201);
  ownerId = registered.json<{ id: number }>().id;
  ownerCompany = (await t.database.db.select().from(users).where(eq(users.id, ownerId)))[0]!.companyId;
  other = new Agent(t.app);
  otherId = (await other.register('audit-other', 'Other Goods')).json<{ id: number }>().id;
  job = (await owner.post('/api/job', { title: 'Store Associate', description: 'Helps customers on the shop floor.' })).json<Job>();
  const created = await owner.post(`/api/job/${job.id}/interview`, { candidateName: CANDIDATE.name, email: CANDIDATE.email });
  expect(created.statusCode).toBe(201);
  interviewId = created.json<{ id: number }>().id;
  const [row] = await t.database.db
    .update(interviews)
    .set({ status: 'completed', completedAt: new Date(), feedback: FEEDBACK })
    .where(eq(interviews.id, interviewId))
    .returning({ token: interviews.candidateToken });
  candidateToken = row!.token;
  // The app asks for a retention run at start-up, on the real clock: let it finish before the tests' own runs.
  await waitFor('the start-up retention run', async () => {
    const { rows } = await t.database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'retention-sweep' and state = 'completed'`);
    return rows[0]!.n > 0 ? true : undefined;
  });
});
afterAll(() => t.close());

describe('what is recorded', () => {
  it('sign-ins, failures and sign-out name the account by id and the address by a keyed hash, never in clear', async () => {
    const agent = new Agent(t.app);
    expect((await agent.post('/api/login', { username: OWNER.toUpperCase(), password: 'wrong password!' })).statusCode).toBe(401);
    expect((await agent.post('/api/login', { username: 'Nobody.Here@Nowhere.test', password: 'wrong password!' })).statusCode).toBe(401);
    expect((await agent.post('/api/login', { username: OWNER, password: PASSWORD })).statusCode).toBe(200);
    expect((await agent.post('/api/logout')).statusCode).toBe(200);

    const rows = (await allRows()).filter((r) => r.ip?.length);
    const mine = rows.slice(-4);
    expect(mine.map((r) => [r.action, r.subject, r.companyId, r.details])).toEqual([
      ['login_failed', `user:${ownerId}`, ownerCompany, { reason: 'wrong_password' }],
      ['login_failed', expect.stringMatching(/^name:[\w-]{22}$/), null, { reason: 'unknown_user' }],
      ['login_succeeded', `user:${ownerId}`, ownerCompany, null],
      ['logout', `user:${ownerId}`, ownerCompany, null],
    ]);
    // One address, one pseudonym; neither it nor anything typed is stored.
    expect(new Set(mine.map((r) => r.ip))).toEqual(new Set([expect.stringMatching(/^hmac:[\w-]{22}$/)]));
    const stored = JSON.stringify(await allRows());
    for (const clear of [OWNER.toLowerCase(), 'nobody.here', agent.remoteAddress, owner.remoteAddress]) expect(stored.toLowerCase()).not.toContain(clear.toLowerCase());

    // The company reads them, with the account's name resolved now.
    const { entries } = await page(owner, '?action=login_failed,login_succeeded,logout&limit=3');
    expect(entries.map((e) => [e.label, e.actor.name, e.subjectLabel, e.summary])).toEqual([
      ['Signed out', OWNER, OWNER, ''],
      ['Signed in', OWNER, OWNER, ''],
      ['Sign-in failed', 'Unidentified', OWNER, 'Wrong password'],
    ]);
    expect(entries[0]!.address).toMatch(/^[\w-]{8}$/);
    expect(entries[0]!.address).toBe(entries[2]!.address);
  });

  it('throttling still counts failures per account and per unknown name, and records the block', async () => {
    const victim = new Agent(t.app);
    const victimId = (await victim.register('audit-throttled', 'Throttled Co')).json<{ id: number }>().id;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await new Agent(t.app).post('/api/login', { username: 'AUDIT-throttled', password: `guess ${i} wrong` })).statusCode).toBe(401);
    }
    const blocked = await new Agent(t.app).post('/api/login', { username: 'audit-throttled', password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const { entries } = await page(victim, '?action=login_throttled');
    expect(entries).toMatchObject([{ label: 'Sign-in blocked after repeated failures', subject: `user:${victimId}` }]);

    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await new Agent(t.app).post('/api/login', { username: 'Ghost.Guess', password: `guess ${i} wrong` })).statusCode).toBe(401);
    }
    expect((await new Agent(t.app).post('/api/login', { username: 'ghost.guess', password: 'another guess' })).statusCode).toBe(429);
    const ghost = (await allRows()).filter((r) => r.action === 'login_throttled' && r.subject?.startsWith('name:'));
    expect(ghost).toHaveLength(1);
    expect(ghost[0]!.companyId).toBeNull();
  });

  it('every score change and decision, pointing at its review entry; the reason stays there', async () => {
    const res = await owner.post(`/api/interview/${interviewId}/review`, {
      scores: [{ criterion: 'Communication', score: 75, reason: SCORE_REASON }],
      decision: 'advance',
      note: DECISION_NOTE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reviews = await t.database.db.select().from(interviewReviews).where(eq(interviewReviews.interviewId, interviewId)).orderBy(interviewReviews.id);
    const { entries } = await page(owner, `?subject=interview:${interviewId}`);
    expect(entries.map((e) => [e.label, e.actor.name, e.subjectLabel, e.summary, e.details])).toEqual([
      ['Decision recorded', OWNER, `Interview #${interviewId}`, 'Advance', { reviewId: reviews[1]!.id, decision: 'advance' }],
      ['Score changed', OWNER, `Interview #${interviewId}`, 'Communication: from 55 to 75', { reviewId: reviews[0]!.id, criterion: 'Communication', from: 55, to: 75 }],
    ]);
    expect(JSON.stringify(await allRows())).not.toMatch(/refund policy|Saturday/);

    // A refused review writes neither the review nor its entry.
    const refused = await owner.post(`/api/interview/${interviewId}/review`, { scores: [{ criterion: 'Charisma', score: 90, reason: 'x' }] });
    expect(refused.statusCode).toBe(400);
    expect((await page(owner, `?subject=interview:${interviewId}`)).entries).toHaveLength(2);
  });

  it('holds, exports, the candidate’s request, deletion and retention changes: ids and codes only', async () => {
    expect((await owner.request('PUT', `/api/interview/${interviewId}/legal-hold`, { hold: true })).statusCode).toBe(200);
    expect((await owner.request('PUT', `/api/interview/${interviewId}/legal-hold`, { hold: false })).statusCode).toBe(200);
    expect((await owner.get(`/api/interview/${interviewId}/export`)).statusCode).toBe(200);
    expect((await owner.get(`/api/job/${job.id}/interviews.csv`)).statusCode).toBe(200);
    const asked = await t.app.inject({ method: 'POST', url: `/api/interview/${interviewId}/deletion-request`, headers: { 'x-candidate-token': candidateToken } });
    expect(asked.statusCode).toBe(201);
    expect((await owner.post(`/api/interview/${interviewId}/delete-data`, { reason: 'candidate_request' })).statusCode).toBe(200);
    expect((await owner.request('PATCH', '/api/company/settings', { retentionDays: 200 })).statusCode).toBe(200);

    const { entries } = await page(owner, '?limit=8');
    expect(entries.map((e) => [e.label, e.actor.name, e.subject, e.summary])).toEqual([
      ['Retention period changed', OWNER, null, 'From 365 to 200 days'],
      ['Candidate data deleted', OWNER, `interview:${interviewId}`, 'Reason: the candidate asked for deletion'],
      ['Deletion requested by the candidate', 'Candidate', `interview:${interviewId}`, ''],
      ['Interview list exported', OWNER, `job:${job.id}`, '1 interview (CSV)'],
      ['Candidate data exported', OWNER, `interview:${interviewId}`, 'Everything stored about the candidate (ZIP)'],
      ['Legal hold lifted', OWNER, `interview:${interviewId}`, ''],
      ['Legal hold placed', OWNER, `interview:${interviewId}`, ''],
      ['Decision recorded', OWNER, `interview:${interviewId}`, 'Advance'],
    ]);
    const stored = JSON.stringify(await allRows());
    for (const personal of [CANDIDATE.name, 'Rivera', CANDIDATE.email, OWNER, OWNER.toLowerCase(), owner.remoteAddress]) expect(stored).not.toContain(personal);
  });

  it('approval and rejection of accounts, in the account’s company, by the operator', async () => {
    expect((await owner.post(`/api/admin/accounts/${otherId}/approve`)).statusCode).toBe(200);
    const rejected = new Agent(t.app);
    const rejectedId = (await rejected.register('audit-rejected', 'Rejected Co')).json<{ id: number }>().id;
    expect((await owner.post(`/api/admin/accounts/${rejectedId}/reject`)).statusCode).toBe(200);

    const { entries } = await page(other, '?action=account_registered,account_approved');
    expect(entries.map((e) => [e.label, e.actor, e.subjectLabel, e.summary])).toEqual([
      ['Account approved', { userId: ownerId, name: 'Hireloop operator' }, 'audit-other', 'From the admin page'],
      ['Account registered', { userId: otherId, name: 'audit-other' }, 'audit-other', ''],
    ]);
    const [rejection] = (await allRows()).filter((r) => r.action === 'account_rejected');
    expect(rejection).toMatchObject({ subject: `user:${rejectedId}`, actorUserId: ownerId, details: { via: 'admin' } });
    expect(rejection!.companyId).not.toBe(ownerCompany);
    expect(rejection!.ip).toMatch(/^hmac:/);
  });
});

describe('reading the log', () => {
  /** A company of its own with entries written straight into the log, at known times. */
  async function seededCompany(name: string) {
    const agent = new Agent(t.app);
    const userId = (await agent.register(name, `${name} Co`)).json<{ id: number }>().id;
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const companyId = user!.companyId;
    const base = Date.parse('2020-03-01T09:00:00Z');
    const at = (hours: number) => new Date(base + hours * 3_600_000);
    await t.database.db.insert(auditLog).values([
      { at: at(0), action: 'legal_hold_placed', actorUserId: userId, companyId, subject: 'interview:101' },
      { at: at(1), action: 'score_changed', actorUserId: userId, companyId, subject: 'interview:101', details: { reviewId: 1, criterion: 'Communication', from: 40, to: 60 } },
      { at: at(2), action: 'decision_recorded', actorUserId: userId, companyId, subject: 'interview:101', details: { reviewId: 2, decision: 'reject' } },
      // Two at the same instant: the id breaks the tie, so paging neither repeats nor skips one.
      { at: at(24), action: 'candidate_data_deleted', actorUserId: null, companyId, subject: 'interview:102', details: { reason: 'retention' } },
      { at: at(24), action: 'candidate_data_deleted', actorUserId: null, companyId, subject: 'interview:103', details: { reason: 'retention' } },
      { at: at(48), action: 'retention_changed', actorUserId: 987_654, companyId, details: { from: 365, to: 90 } },
      { at: at(49), action: 'score_changed', actorUserId: userId, companyId, subject: 'interview:104', details: { reviewId: 3, criterion: '=HYPERLINK("x")', from: 10, to: 20 } },
    ]);
    return { agent, userId, companyId };
  }

  it('pages newest first with a cursor, filters by action, dates, subject and who, and resolves names now', async () => {
    const { agent, userId } = await seededCompany('audit-reader');
    const seen: AuditEntryView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: AuditLogPage = await page(agent, `?limit=3&to=2020-04-01T00:00:00Z${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...res.entries);
      cursor = res.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((e) => e.subject ?? e.action)).toEqual(['interview:104', 'retention_changed', 'interview:103', 'interview:102', 'interview:101', 'interview:101', 'interview:101']);
    expect(seen[1]!.actor).toEqual({ userId: 987_654, name: 'Deleted user #987654' });
    expect(seen[2]!.actor).toEqual({ userId: null, name: 'Hireloop (automatic)' });
    expect(seen[2]!.summary).toBe('Reason: the retention period ended');

    const subjects = async (query: string) => (await page(agent, query)).entries.map((e) => `${e.action} ${e.subject ?? ''}`.trim());
    expect(await subjects('?action=score_changed')).toEqual(['score_changed interview:104', 'score_changed interview:101']);
    expect(await subjects('?action=score_changed&action=decision_recorded&to=2020-03-02T00:00:00Z')).toEqual(['decision_recorded interview:101', 'score_changed interview:101']);
    expect(await subjects('?from=2020-03-02T09:00:00Z&to=2020-03-03T09:00:00.000Z')).toEqual(['candidate_data_deleted interview:103', 'candidate_data_deleted interview:102']);
    expect(await subjects('?subject=interview:101&from=2020-03-01T11:00:00%2B01:00')).toEqual(['decision_recorded interview:101', 'score_changed interview:101']);
    expect(await subjects('?actor=system')).toEqual(['candidate_data_deleted interview:103', 'candidate_data_deleted interview:102']);
    expect(await subjects(`?actor=${userId}&to=2020-04-01T00:00:00Z&action=legal_hold_placed`)).toEqual(['legal_hold_placed interview:101']);
    expect(await subjects('?subject=interview:999')).toEqual([]);

    // A renamed user is shown by the name they have now.
    await t.database.db.update(users).set({ username: 'audit-reader-renamed' }).where(eq(users.id, userId));
    expect((await page(agent, '?action=legal_hold_placed')).entries[0]!.actor.name).toBe('audit-reader-renamed');
    const actors = await agent.get('/api/audit-log/actors');
    expect(actors.json()).toEqual([{ id: userId, username: 'audit-reader-renamed' }]);
  });

  it('refuses bad filters with a 400 that says what is wrong', async () => {
    const cases: [string, string][] = [
      ['?action=login_succeded', 'Unknown action "login_succeded"'],
      ['?from=yesterday', 'from must be a date and time such as 2026-05-01T00:00:00Z'],
      ['?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', 'to must be later than from'],
      ['?subject=Sam%20Rivera', 'Use a subject such as interview:12'],
      ['?actor=admin', 'actor must be a user id or "system"'],
      ['?limit=0', 'limit must be a whole number from 1 to 200'],
      ['?limit=500', 'limit must be a whole number from 1 to 200'],
      ['?cursor=not-a-cursor', 'The cursor is not valid: start again from the first page'],
    ];
    for (const [query, message] of cases) {
      const res = await owner.get(`/api/audit-log${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string; code: string }>(), query).toMatchObject({ error: expect.stringContaining(message), code: 'VALIDATION_FAILED' });
    }
    const csv = await owner.get('/api/audit-log.csv?action=nope');
    expect(csv.statusCode).toBe(400);
    expect((await new Agent(t.app).get('/api/audit-log')).statusCode).toBe(401);
    expect((await new Agent(t.app).get('/api/audit-log.csv')).statusCode).toBe(401);
  });

  it('a company never sees another company’s entries, in the list, by subject, by actor or in the CSV', async () => {
    const mine = await rowsOf(ownerCompany);
    expect(mine.length).toBeGreaterThan(5);
    const theirs = await page(other, '?limit=200');
    expect(theirs.entries.length).toBeGreaterThan(0);
    expect(theirs.entries.filter((e) => mine.some((m) => m.id === e.id))).toEqual([]);
    expect((await page(other, `?subject=interview:${interviewId}`)).entries).toEqual([]);
    expect((await page(other, `?actor=${ownerId}`)).entries.filter((e) => e.action !== 'account_approved')).toEqual([]);
    const csv = await other.get(`/api/audit-log.csv?subject=interview:${interviewId}`);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    expect((await other.get('/api/audit-log/actors')).json()).toEqual([{ id: otherId, username: 'audit-other' }]);
  });

  it('downloads the filtered entries as CSV, safe for spreadsheets, and records the export', async () => {
    const { agent, companyId } = await seededCompany('audit-csv');
    const res = await agent.get('/api/audit-log.csv?action=score_changed,candidate_data_deleted');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => [r['Time (UTC)'], r.Action, r['Action code'], r.Who, r.Subject, r['Subject code'], r.What])).toEqual([
      ['2020-03-03T10:00:00.000Z', 'Score changed', 'score_changed', 'audit-csv', 'Interview #104', 'interview:104', `'=HYPERLINK("x"): from 10 to 20`],
      ['2020-03-02T09:00:00.000Z', 'Candidate data deleted', 'candidate_data_deleted', 'Hireloop (automatic)', 'Interview #103', 'interview:103', 'Reason: the retention period ended'],
      ['2020-03-02T09:00:00.000Z', 'Candidate data deleted', 'candidate_data_deleted', 'Hireloop (automatic)', 'Interview #102', 'interview:102', 'Reason: the retention period ended'],
      ['2020-03-01T10:00:00.000Z', 'Score changed', 'score_changed', 'audit-csv', 'Interview #101', 'interview:101', 'Communication: from 40 to 60'],
    ]);
    expect(JSON.parse(rows[3]!.Details!)).toEqual({ reviewId: 1, criterion: 'Communication', from: 40, to: 60 });
    const [exported] = (await rowsOf(companyId)).filter((r) => r.action === 'audit_log_exported');
    expect(exported).toMatchObject({ details: { action: 'score_changed,candidate_data_deleted' } });
    expect((await page(agent, '?action=audit_log_exported')).entries[0]!.summary).toBe('Filtered by action (CSV)');

    // More entries than one batch of the stream: every one arrives, once.
    const many = Array.from({ length: 1_203 }, (_, i) => ({ at: new Date(Date.parse('2025-01-01T00:00:00Z') + i * 1000), action: 'logout', companyId, subject: `user:${i + 1}` }));
    await t.database.db.insert(auditLog).values(many);
    const all = parse<Record<string, string>>((await agent.get('/api/audit-log.csv?action=logout')).body, { columns: true });
    expect(all).toHaveLength(1_203);
    expect(new Set(all.map((r) => r['Subject code'])).size).toBe(1_203);
  });
});

describe('kept at least six months, whatever the retention period', () => {
  it('a retention run with the shortest period deletes candidate data but no audit entry', async () => {
    const storage = new RecordingStorage(t.config.dataDir);
    await storage.init();
    expect((await owner.request('PATCH', '/api/company/settings', { retentionDays: 30 })).statusCode).toBe(200);
    const created = await owner.post(`/api/job/${job.id}/interview`, { candidateName: 'Due Person', email: 'due@example.com' });
    const dueId = created.json<{ id: number }>().id;
    await t.database.db.update(interviews).set({ status: 'completed', completedAt: new Date(Date.now() - 31 * 24 * 3_600_000) }).where(eq(interviews.id, dueId));
    const before = await allRows();

    const swept = await sweepRetention({ db: t.database.db, storage, telephony: null }, new Date(Date.now() + 10 * YEAR));
    expect(swept.failed).toBe(0);
    const after = await allRows();
    expect(after.slice(0, before.length)).toEqual(before);
    const [deleted] = await t.database.db.select().from(interviews).where(eq(interviews.id, dueId));
    expect(deleted!.dataDeletedAt).not.toBeNull();
    expect(after.slice(before.length).map((r) => [r.action, r.subject, r.details])).toContainEqual(['candidate_data_deleted', `interview:${dueId}`, { reason: 'retention' }]);
  });

  it('the database refuses to change, delete or truncate an entry, however old', async () => {
    const [old] = await t.database.db.insert(auditLog).values({ at: new Date(Date.now() - 5 * YEAR), action: 'logout', companyId: ownerCompany }).returning();
    await expect(t.database.db.execute(sql`delete from audit_log where id = ${old!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_log where at < now() - interval '6 months'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set details = null where id = ${old!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update audit_log set subject = 'interview:1'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toMatchObject({ cause: { message: 'audit_log is append-only' } });
    const [still] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, old!.id));
    expect(still).toEqual(old);
  });
});

describe("the team and account entries' summaries", () => {
  it('say in words what the ids and counts mean, for every action issue 16 added', () => {
    expect(summaryOf('member_role_changed', { from: 'viewer', to: 'recruiter' })).toBe('From Viewer to Recruiter');
    expect(summaryOf('password_changed', { sessionsEnded: 2 })).toBe('2 other sessions ended');
    expect(summaryOf('sessions_ended', { ended: 1, scope: 'others' })).toBe('1 session ended: everywhere else');
    expect(summaryOf('sessions_ended', { ended: 3, scope: 'one' })).toBe('3 sessions ended');
    expect(summaryOf('password_reset', {})).toBe('From an emailed link; every session ended');
    expect(summaryOf('template_saved', { templateId: 7 })).toBe('Template #7');
    expect(summaryOf('login_failed', { reason: 'removed' })).toBe('Removed from the company');
    expect(summaryOf('candidate_link_days_changed', { from: 14, to: 30 })).toBe('From 14 to 30 days');
  });
});
