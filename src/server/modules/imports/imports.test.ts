import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRefused, ImportResult } from '../../../contracts/imports';
import type { InterviewListItem } from '../../../contracts/interviews';
import type { Job } from '../../../contracts/jobs';
import { auditLog, emails, interviews, jobs, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';

// CSV import of a job's candidates (issue 17.4, docs/decisions/032-csv-import.md), through the HTTP
// API, with invitations received by a real SMTP server.

let smtp: TestSmtp;
let t: TestApp;
let a: Agent;
let unapproved: Agent;
let viewer: Agent;
let job: Job;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://hire.example.com' });
  a = new Agent(t.app);
  await a.register('importer-a', 'Alpha Retail'); // the install's first account: approved
  unapproved = new Agent(t.app);
  await unapproved.register('importer-b', 'Beta Logistics');
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'importer-a'));
  const member = await makeMember(t.database.db, owner!.companyId, 'viewer');
  viewer = new Agent(t.app);
  expect((await viewer.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
  job = await createJob(a, 'Store Manager');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function createJob(agent: Agent, title: string) {
  const res = await agent.post('/api/job', { title, description: 'Lead a retail store team.', questions: ['How do you open the store?'] });
  expect(res.statusCode).toBe(201);
  return res.json<Job>();
}
const preview = (agent: Agent, jobId: number, csv: string) => agent.post(`/api/job/${jobId}/import/preview`, { csv });
const jobRows = (jobId: number) => t.database.db.select().from(interviews).where(eq(interviews.jobId, jobId));
const importEntries = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'candidates_imported'));

// A spreadsheet's export: a BOM, CRLF, other spellings, a column the import does not read, a quoted
// cell with a comma, and a trailing empty line.
const MESSY = '\uFEFF"Candidate name",E-MAIL,Source\r\n"Lee, Jordan",jordan@example.com,referral\r\nAda Lovelace,ada@example.com,\r\n\r\n';

describe('the preview', () => {
  it('reads a spreadsheet export as it is and lists each row', async () => {
    const res = await preview(a, job.id, MESSY);
    expect(res.statusCode).toBe(200);
    expect(res.json<ImportPreview>()).toEqual({
      columns: ['candidateName', 'email'],
      ignoredColumns: ['Source'],
      rows: [
        { line: 2, values: { candidateName: 'Lee, Jordan', email: 'jordan@example.com' }, errors: [], skipReason: null },
        { line: 3, values: { candidateName: 'Ada Lovelace', email: 'ada@example.com' }, errors: [], skipReason: null },
      ],
      valid: 2,
      invalid: 0,
      skipped: 0,
    });
    expect(await jobRows(job.id)).toHaveLength(0);
  });

  it('gives each bad row its errors: a missing name, a bad email, the same email twice; a candidate already there is skipped', async () => {
    const other = await createJob(a, 'Cashier');
    expect((await a.post(`/api/job/${other.id}/interview`, { candidateName: 'Sam Rivera', email: 'Sam@Example.com' })).statusCode).toBe(201);
    const csv = 'name;email\n;nobody@example.com\nPat Kim;pat@\nSam Rivera;sam@example.com\nAlex Doe;alex@example.com\nAlexandra Doe;ALEX@example.com\n' + `${'x'.repeat(201)};long@example.com\n`;
    const body = (await preview(a, other.id, csv)).json<ImportPreview>();
    expect(body.rows.map((r) => [r.line, r.errors, r.skipReason])).toEqual([
      [2, ['Candidate name is required'], null],
      [3, ['Please enter a valid email address'], null],
      [4, [], 'Already a candidate of this job'],
      [5, [], null],
      [6, ['Same email as line 5'], null],
      [7, ['Name is longer than 200 characters'], null],
    ]);
    expect([body.valid, body.invalid, body.skipped]).toEqual([1, 4, 1]);
  });

  it('says which required column is missing, and refuses files that are empty, not CSV, too long or too large', async () => {
    const missing = await preview(a, job.id, 'Name,Phone\nJordan,555\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'The file has no Email column. The first row must name the columns: Name, Email (found "Name", "Phone")', code: 'VALIDATION_FAILED' });
    expect((await preview(a, job.id, 'Email\nx@example.com\n')).json<{ error: string }>().error).toMatch(/^The file has no Name column\./);
    expect((await preview(a, job.id, 'Name,Email,Full name\n')).json<{ error: string }>().error).toBe('Two columns are named Name ("Name" and "Full name"): keep one');
    expect((await preview(a, job.id, ' \r\n')).json<{ error: string }>().error).toBe('The file is empty. The first row must name the columns: Name, Email, and each row after it one candidate');
    expect((await preview(a, job.id, 'Name,Email\r\n\r\n')).json<{ error: string }>().error).toBe('The file has no candidates. Add one candidate per row under the header row');
    expect((await preview(a, job.id, 'PK\u0003\u0004binary')).json<{ error: string }>().error).toMatch(/^The file is not a CSV text file\./);
    expect((await preview(a, job.id, 'Name,Email\n"Jordan,jordan@example.com\n')).json<{ error: string }>().error).toMatch(/a quoted field is never closed/);

    const rows = (n: number) => `Name,Email\n${Array.from({ length: n }, (_, i) => `Person ${i},p${i}@example.com`).join('\n')}\n`;
    expect((await preview(a, job.id, rows(1000))).json<ImportPreview>().valid).toBe(1000);
    const tooMany = await preview(a, job.id, rows(1001));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: string }>().error).toBe('The file has 1,001 candidates; import at most 1,000 at a time (split the file)');

    const large = await preview(a, job.id, `Name,Email\n${'A'.repeat(1024 * 1024)},a@example.com\n`);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: 'The file is larger than 1 MiB. Split it into files of at most 1,000 candidates', code: 'PAYLOAD_TOO_LARGE' });
    const huge = await preview(a, job.id, 'A'.repeat(7 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);

    const noFile = await a.post(`/api/job/${job.id}/import/preview`, { file: 'Name,Email' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ error: string }>().error).toBe('csv: Send the file as text in the csv field');
  });
});

describe('the import', () => {
  it('refuses the whole file when any row has an error, and creates nothing', async () => {
    const target = await createJob(a, 'Stock Clerk');
    const before = (await importEntries()).length;
    const res = await a.post(`/api/job/${target.id}/import`, { csv: 'Name,Email\nGood Person,good@example.com\nBad Person,not-an-email\n', sendInvitations: true });
    expect(res.statusCode).toBe(400);
    const body = res.json<ImportRefused>();
    expect(body.error).toBe('1 row has errors, so nothing was imported. Correct it (or remove it from the file) and import again');
    expect(body.code).toBe('IMPORT_ROWS_INVALID');
    expect(body.details.rows[1]).toMatchObject({ line: 3, errors: ['Please enter a valid email address'] });
    expect(await jobRows(target.id)).toHaveLength(0);
    expect(await importEntries()).toHaveLength(before);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, target.id));
    expect(row!.numOfInterviews).toBe(0);
  });

  it('creates every candidate with a link and a room, sends the invitations, audits once, and skips them the second time', async () => {
    const sentBefore = smtp.messages.length;
    const res = await a.post(`/api/job/${job.id}/import`, { csv: MESSY, sendInvitations: true });
    expect(res.statusCode).toBe(201);
    expect(res.json<ImportResult>()).toEqual({ created: 2, skipped: 0, invited: 2, invitationsFailed: 0, invitationNote: null });

    const list = (await a.get(`/api/job/${job.id}/interview`)).json<InterviewListItem[]>();
    expect(list.map((i) => [i.candidateName, i.email, i.status, i.emailSent]).sort()).toEqual([
      ['Ada Lovelace', 'ada@example.com', 'pending', true],
      ['Lee, Jordan', 'jordan@example.com', 'pending', true],
    ]);
    for (const item of list) {
      expect(item.roomName).toMatch(/^interview-\d+-[0-9a-f]{8}$/);
      expect(item.linkExpiresAt).not.toBeNull();
    }
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.numOfInterviews).toBe(2);

    const received = (await smtp.waitFor(sentBefore + 2)).slice(sentBefore);
    expect(received.map((m) => m.to && !Array.isArray(m.to) ? m.to.text : '').sort()).toEqual(['ada@example.com', 'jordan@example.com']);
    const toAda = received.find((m) => !Array.isArray(m.to) && m.to?.text === 'ada@example.com')!;
    expect(toAda.subject).toBe('Interview Invitation for Store Manager at Alpha Retail');
    expect(toAda.text).toContain('Hi Ada Lovelace,');
    expect(toAda.text).toContain(list.find((i) => i.email === 'ada@example.com')!.candidateLink);

    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'candidates_imported'), eq(auditLog.subject, `job:${job.id}`)));
    expect(entries.map((e) => e.details)).toEqual([{ rows: 2, skipped: 0 }]);
    const log = (await a.get(`/api/audit-log?action=candidates_imported&subject=job:${job.id}`)).json<{ entries: { label: string; summary: string; subjectLabel: string }[] }>();
    expect(log.entries).toEqual([expect.objectContaining({ label: 'Candidates imported (CSV)', summary: '2 candidates added', subjectLabel: `Job #${job.id}` })]);

    const again = await a.post(`/api/job/${job.id}/import`, { csv: MESSY, sendInvitations: true });
    expect(again.json<ImportResult>()).toEqual({ created: 0, skipped: 2, invited: 0, invitationsFailed: 0, invitationNote: null });
    expect(await jobRows(job.id)).toHaveLength(2);
  });

  it('creates the candidates but sends nothing when the account may not send yet, and says why', async () => {
    const theirs = await createJob(unapproved, 'Driver');
    const res = await unapproved.post(`/api/job/${theirs.id}/import`, { csv: 'Name,Email\nPat Kim,pat@example.com\n', sendInvitations: true });
    expect(res.statusCode).toBe(201);
    expect(res.json<ImportResult>()).toEqual({
      created: 1,
      skipped: 0,
      invited: 0,
      invitationsFailed: 0,
      invitationNote: 'Your account is awaiting approval. The candidates were imported; send their invitations later with Send Email.',
    });
    const sent = await t.database.db.select().from(emails).where(eq(emails.toAddress, 'pat@example.com'));
    expect(sent).toHaveLength(0);
  });

  it('without sendInvitations creates the candidates and emails nobody', async () => {
    const target = await createJob(a, 'Baker');
    const res = await a.post(`/api/job/${target.id}/import`, { csv: 'Name,Email\nRo Baker,ro@example.com\n' });
    expect(res.json<ImportResult>()).toMatchObject({ created: 1, invited: 0 });
    expect(await t.database.db.select().from(emails).where(eq(emails.toAddress, 'ro@example.com'))).toHaveLength(0);
  });
});

describe('who may import', () => {
  it('refuses a closed job (409), a viewer (403) and another company (404)', async () => {
    const closing = await createJob(a, 'Seasonal Helper');
    expect((await a.post(`/api/job/${closing.id}/close`)).statusCode).toBe(200);
    const csv = 'Name,Email\nJo,jo@example.com\n';
    for (const res of [await preview(a, closing.id, csv), await a.post(`/api/job/${closing.id}/import`, { csv })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'This job is closed. Reopen it to invite candidates.', code: 'JOB_CLOSED' });
    }
    for (const res of [await preview(viewer, job.id, csv), await viewer.post(`/api/job/${job.id}/import`, { csv })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    for (const res of [await preview(unapproved, job.id, csv), await unapproved.post(`/api/job/${job.id}/import`, { csv })]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await jobRows(closing.id)).toHaveLength(0);
  });
});
