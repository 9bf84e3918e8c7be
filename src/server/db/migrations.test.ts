import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storedEvaluation } from '../../contracts/ai';
import { TIME_ZONES, zoneOfOption } from '../../contracts/phone-screenings';
import { cleanupsAfterEach, migrationsUpTo, scratchDatabase } from '../test/migrations';
import { migrationsFolder, type Database } from './client';

describe('migration 0008: statuses become closed sets', () => {
  const cleanup = cleanupsAfterEach();

  it('brings rows written before to a known status, then refuses any status the code does not know', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    let database: Database = await scratch.open(migrationsUpTo('0007_session_version'));
    const sql = (text: string) => database.query<Record<string, unknown>>(text);
    await sql(`INSERT INTO companies (name) VALUES ('Acme')`);
    await sql(`INSERT INTO users (company_id, username, password_hash) VALUES (1, 'ada', 'x')`);
    await sql(`INSERT INTO jobs (company_id, user_id, title, description) VALUES (1, 1, 'Welder', 'Welds.')`);
    const legacy: [string, string][] = [
      ['In Progress', `NULL`],
      ['in-progress', `NULL`],
      ['scored', `'{"overall": 70}'`],
      ['whatever', `NULL`],
    ];
    for (const [i, [status, feedback]] of legacy.entries()) {
      await sql(`INSERT INTO interviews (job_id, candidate_name, email, candidate_token, status, feedback) VALUES (1, 'C${i}', 'c${i}@example.com', 'token-${i}', '${status}', ${feedback})`);
    }
    await sql(`INSERT INTO interviews (job_id, candidate_name, email, candidate_token, status, started_at) VALUES (1, 'C4', 'c4@example.com', 'token-4', 'live', now())`);
    await sql(`INSERT INTO phone_screenings (company_id, user_id) VALUES (1, 1)`);
    await sql(
      `INSERT INTO phone_screening_candidates (screening_id, candidate_name, country_code, phone_number, interview_time, time_zone, status) VALUES (1, 'P', '+1', '5550100', now(), 'UTC', 'No Answer'), (1, 'Q', '+1', '5550101', now(), 'UTC', 'archived')`,
    );
    await sql(`INSERT INTO phone_calls (candidate_id, attempt, provider, status, conversation) VALUES (1, 1, 'twilio', 'no-answer', '{}'), (1, 2, 'twilio', 'lost', '{}')`);
    await database.close();

    database = await scratch.open();
    cleanup(() => database.close());
    const statuses = async (table: string) => (await sql(`SELECT status FROM ${table} ORDER BY id`)).rows.map((r) => r.status);
    expect(await statuses('interviews')).toEqual(['in_progress', 'in_progress', 'completed', 'pending', 'in_progress']);
    expect(await statuses('phone_screening_candidates')).toEqual(['no_answer', 'pending']);
    expect(await statuses('phone_calls')).toEqual(['no_answer', 'failed']);

    await expect(sql(`UPDATE interviews SET status = 'archived' WHERE id = 1`)).rejects.toThrow(/interviews_status_check/);
    await expect(sql(`UPDATE phone_screening_candidates SET status = 'done' WHERE id = 1`)).rejects.toThrow(/phone_candidates_status_check/);
    await expect(sql(`UPDATE users SET role = 'owner' WHERE id = 1`)).rejects.toThrow(/users_role_check/);
    await expect(sql(`UPDATE phone_calls SET status = 'in-progress' WHERE id = 1`)).rejects.toThrow(/phone_calls_status_check/);
    // Known values still pass.
    await sql(`UPDATE interviews SET status = 'evaluating' WHERE id = 4`);
    expect((await statuses('interviews'))[3]).toBe('evaluating');
  });
});

describe('migration 0018: how each account was reviewed', () => {
  const cleanup = cleanupsAfterEach();

  it('reads it from the audit log for accounts reviewed before, then refuses a way the code does not know', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    let database: Database = await scratch.open(migrationsUpTo('0017_one_call_per_attempt'));
    const sql = (text: string) => database.query<Record<string, unknown>>(text);
    await sql(`INSERT INTO companies (name) VALUES ('Ops'), ('Acme')`);
    await sql(`
      INSERT INTO users (company_id, username, password_hash, role, is_approved, review_status, reviewed_at, reviewed_by) VALUES
        (1, 'operator', 'x', 'admin', true, 'approved', now(), NULL),
        (2, 'by-cli', 'x', 'member', true, 'approved', now(), NULL),
        (2, 'by-page', 'x', 'member', false, 'rejected', now(), 1),
        (2, 'joined', 'x', 'member', true, 'approved', now(), 2),
        (2, 'waiting', 'x', 'member', false, 'pending', NULL, NULL),
        (2, 'unrecorded', 'x', 'member', true, 'approved', now(), NULL),
        (1, 'operator-then-cli', 'x', 'admin', false, 'rejected', now(), NULL)`);
    await sql(`
      INSERT INTO audit_log (at, action, actor_user_id, company_id, subject, details) VALUES
        (now() - interval '2 days', 'account_registered', 1, 1, 'user:1', '{"operator": true}'),
        (now() - interval '2 days', 'account_registered', 2, 2, 'user:2', '{}'),
        (now() - interval '1 day', 'account_approved', NULL, 2, 'user:2', '{"via": "cli"}'),
        (now() - interval '1 day', 'account_rejected', 1, 2, 'user:3', '{"via": "admin"}'),
        (now() - interval '1 day', 'member_joined', 4, 2, 'user:4', '{}'),
        (now() - interval '2 days', 'account_registered', 7, 1, 'user:7', '{"operator": true}'),
        (now() - interval '1 day', 'account_rejected', NULL, 1, 'user:7', '{"via": "cli"}')`);
    await database.close();

    database = await scratch.open();
    cleanup(() => database.close());
    const rows = (await sql(`SELECT username, reviewed_via FROM users ORDER BY id`)).rows;
    expect(Object.fromEntries(rows.map((r) => [r.username, r.reviewed_via]))).toEqual({
      operator: 'first_account',
      'by-cli': 'command_line',
      'by-page': 'admin_page',
      joined: 'invitation',
      waiting: null,
      // No audit entry says how: a review without a reviewer was the command line's.
      unrecorded: 'command_line',
      // The latest review counts: the first account, later rejected from the command line.
      'operator-then-cli': 'command_line',
    });
    await expect(sql(`UPDATE users SET reviewed_via = 'setup' WHERE id = 1`)).rejects.toThrow(/users_reviewed_via_check/);
  });
});

describe('migration 0021: every stored evaluation in the one typed shape', () => {
  const cleanup = cleanupsAfterEach();

  /** An evaluation as the engines write it today: it must come through unchanged. */
  const current = {
    summary: 'Strong communicator.',
    overall: 78,
    criteria: [
      {
        name: 'Communication',
        weight: 60,
        score: 85,
        feedback: 'Clear answers.',
        evidence: [{ quote: 'I explained the trade-offs', atMs: 83_000 }, { quote: 'to the team' }],
        anchors: { weak: 'Vague.', adequate: 'General.', strong: 'Specific, own actions, result.' },
        sampleRange: { min: 80, max: 90, samples: 3 },
        requirement: 'met',
      },
      { name: 'Technical skills', weight: 40, score: null, notAssessed: true, feedback: 'Not assessed.', evidence: [] },
    ],
    insufficientEvidence: false,
    engine: 'openai',
    model: 'gpt-4o-mini',
    promptVersion: 'v3',
    fallbackReason: 'anthropic: timeout',
    samples: 3,
    biasFlags: [{ index: 1, text: 'young team', category: 'age', reason: 'Age-coded wording', suggestion: 'a team' }],
    worthChecking: [{ kind: 'rule_breaking', quote: 'Sometimes you have to fudge the logs.', atMs: 61_000 }],
    evaluatedAt: '2026-01-01T00:00:00.000Z',
  };
  const empty = { insufficientEvidence: false, biasFlags: [], worthChecking: [] };
  // [what an older row held, what it holds after]
  const rows: [unknown, unknown][] = [
    [current, current],
    ['Good interview.', { summary: 'Good interview.', overall: 0, criteria: [], ...empty }],
    [JSON.stringify({ summary: 'From JSON', overall: 70, criteria: [] }), { summary: 'From JSON', overall: 70, criteria: [], ...empty }],
    ['{not json', { summary: '{not json', overall: 0, criteria: [], ...empty }],
    ['{"other": 1}', { summary: '{"other": 1}', overall: 0, criteria: [], ...empty }],
    [
      { summary: 'OK', overall: 64, criteria: [{ name: 'Fit', score: 64, feedback: 'Fine' }] },
      { summary: 'OK', overall: 64, criteria: [{ name: 'Fit', weight: 0, score: 64, feedback: 'Fine', evidence: [] }], ...empty },
    ],
    [{ summary: 'Silent', overall: null, criteria: [], insufficientEvidence: true }, { summary: 'Silent', overall: null, criteria: [], ...empty, insufficientEvidence: true }],
    [{ summary: 'Old' }, { summary: 'Old', overall: 0, criteria: [], ...empty }],
    [
      {
        summary: 42,
        overall: '130',
        criteria: [
          { score: -4, evidence: ['a quote', '', { quote: 'timed', atMs: -1 }, { atMs: 3 }, 7] },
          'not a criterion',
          { name: ' Fit ', score: 'high', feedback: 3, weight: '40', requirement: 'maybe', anchors: { weak: ' ', strong: 7 }, sampleRange: { min: 'x' } },
          { name: 'Grit', score: ' 55 ', anchors: { strong: 'Kept going.' } },
        ],
        engine: '',
        fallbackReason: 'openai: timeout',
        biasFlags: [{ text: 'x', category: 'age', reason: 'r', index: 2, suggestion: 'y' }, { text: 'no category' }, { text: 'z', category: 'c', reason: 'r', index: -1, suggestion: '' }],
        worthChecking: [{ kind: 'licence', quote: 'Not sure my card is current.', atMs: -5 }, { kind: 'gossip', quote: 'x' }, { kind: 'unsafe', quote: '' }],
      },
      {
        summary: '',
        overall: 100,
        criteria: [
          { name: 'Criterion 1', weight: 0, score: 0, feedback: '', evidence: [{ quote: 'a quote' }, { quote: 'timed' }] },
          { name: 'Fit', weight: 0, score: null, feedback: '', evidence: [] },
          { name: 'Grit', weight: 0, score: 55, feedback: '', evidence: [], anchors: { weak: '', adequate: '', strong: 'Kept going.' } },
        ],
        insufficientEvidence: false,
        fallbackReason: 'openai: timeout',
        biasFlags: [
          { text: 'x', category: 'age', reason: 'r', index: 2, suggestion: 'y' },
          { text: 'z', category: 'c', reason: 'r' },
        ],
        worthChecking: [{ kind: 'licence', quote: 'Not sure my card is current.' }],
      },
    ],
    [42, null],
    [[current], null],
    [null, null],
  ];

  it('brings rows written before to it, keeps the ones written today as they are, and each reads with the schema', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    let database: Database = await scratch.open(migrationsUpTo('0020_answering'));
    const sql = (text: string, params?: unknown[]) => database.query<Record<string, unknown>>(text, params);
    await sql(`INSERT INTO companies (name) VALUES ('Acme')`);
    await sql(`INSERT INTO users (company_id, username, password_hash) VALUES (1, 'ada', 'x')`);
    await sql(`INSERT INTO jobs (company_id, user_id, title, description) VALUES (1, 1, 'Welder', 'Welds.')`);
    await sql(`INSERT INTO phone_screenings (company_id, user_id) VALUES (1, 1)`);
    for (const [i, [before]] of rows.entries()) {
      const value = before === null ? null : JSON.stringify(before);
      await sql(`INSERT INTO interviews (job_id, candidate_name, email, candidate_token, feedback) VALUES (1, 'C${i}', 'c${i}@example.com', 'token-${i}', $1::jsonb)`, [value]);
      await sql(
        `INSERT INTO phone_screening_candidates (screening_id, candidate_name, country_code, phone_number, interview_time, time_zone, feedback) VALUES (1, 'P${i}', '+1', '555010${i}', now(), 'UTC', $1::jsonb)`,
        [value],
      );
    }
    await database.close();

    database = await scratch.open();
    cleanup(() => database.close());
    for (const table of ['interviews', 'phone_screening_candidates']) {
      const after = (await sql(`SELECT feedback FROM ${table} ORDER BY id`)).rows.map((r) => r.feedback);
      expect(after).toEqual(rows.map(([, expected]) => expected));
      for (const stored of after) if (stored !== null) expect(storedEvaluation.strict().safeParse(stored).error).toBeUndefined();
    }
  });
});

describe('migration 0022: each phone candidate gets the zone their calls are timed in', () => {
  const cleanup = cleanupsAfterEach();

  it('names the places of a labelled option, keeps an offset that names none, as the code does for new candidates', async () => {
    const scratch = await scratchDatabase();
    cleanup(scratch.drop);
    let database: Database = await scratch.open(migrationsUpTo('0021_typed_evaluations'));
    const sql = (text: string, params?: unknown[]) => database.query<Record<string, unknown>>(text, params);
    await sql(`INSERT INTO companies (name) VALUES ('Acme')`);
    await sql(`INSERT INTO users (company_id, username, password_hash) VALUES (1, 'ada', 'x')`);
    await sql(`INSERT INTO phone_screenings (company_id, user_id) VALUES (1, 1)`);
    // Every option of the form, an applicant's offset from before (Nepal), and a value from before the options.
    const before = [...TIME_ZONES.map((t) => t.value), 'UTC+05:45', 'UTC'];
    for (const [i, zone] of before.entries()) {
      await sql(`INSERT INTO phone_screening_candidates (screening_id, candidate_name, country_code, phone_number, interview_time, time_zone) VALUES (1, $1, '+1', $2, now(), $3)`, [`P${i}`, `55501${i}`, zone]);
    }
    await database.close();

    database = await scratch.open();
    cleanup(() => database.close());
    const rows = (await sql(`SELECT time_zone, zone FROM phone_screening_candidates ORDER BY id`)).rows;
    expect(rows.map((r) => r.zone)).toEqual(before.map(zoneOfOption));
    expect(rows.slice(0, 2).map((r) => r.zone)).toEqual(['UTC-12:00', 'UTC-11:00']);
    expect(rows.find((r) => r.time_zone === 'UTC-05:00')?.zone).toBe('America/New_York');
    expect(rows.at(-2)?.zone).toBe('UTC+05:45');
    // The zone the form shows is kept as it was.
    expect(rows.map((r) => r.time_zone)).toEqual(before);
  });
});

it('keeps the migrations journal in time order, so none is skipped on a database that has the ones before', () => {
  // drizzle applies a migration only when its time is after the last applied one's.
  const { entries } = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  for (let i = 1; i < entries.length; i++) expect(entries[i]!.when, `${entries[i]!.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.when);
});
