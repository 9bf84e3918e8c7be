/** One value of a CSV cell, as the exports hold them. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value starting with = + - @ (or a tab
 * or carriage return) is prefixed with ' so Excel, Numbers or Google Sheets never runs it as a
 * formula (a candidate's name or a job title could be one); quotes, commas and line breaks are quoted.
 */
export function csvCell(value: CsvValue): string {
  const s = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of these cells, without its line break. */
export const csvLine = (cells: readonly CsvValue[]): string => cells.map(csvCell).join(',');
