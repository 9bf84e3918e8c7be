import { IMPORT_COLUMNS, IMPORT_FIELD_LABELS, IMPORT_HEADER_SPELLINGS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE_MESSAGE, type ImportField, type ImportKind } from '../../../contracts/imports';
import { isBlankRow, readCsvRecords } from '../../lib/csv-records';
import { AppError } from '../../lib/errors';

/** A file's candidates as cells by field, each row numbered as a spreadsheet shows it. */
export interface ImportTable {
  columns: ImportField[];
  ignoredColumns: string[];
  rows: { line: number; values: Partial<Record<ImportField, string>> }[];
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');
const list = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`);

/**
 * Reads an uploaded CSV for a kind of import: a header row naming the columns (any order, common
 * spellings, any case), then one candidate per row. A BOM, CRLF, quoted cells with commas or line
 * breaks, semicolon- or tab-separated files (spreadsheets in some locales) and blank rows are fine.
 * Whatever stops the whole file (too large, not CSV, a missing column, no rows) is thrown with a
 * sentence saying what to do; problems of single rows are left to the row checks.
 */
export function readImportTable(text: string, kind: ImportKind): ImportTable {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE_MESSAGE);
  }
  const body = text.replace(/^\uFEFF/, '');
  const { required, optional } = IMPORT_COLUMNS[kind];
  const hint = `The first row must name the columns: ${required.map((f) => IMPORT_FIELD_LABELS[f]).join(', ')}`;
  if (body.trim() === '') throw invalid(`The file is empty. ${hint}, and each row after it one candidate`);
  const { records, headerAt } = readCsvRecords(body);
  const header = (records[headerAt] ?? []).map((cell) => cell.trim());
  const wanted = [...required, ...optional];
  const index = new Map<ImportField, number>();
  const ignoredColumns: string[] = [];
  header.forEach((cell, i) => {
    const field = wanted.find((f) => IMPORT_HEADER_SPELLINGS[f].includes(headerKey(cell)));
    if (!field) {
      if (cell) ignoredColumns.push(cell);
      return;
    }
    if (index.has(field)) throw invalid(`Two columns are named ${IMPORT_FIELD_LABELS[field]} ("${header[index.get(field)!]}" and "${cell}"): keep one`);
    index.set(field, i);
  });
  const missing = required.filter((f) => !index.has(f));
  if (missing.length > 0) {
    const found = header.filter(Boolean).map((cell) => `"${cell}"`);
    const names = list(missing.map((f) => IMPORT_FIELD_LABELS[f]));
    throw invalid(`The file has no ${names} column${missing.length > 1 ? 's' : ''}. ${hint}${found.length ? ` (found ${found.join(', ')})` : ''}`);
  }

  const columns = wanted.filter((f) => index.has(f));
  const rows = records.flatMap((cells, i) =>
    i <= headerAt || isBlankRow(cells) ? [] : [{ line: i + 1, values: Object.fromEntries(columns.map((f) => [f, (cells[index.get(f)!] ?? '').trim()])) }],
  );
  if (rows.length === 0) throw invalid('The file has no candidates. Add one candidate per row under the header row');
  if (rows.length > IMPORT_MAX_ROWS) {
    throw invalid(`The file has ${rows.length.toLocaleString('en-US')} candidates; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time (split the file)`);
  }
  return { columns, ignoredColumns, rows };
}
