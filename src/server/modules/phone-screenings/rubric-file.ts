import { isBlankRow, readCsvRecords } from '../../lib/csv-records';
import { ANCHOR_LEVELS, cleanAnchors, type AnchorLevel, type RubricCriterion } from '../../../contracts/ai';
import { scaleWeightsTo100 } from '../../../contracts/jobs';
import { RUBRIC_MAX_CRITERIA } from '../../../contracts/phone-screenings';
import { AppError } from '../../lib/errors';

export type RubricFileFormat = 'csv' | 'json';

const NAME_MAX = 120;
const DESCRIPTION_MAX = 1000;
const ANCHOR_MAX = 500;
/** A recruiter fixes a file faster seeing several problems at once, but not a wall of them. */
const PROBLEMS_SHOWN = 5;
const HEADER_HINT = 'name, description, weight';

/** One criterion as the file gave it, before checking; `where` names it in messages ("Row 3", "Criterion 2"). */
interface RawCriterion {
  where: string;
  name: unknown;
  description: unknown;
  weight: unknown;
  /** Behaviour anchors, optional: what weak, adequate and strong answers look like. */
  anchors: Record<AnchorLevel, unknown>;
  /** Set when the entry is not even shaped like a criterion. */
  problem?: string;
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * An uploaded rubric (CSV with a header row, or JSON) as criteria whose weights total 100, scaled
 * like the job rubric's. Throws VALIDATION_FAILED naming the row and field of each problem.
 */
export function parseRubricFile(text: string, format: RubricFileFormat): RubricCriterion[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw invalid(`The file is empty. Give one criterion per row under a header row: ${HEADER_HINT}`);
  return checkCriteria(format === 'csv' ? csvCriteria(body) : jsonCriteria(body), format);
}

function csvCriteria(body: string): RawCriterion[] {
  const read = readCsvRecords(body);
  const { records } = read;
  const headerAt = Math.max(0, read.headerAt);
  const header = records[headerAt] ?? [];
  const column = columnsOf(header);
  if (column.name < 0 || column.weight < 0) {
    const found = header.filter((cell) => cell.trim()).map((cell) => `"${cell.trim()}"`);
    throw invalid(`The first row must be a header naming the columns: ${HEADER_HINT}${found.length ? ` (found ${found.join(', ')})` : ''}`);
  }
  // Rows are numbered as a spreadsheet shows them (the first is row 1; a cell with line breaks stays in one row).
  return records.flatMap((cells, i) =>
    i <= headerAt || isBlankRow(cells)
      ? []
      : [
          {
            where: `Row ${i + 1}`,
            name: cells[column.name],
            description: column.description < 0 ? '' : cells[column.description],
            weight: cells[column.weight],
            anchors: { weak: cellAt(cells, column.weak), adequate: cellAt(cells, column.adequate), strong: cellAt(cells, column.strong) },
          },
        ],
  );
}

/** Where each field is, by header name in any order and case ("Weight (%)" counts as weight); -1 when absent. */
function columnsOf(header: string[]) {
  const keys = header.map((cell) => cell.toLowerCase().replace(/[^a-z]/g, ''));
  const find = (...names: string[]) => keys.findIndex((key) => names.includes(key));
  return {
    name: find('name', 'criterion', 'criteria'),
    description: find('description'),
    weight: find('weight'),
    weak: find('weak', 'weakanswer', 'weakanchor'),
    adequate: find('adequate', 'adequateanswer', 'adequateanchor'),
    strong: find('strong', 'stronganswer', 'stronganchor'),
  };
}

const cellAt = (cells: string[], index: number) => (index < 0 ? undefined : cells[index]);

function jsonCriteria(body: string): RawCriterion[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    throw invalid(`The file is not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(value) ? value : isRecord(value) ? (lowerKeys(value).rubric ?? lowerKeys(value).criteria) : undefined;
  if (!Array.isArray(list)) {
    throw invalid('The JSON must be a list of criteria, or an object with a "rubric" list; each criterion has a name, a description and a weight');
  }
  return list.map((item: unknown, i) => {
    const where = `Criterion ${i + 1}`;
    const noAnchors = { weak: undefined, adequate: undefined, strong: undefined };
    if (!isRecord(item)) return { where, name: undefined, description: undefined, weight: undefined, anchors: noAnchors, problem: `${where}: must be an object with a name, a description and a weight` };
    const fields = lowerKeys(item);
    // Anchors as an "anchors" object, or as weak / adequate / strong fields beside the weight.
    const anchors = isRecord(fields.anchors) ? lowerKeys(fields.anchors) : fields;
    return { where, name: fields.name, description: fields.description ?? '', weight: fields.weight, anchors: { weak: anchors.weak, adequate: anchors.adequate, strong: anchors.strong } };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const lowerKeys = (record: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(record).map(([key, v]) => [key.toLowerCase(), v]));

/** A weight as written in a file: 25, "25", "25%", "12.5" or "12,5". NaN when it is not a number. */
function readWeight(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const plain = value.trim().replace(/\s*%$/, '').replace(/^(\d+),(\d+)$/, '$1.$2');
  return plain === '' ? Number.NaN : Number(plain);
}

function checkCriteria(raw: RawCriterion[], format: RubricFileFormat): RubricCriterion[] {
  if (raw.length === 0) {
    throw invalid(format === 'csv' ? `The file has no criteria. Add one row per criterion under the header row: ${HEADER_HINT}` : 'The file has no criteria. Give a list of criteria, each with a name, a description and a weight');
  }
  if (raw.length > RUBRIC_MAX_CRITERIA) throw invalid(`The file has ${raw.length} criteria; a rubric can have at most ${RUBRIC_MAX_CRITERIA}`);

  const problems: string[] = [];
  const criteria: RubricCriterion[] = [];
  const firstByName = new Map<string, string>();
  for (const row of raw) {
    if (row.problem) {
      problems.push(row.problem);
      continue;
    }
    const before = problems.length;
    const name = typeof row.name === 'string' ? row.name.trim() : typeof row.name === 'number' ? String(row.name) : '';
    if (row.name !== undefined && row.name !== null && typeof row.name !== 'string' && typeof row.name !== 'number') problems.push(`${row.where}: name must be text`);
    else if (!name) problems.push(`${row.where}: name is missing`);
    else if (name.length > NAME_MAX) problems.push(`${row.where}: name is longer than ${NAME_MAX} characters`);
    else {
      const earlier = firstByName.get(name.toLowerCase());
      if (earlier) problems.push(`${row.where}: the name "${name}" is already used in ${earlier.toLowerCase()}; give each criterion its own name`);
      else firstByName.set(name.toLowerCase(), row.where);
    }

    const description = typeof row.description === 'string' ? row.description.trim() : row.description == null ? '' : null;
    if (description === null) problems.push(`${row.where}: description must be text`);
    else if (description.length > DESCRIPTION_MAX) problems.push(`${row.where}: description is longer than ${DESCRIPTION_MAX} characters`);

    const weight = readWeight(row.weight);
    if (row.weight === undefined || row.weight === null || (typeof row.weight === 'string' && row.weight.trim() === '')) problems.push(`${row.where}: weight is missing`);
    else if (!Number.isFinite(weight) || weight <= 0 || weight > 100) {
      problems.push(`${row.where}: weight must be a positive number up to 100, not ${typeof row.weight === 'string' ? `"${row.weight.trim()}"` : JSON.stringify(row.weight)}`);
    }

    const anchors: Partial<Record<AnchorLevel, string>> = {};
    for (const level of ANCHOR_LEVELS) {
      const value = row.anchors[level];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') problems.push(`${row.where}: the ${level} answer must be text`);
      else if (value.trim().length > ANCHOR_MAX) problems.push(`${row.where}: the ${level} answer is longer than ${ANCHOR_MAX} characters`);
      else anchors[level] = value.trim();
    }

    if (problems.length === before) {
      const cleaned = cleanAnchors(anchors);
      criteria.push({ name, description: description ?? '', weight, ...(cleaned ? { anchors: cleaned } : {}) });
    }
  }
  if (problems.length > 0) {
    const more = problems.length - PROBLEMS_SHOWN;
    throw invalid(problems.slice(0, PROBLEMS_SHOWN).join('; ') + (more > 0 ? `; and ${more} more problem${more === 1 ? '' : 's'}` : ''));
  }
  return scaleWeightsTo100(criteria, { minimum: 1 });
}
