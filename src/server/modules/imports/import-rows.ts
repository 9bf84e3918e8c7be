import type { z } from 'zod';
import { createInterviewInput } from '../../../contracts/interviews';
import { IMPORT_FIELD_LABELS, type ImportField, type ImportPreview, type ImportRow } from '../../../contracts/imports';
import { candidateInput, combineInterviewTime, TIME_ZONES } from '../../../contracts/phone-screenings';
import type { ImportTable } from './csv-table';

/**
 * Each row of an import checked with the very contract that checks one candidate typed by hand
 * (createInterviewInput, candidateInput), so a file can never hold what the form would refuse.
 * Within a file the same person twice is an error (which row is right is for the recruiter to
 * say); a person already a candidate is left out with a reason, so a list can be imported again
 * after adding to it.
 */

export type JobCandidate = z.output<typeof jobCandidate>;
export type ScreeningCandidateInput = z.output<typeof candidateInput>;

/** A checked file: the preview, and the rows to create with their input. */
export interface CheckedImport<T> {
  preview: ImportPreview;
  accepted: { line: number; input: T }[];
}

const jobCandidate = createInterviewInput.pick({ candidateName: true, email: true });

/** Where an issue's path points, as the file's column. */
const FIELD_OF_PATH: Record<string, ImportField> = {
  candidateName: 'candidateName',
  email: 'email',
  countryCode: 'countryCode',
  phoneNumber: 'phoneNumber',
  timeZone: 'timeZone',
  notes: 'notes',
  interviewTime: 'date',
};

/** The contract's messages, with the column and the cell where "required" would mislead (the cell is there, but wrong). */
function issueMessages(issues: z.ZodError['issues'], values: Partial<Record<ImportField, string>>): string[] {
  return issues.map((issue) => {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    const label = field ? IMPORT_FIELD_LABELS[field] : String(issue.path[0]);
    const cell = field ? (values[field] ?? '') : '';
    if (issue.code === 'too_big' && typeof issue.maximum === 'number') return `${label} is longer than ${issue.maximum} characters`;
    if (cell !== '' && /is required$/.test(issue.message)) return `${label} "${cell}" is not valid`;
    return issue.message;
  });
}

function summarise(columns: ImportTable, rows: ImportRow[]): ImportPreview {
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  const skipped = rows.filter((r) => r.errors.length === 0 && r.skipReason).length;
  return { columns: columns.columns, ignoredColumns: columns.ignoredColumns, rows, valid: rows.length - invalid - skipped, invalid, skipped };
}

/** A job's file: name and email; the same email twice is an error, a candidate the job already has is skipped. */
export function checkJobRows(table: ImportTable, existingEmails: ReadonlySet<string>): CheckedImport<JobCandidate> {
  const firstLine = new Map<string, number>();
  const accepted: CheckedImport<JobCandidate>['accepted'] = [];
  const rows = table.rows.map(({ line, values }): ImportRow => {
    const parsed = jobCandidate.safeParse({ candidateName: values.candidateName ?? '', email: values.email ?? '' });
    if (!parsed.success) return { line, values, errors: issueMessages(parsed.error.issues, values), skipReason: null };
    const key = parsed.data.email.toLowerCase();
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return { line, values, errors: [`Same email as line ${earlier}`], skipReason: null };
    firstLine.set(key, line);
    if (existingEmails.has(key)) return { line, values, errors: [], skipReason: 'Already a candidate of this job' };
    accepted.push({ line, input: parsed.data });
    return { line, values, errors: [], skipReason: null };
  });
  return { preview: summarise(table, rows), accepted };
}

/** 2026-1-5 → 2026-01-05; 2026/01/05 too. Anything else is left for the message. */
function readDate(cell: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(cell);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : null;
}

/** 9:30, 09:30, 09:30:00, 2:30 PM → HH:MM (24-hour). */
function readTime(cell: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(cell);
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const half = m[3]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** UTC+5:30, +05:30, GMT-5, UTC, or an option's label ("UTC-05:00 (Eastern)") → the option's value; null when none matches. */
function readTimeZone(cell: string): string | null {
  const plain = cell.trim().toUpperCase();
  const byLabel = TIME_ZONES.find((t) => t.value === plain || t.label.toUpperCase() === plain);
  if (byLabel) return byLabel.value;
  if (/^(UTC|GMT|Z)$/.test(plain)) return 'UTC+00:00';
  const m = /^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/.exec(plain);
  if (!m) return null;
  const value = `UTC${m[1]}${m[2]!.padStart(2, '0')}:${m[3] ?? '00'}`;
  return TIME_ZONES.find((t) => t.value === value)?.value ?? null;
}

const digits = (phone: string) => phone.replace(/\D/g, '');
/** Who a screening candidate is, for duplicates: the number dialled. */
export const phoneKey = (countryCode: string, phoneNumber: string) => `${digits(countryCode)}:${digits(phoneNumber)}`;

/** A screening's file: the call's date and time in the candidate's zone, checked like the Add Candidate form. */
export function checkScreeningRows(table: ImportTable, existingPhones: ReadonlySet<string>): CheckedImport<ScreeningCandidateInput> {
  const firstLine = new Map<string, number>();
  const accepted: CheckedImport<ScreeningCandidateInput>['accepted'] = [];
  const rows = table.rows.map(({ line, values }): ImportRow => {
    const errors: string[] = [];
    const cell = (f: ImportField) => values[f] ?? '';
    const date = readDate(cell('date'));
    const time = readTime(cell('time'));
    const timeZone = readTimeZone(cell('timeZone'));
    if (!date) errors.push(cell('date') ? `Date "${cell('date')}" is not valid: write it as YYYY-MM-DD, such as 2030-01-15` : 'Date is required');
    if (!time) errors.push(cell('time') ? `Time "${cell('time')}" is not valid: write it as HH:MM, such as 14:30` : 'Time is required');
    if (!timeZone) errors.push(cell('timeZone') ? `Time zone "${cell('timeZone')}" is not valid: use one such as UTC-05:00 or UTC+05:30` : 'Time zone is required');
    const interviewTime = date && time && timeZone ? combineInterviewTime(date, time, timeZone) : null;
    if (date && time && timeZone && !interviewTime) errors.push(`Date "${cell('date')}" does not exist`);
    const countryCode = /^\d{1,4}$/.test(cell('countryCode')) ? `+${cell('countryCode')}` : cell('countryCode');
    const parsed = candidateInput.safeParse({
      candidateName: cell('candidateName'),
      countryCode,
      phoneNumber: cell('phoneNumber'),
      timeZone: timeZone ?? '',
      notes: cell('notes'),
      interviewTime: interviewTime ?? '',
    });
    if (!parsed.success) {
      // Date, time and zone were judged above, in the file's own words.
      const rest = parsed.error.issues.filter((i) => i.path[0] !== 'interviewTime' && i.path[0] !== 'timeZone');
      errors.push(...issueMessages(rest, values));
      if (errors.length === 0) errors.push('The date and time are not valid');
    }
    if (!parsed.success || errors.length > 0) return { line, values, errors, skipReason: null };
    const key = phoneKey(parsed.data.countryCode, parsed.data.phoneNumber);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) return { line, values, errors: [`Same phone number as line ${earlier}`], skipReason: null };
    firstLine.set(key, line);
    if (existingPhones.has(key)) return { line, values, errors: [], skipReason: 'Already a candidate of this screening' };
    accepted.push({ line, input: parsed.data });
    return { line, values, errors: [], skipReason: null };
  });
  return { preview: summarise(table, rows), accepted };
}
