import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportRefused, ImportResult } from '../../../contracts/imports';
import type { PhoneScreening, ScreeningCandidate } from '../../../contracts/phone-screenings';
import { auditLog, phoneScreeningCandidates, users } from '../../db/schema';
import { Agent, createTestApp, type TestApp } from '../../test/app';
import { makeMember } from '../../test/factories';

// CSV import of a phone screening's candidates (issue 17.4, docs/decisions/032-csv-import.md).

let t: TestApp;
let a: Agent;
let b: Agent;
let viewer: Agent;
let screening: PhoneScreening;

beforeAll(async () => {
  t = await createTestApp();
  a = new Agent(t.app);
  await a.register('screen-importer-a', 'Alpha Freight');
  b = new Agent(t.app);
  await b.register('screen-importer-b', 'Beta Foods');
  const [owner] = await t.database.db.select().from(users).where(eq(users.username, 'screen-importer-a'));
  const member = await makeMember(t.database.db, owner!.companyId, 'viewer');
  viewer = new Agent(t.app);
  expect((await viewer.post('/api/login', { username: member.username, password: member.password })).statusCode).toBe(200);
  screening = await createScreening('Dispatcher');
});
afterAll(() => t.close());

async function createScreening(jobTitle: string) {
  const res = await a.post('/api/phone-screening', { jobTitle });
  expect(res.statusCode).toBe(201);
  return res.json<PhoneScreening>();
}
const preview = (agent: Agent, id: number, csv: string) => agent.post(`/api/phone-screening/${id}/import/preview`, { csv });
const candidatesOf = (id: number) => t.database.db.select().from(phoneScreeningCandidates).where(eq(phoneScreeningCandidates.screeningId, id));

const HEADER = 'Candidate name,Country code,Phone number,Date,Time,Time zone,Notes';
// The ways people write them: a code without its plus, a date without leading zeros, a 12-hour time, a zone as "UTC+5:30" or "GMT-5".
const GOOD = `${HEADER}\r\nPriya Nair,91,98765 43210,2030-1-5,9:30 AM,UTC+5:30,"Mornings, please"\r\nTom Ortiz,+1,(555) 010-0199,2030-01-05,14:30,GMT-5,\r\n`;

describe('the preview', () => {
  it('reads dates, times, zones and codes as people write them', async () => {
    const res = await preview(a, screening.id, GOOD);
    expect(res.statusCode).toBe(200);
    const body = res.json<ImportPreview>();
    expect(body.columns).toEqual(['candidateName', 'countryCode', 'phoneNumber', 'date', 'time', 'timeZone', 'notes']);
    expect(body.rows.map((r) => r.errors)).toEqual([[], []]);
    expect(body.rows[0]!.values).toEqual({ candidateName: 'Priya Nair', countryCode: '91', phoneNumber: '98765 43210', date: '2030-1-5', time: '9:30 AM', timeZone: 'UTC+5:30', notes: 'Mornings, please' });
    expect([body.valid, body.invalid, body.skipped]).toEqual([2, 0, 0]);
  });

  it('gives each bad row its errors, in the words of the file', async () => {
    const csv = [
      HEADER,
      ',+44,7700 900123,2030-01-05,10:00,UTC+00:00,',
      'Bad Date,+44,7700 900124,15/01/2030,10:00,UTC+00:00,',
      'No Such Day,+44,7700 900125,2030-02-30,10:00,UTC+00:00,',
      'Bad Time,+44,7700 900126,2030-01-05,25:00,UTC+00:00,',
      'Bad Zone,+44,7700 900127,2030-01-05,10:00,Europe/London,',
      'Bad Phone,+44,call me,2030-01-05,10:00,UTC,',
      'Bad Code,UK,7700 900128,2030-01-05,10:00,UTC,',
      'First,+44,7700 900129,2030-01-05,10:00,UTC,',
      'Again,44,7700-900-129,2030-01-06,11:00,UTC,',
    ].join('\n');
    const body = (await preview(a, screening.id, csv)).json<ImportPreview>();
    expect(body.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, ['Name is required']],
      [3, ['Date "15/01/2030" is not valid: write it as YYYY-MM-DD, such as 2030-01-15']],
      [4, ['Date "2030-02-30" does not exist']],
      [5, ['Time "25:00" is not valid: write it as HH:MM, such as 14:30']],
      [6, ['Time zone "Europe/London" is not valid: use one such as UTC-05:00 or UTC+05:30']],
      [7, ['Phone "call me" is not valid']],
      [8, ['Country code "UK" is not valid']],
      [9, []],
      [10, ['Same phone number as line 9']],
    ]);
    expect([body.valid, body.invalid]).toEqual([1, 8]);
  });

  it('names every required column that is missing', async () => {
    const res = await preview(a, screening.id, 'Name,Phone,Date\nPriya,98765 43210,2030-01-05\n');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe(
      'The file has no Country code, Time and Time zone columns. The first row must name the columns: Name, Country code, Phone, Date, Time, Time zone (found "Name", "Phone", "Date")',
    );
  });
});

describe('the import', () => {
  it('refuses a file with a bad row and creates nothing', async () => {
    const res = await a.post(`/api/phone-screening/${screening.id}/import`, { csv: `${GOOD}Bad,+1,555 010 0100,someday,10:00,UTC,\n` });
    expect(res.statusCode).toBe(400);
    expect(res.json<ImportRefused>()).toMatchObject({
      error: '1 row has errors, so nothing was imported. Correct it (or remove it from the file) and import again',
      code: 'IMPORT_ROWS_INVALID',
      details: { invalid: 1, valid: 2 },
    });
    expect(await candidatesOf(screening.id)).toHaveLength(0);
  });

  it('creates the candidates with their call times in their zones, audits once, and skips them the second time', async () => {
    const res = await a.post(`/api/phone-screening/${screening.id}/import`, { csv: GOOD });
    expect(res.statusCode).toBe(201);
    expect(res.json<ImportResult>()).toEqual({ created: 2, skipped: 0, invited: 0, invitationsFailed: 0, invitationNote: null });
    const list = (await a.get(`/api/phone-screening/${screening.id}/candidates`)).json<ScreeningCandidate[]>();
    expect(list.map((c) => [c.candidateName, c.countryCode, c.phoneNumber, c.interviewTime, c.timeZone, c.notes, c.status, c.nextCallAt])).toEqual([
      // 09:30 at UTC+05:30 is 04:00 UTC; 14:30 at UTC-05:00 is 19:30 UTC.
      ['Priya Nair', '+91', '98765 43210', '2030-01-05T04:00:00.000Z', 'UTC+05:30', 'Mornings, please', 'pending', '2030-01-05T04:00:00.000Z'],
      ['Tom Ortiz', '+1', '(555) 010-0199', '2030-01-05T19:30:00.000Z', 'UTC-05:00', null, 'pending', '2030-01-05T19:30:00.000Z'],
    ]);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'candidates_imported'), eq(auditLog.subject, `phone_screening:${screening.id}`)));
    expect(entries.map((e) => e.details)).toEqual([{ rows: 2, skipped: 0 }]);
    const log = (await a.get(`/api/audit-log?subject=phone_screening:${screening.id}`)).json<{ entries: { summary: string; subjectLabel: string }[] }>();
    expect(log.entries).toEqual([expect.objectContaining({ summary: '2 candidates added', subjectLabel: `Phone screening #${screening.id}` })]);

    const again = await a.post(`/api/phone-screening/${screening.id}/import`, { csv: GOOD.replace('98765 43210', '98765-43210') });
    expect(again.json<ImportResult>()).toMatchObject({ created: 0, skipped: 2 });
    expect(await candidatesOf(screening.id)).toHaveLength(2);
    const logAgain = (await a.get(`/api/audit-log?subject=phone_screening:${screening.id}`)).json<{ entries: { summary: string }[] }>();
    expect(logAgain.entries[0]!.summary).toBe('0 candidates added, 2 already there left out');
  });

  it('refuses a viewer (403) and another company (404)', async () => {
    for (const res of [await preview(viewer, screening.id, GOOD), await viewer.post(`/api/phone-screening/${screening.id}/import`, { csv: GOOD })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ code: string }>().code).toBe('FORBIDDEN');
    }
    for (const res of [await preview(b, screening.id, GOOD), await b.post(`/api/phone-screening/${screening.id}/import`, { csv: GOOD })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('Phone screening not found');
    }
  });
});
