import type { TranscriptEntry } from '../../../contracts/ai';

/**
 * The one reader of stored transcripts (interviews and phone screenings): whatever shape a row
 * holds, evaluation, the candidate's resumed room and the report get the canonical
 * `TranscriptEntry[]`. The report's accepted forms (spec) are read here, once, on the server.
 */
type TranscriptRow = TranscriptEntry;

/** Either the rows, or the stored value that could not be read (the report shows it as raw JSON). */
export type ParsedTranscript = { ok: true; rows: TranscriptRow[] } | { ok: false; raw: unknown };

/** A JSON string holding a transcript is unwrapped at most this many times (a string of a string of …). */
const MAX_DEPTH = 4;

type Record_ = Record<string, unknown>;

const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null && !Array.isArray(value);

const offset = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

/** 'AI_1' → 'AI', 'Candidate_12' → 'Candidate', 'Interviewer' → 'Interviewer'. */
function speakerOfKey(key: string): string {
  const cut = key.indexOf('_');
  return (cut > 0 ? key.slice(0, cut) : key).trim();
}

/** `{ speaker, text, startMs?, endMs? }`. */
function entryRow(item: Record_): TranscriptRow | null {
  if (typeof item.speaker !== 'string' || typeof item.text !== 'string' || !item.speaker.trim()) return null;
  const row: TranscriptRow = { speaker: item.speaker.trim(), text: item.text };
  const startMs = offset(item.startMs);
  const endMs = offset(item.endMs);
  if (startMs !== undefined) row.startMs = startMs;
  if (endMs !== undefined) row.endMs = endMs;
  if (item.practice === true) row.practice = true;
  if (item.retake === true) row.retake = true;
  if (item.replaced === true) row.replaced = true;
  return row;
}

/** `{ "AI_1": "…" }`: one key, a string value. */
function singleEntryRow(item: Record_): TranscriptRow | null {
  const entries = Object.entries(item);
  if (entries.length !== 1) return null;
  const [key, value] = entries[0]!;
  const speaker = speakerOfKey(key);
  return typeof value === 'string' && speaker ? { speaker, text: value } : null;
}

function fromArray(list: unknown[]): TranscriptRow[] | null {
  const rows: TranscriptRow[] = [];
  for (const item of list) {
    if (!isRecord(item)) return null;
    const row = entryRow(item) ?? singleEntryRow(item);
    if (!row) return null;
    rows.push(row);
  }
  return rows;
}

/** The trailing number of a key ('AI_12' → 12), or null. */
const keyNumber = (key: string): number | null => {
  const match = /_(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
};

/**
 * `{ "AI_1": "…", "Candidate_1": "…" }`. When every key ends in a number the turns are put in
 * that order (stable, so AI_1 stays before Candidate_1), which also interleaves objects stored
 * grouped by speaker; otherwise the stored key order is kept.
 */
function fromSpeakerKeys(record: Record_): TranscriptRow[] | null {
  const entries = Object.entries(record);
  if (entries.length === 0) return null;
  if (!entries.every(([key, value]) => typeof value === 'string' && speakerOfKey(key))) return null;
  const numbers = entries.map(([key]) => keyNumber(key));
  const ordered = numbers.every((n) => n !== null)
    ? entries.map((entry, index) => ({ entry, n: numbers[index]! })).sort((a, b) => a.n - b.n).map((e) => e.entry)
    : entries;
  return ordered.map(([key, value]) => ({ speaker: speakerOfKey(key), text: value as string }));
}

/** 'Speaker: text' per line; a line without a speaker continues the turn before it. */
function fromLines(text: string): TranscriptRow[] | null {
  const rows: TranscriptRow[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    // A speaker is a short label: no sentence punctuation, so 'Well, I think: yes' continues a turn.
    const match = /^\s*([^:,;?!]{1,40}?)\s*:\s?(.*)$/.exec(line);
    if (match && match[1]!.trim()) {
      rows.push({ speaker: match[1]!.trim(), text: match[2]!.trim() });
    } else if (rows.length > 0) {
      const last = rows[rows.length - 1]!;
      last.text = last.text ? `${last.text}\n${line.trim()}` : line.trim();
    } else {
      return null;
    }
  }
  return rows.length > 0 ? rows : null;
}

function parse(value: unknown, depth: number): TranscriptRow[] | null {
  if (depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return fromArray(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return fromLines(text);
    }
    // A bare JSON number or word ("42", "true") is not a transcript; read it as lines.
    return typeof json === 'object' || typeof json === 'string' ? parse(json, depth + 1) : fromLines(text);
  }
  if (isRecord(value)) {
    if ('transcript' in value) return parse(value.transcript, depth + 1);
    if (Object.keys(value).length === 0) return [];
    const single = entryRow(value);
    return single ? [single] : fromSpeakerKeys(value);
  }
  return null;
}

/**
 * Reads a stored transcript in any of the shapes it has been saved in: an object with a
 * `transcript` field holding any of these; an array of `{ speaker, text, startMs? }`; an array
 * of single-entry objects (`{ "AI_1": "…" }`); an object keyed by speaker up to an underscore;
 * a JSON string of any of these; or 'speaker: text' lines. Nothing stored gives no rows.
 */
export function parseTranscript(stored: unknown): ParsedTranscript {
  if (stored === null || stored === undefined) return { ok: true, rows: [] };
  const rows = parse(stored, 0);
  return rows ? { ok: true, rows } : { ok: false, raw: stored };
}

/** A stored value as text for the raw view: strings as they are, everything else as indented JSON. */
export function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The stored transcript's entries; none when nothing is stored or it cannot be read. */
export function transcriptEntries(stored: unknown): TranscriptEntry[] {
  const parsed = parseTranscript(stored);
  return parsed.ok ? parsed.rows : [];
}
