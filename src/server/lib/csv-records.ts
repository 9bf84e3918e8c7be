import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from './errors';

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** A row with nothing in it (spreadsheets leave them). */
export const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * An uploaded spreadsheet's rows as cells, and which row is its header (the first that is not
 * blank). Refuses, with a sentence saying what to do, a binary file renamed .csv and a file whose
 * quoting is broken. Spreadsheets in some locales save with semicolons or tabs: the header row
 * decides. Rows are numbered as a spreadsheet shows them: record i is row i + 1 (a cell with line
 * breaks stays in one row).
 */
export function readCsvRecords(body: string): { records: string[][]; headerAt: number } {
  // Control characters do not occur in text: this is a spreadsheet or other binary file renamed .csv.
  if (hasControlCharacters(body)) {
    throw invalid('The file is not a CSV text file. In your spreadsheet use Save As (or Download) with the format "CSV (comma-separated)" and upload that file');
  }
  const headerLine = body.trimStart().split(/\r?\n/, 1)[0] ?? '';
  const delimiter = headerLine.includes(',') ? ',' : headerLine.includes(';') ? ';' : headerLine.includes('\t') ? '\t' : ',';
  let records: string[][];
  try {
    records = parse(body, { delimiter, relax_column_count: true, relax_quotes: true });
  } catch (err) {
    throw csvProblem(err);
  }
  return { records, headerAt: records.findIndex((cells) => !isBlankRow(cells)) };
}

/** Characters below space other than tab, line feed, vertical tab, form feed and carriage return. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 9 || (code > 13 && code < 32)) return true;
  }
  return false;
}

function csvProblem(err: unknown): AppError {
  if (!(err instanceof CsvError)) throw err;
  const line = typeof err.lines === 'number' ? `Line ${err.lines}: ` : '';
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return invalid(`${line}a quoted field is never closed. Check for a missing quote mark (")`);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return invalid(`${line}a quote mark (") inside a quoted field must be doubled (""), and a quoted field must end at a comma or the end of the row`);
    default:
      return invalid(`${line}the file could not be read as CSV (${err.message})`);
  }
}
