import { z } from 'zod';

/**
 * Importing candidates from a CSV file (issue 17, point 4; docs/decisions/032-csv-import.md): a
 * job's (name, email) or a phone screening's (name, country code, phone, date, time, time zone).
 * The preview and the import read the file the same way; the import checks it again on the server.
 */

/** The largest file read: 1 MiB of text (UTF-8). */
export const IMPORT_MAX_BYTES = 1024 * 1024;
/** The most candidates one file may hold. */
export const IMPORT_MAX_ROWS = 1000;
/** What a file over IMPORT_MAX_BYTES is told (413; the dialog says it before sending). */
export const IMPORT_TOO_LARGE_MESSAGE = `The file is larger than 1 MiB. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} candidates`;

export const IMPORT_KINDS = ['job', 'screening'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_FIELDS = ['candidateName', 'email', 'countryCode', 'phoneNumber', 'date', 'time', 'timeZone', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How each column is named in messages, the preview and the template. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  candidateName: 'Name',
  email: 'Email',
  countryCode: 'Country code',
  phoneNumber: 'Phone',
  date: 'Date',
  time: 'Time',
  timeZone: 'Time zone',
  notes: 'Notes',
};

/**
 * The header spellings accepted for each column, compared with only their letters, lower case
 * ("Candidate name", "E-mail", "TIME ZONE" all match).
 */
export const IMPORT_HEADER_SPELLINGS: Record<ImportField, readonly string[]> = {
  candidateName: ['name', 'candidatename', 'candidate', 'fullname'],
  email: ['email', 'emailaddress', 'candidateemail'],
  countryCode: ['countrycode', 'country', 'dialcode', 'callingcode'],
  phoneNumber: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'telephone'],
  date: ['date', 'interviewdate', 'calldate'],
  time: ['time', 'interviewtime', 'calltime'],
  timeZone: ['timezone', 'zone', 'tz'],
  notes: ['notes', 'note'],
};

/** The columns each kind of import reads: all the required ones must be in the header row. */
export const IMPORT_COLUMNS: Record<ImportKind, { required: readonly ImportField[]; optional: readonly ImportField[] }> = {
  job: { required: ['candidateName', 'email'], optional: [] },
  screening: { required: ['candidateName', 'countryCode', 'phoneNumber', 'date', 'time', 'timeZone'], optional: ['notes'] },
};

/** A file to download and fill in: the header row and one example. */
export const IMPORT_TEMPLATES: Record<ImportKind, string> = {
  job: 'Name,Email\r\nJane Smith,jane.smith@example.com\r\n',
  screening: 'Name,Country code,Phone,Date,Time,Time zone,Notes\r\nJane Smith,+1,555 010 0199,2030-01-15,14:30,UTC-05:00,Prefers afternoons\r\n',
};

/** POST /api/phone-screening/{id}/import(/preview) and the job's preview: the file's text. */
export const importInput = z.object({ csv: z.string('Send the file as text in the csv field') });
export type ImportInput = z.input<typeof importInput>;

/** POST /api/job/{jobId}/import: the file, and whether to email the new candidates their invitation. */
export const jobImportInput = importInput.extend({ sendInvitations: z.boolean().optional().default(false) });
export type JobImportInput = z.input<typeof jobImportInput>;

export const importRow = z.object({
  /** The row's number as a spreadsheet shows it (the header row is usually 1). */
  line: z.number(),
  /** The cells the import reads, trimmed, by field. */
  values: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
  /** Why the row cannot be imported; empty when it can. */
  errors: z.array(z.string()),
  /** Set when the row is left out without blocking the import: the candidate is already there. */
  skipReason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

export const importPreview = z.object({
  /** The columns read, in the order the preview shows them. */
  columns: z.array(z.enum(IMPORT_FIELDS)),
  /** Header cells the import does not read (they are left out). */
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRow),
  /** Rows that will be created. */
  valid: z.number(),
  /** Rows with errors: while there are any, nothing is imported. */
  invalid: z.number(),
  /** Rows left out: already candidates. */
  skipped: z.number(),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** The import's answer (201). */
export const importResult = z.object({
  created: z.number(),
  skipped: z.number(),
  /** Invitations handed to the mail server or kept in the outbox (jobs only; 0 when not asked). */
  invited: z.number(),
  /** Invitations the mail server refused (they stay in the outbox to be tried again). */
  invitationsFailed: z.number(),
  /** Why no invitation went, when they were asked for and none could be (the hourly limit, approval, a closed job). */
  invitationNote: z.string().nullable(),
});
export type ImportResult = z.infer<typeof importResult>;

/** The 400 answer of an import refused for its rows (the one error shape, contracts/errors.ts): nothing was created; its details, the preview, say why row by row. */
export const importRefused = z.object({ error: z.string(), code: z.literal('IMPORT_ROWS_INVALID'), details: importPreview });
export type ImportRefused = z.infer<typeof importRefused>;

/** "3 candidates", "1 candidate". */
export const candidatesCount = (n: number) => `${n.toLocaleString('en-US')} candidate${n === 1 ? '' : 's'}`;
