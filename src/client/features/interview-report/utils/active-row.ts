/** The part of a transcript row that places it in the recording. */
export interface TimedRow {
  startMs?: number | undefined;
  endMs?: number | undefined;
}

/**
 * The row being spoken at `ms` into the recording, or -1: the latest row starting at or before
 * `ms`, until its own end when it has one (a gap after it highlights nothing), else until the
 * next row starts. Rows without a start are never active.
 */
export function activeRowIndex(rows: readonly TimedRow[], ms: number | null): number {
  if (ms === null || !Number.isFinite(ms)) return -1;
  let best = -1;
  for (let i = 0; i < rows.length; i++) {
    const start = rows[i]!.startMs;
    if (start === undefined || start > ms) continue;
    if (best === -1 || start >= rows[best]!.startMs!) best = i;
  }
  if (best === -1) return -1;
  const end = rows[best]!.endMs;
  return end !== undefined && end > rows[best]!.startMs! && ms >= end ? -1 : best;
}
