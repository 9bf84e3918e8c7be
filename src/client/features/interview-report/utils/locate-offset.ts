/**
 * Offsets (transcript `startMs`, evidence `atMs`) count from the start of the whole recording,
 * which may be stored in several segments. A segment's duration is known once the player has
 * loaded it (browsers report MediaRecorder WebM without a duration as Infinity: unknown).
 */
export type SegmentDurations = readonly (number | undefined)[];

const known = (d: number | undefined): d is number => d !== undefined && Number.isFinite(d) && d > 0;

/**
 * The segment holding `ms` and the position inside it. The walk stops at the first segment whose
 * duration is unknown (the time is then sought in that segment) and at the last segment.
 */
export function locateOffset(ms: number, durationsMs: SegmentDurations, segmentCount: number): { segment: number; ms: number } {
  let rest = Number.isFinite(ms) && ms > 0 ? ms : 0;
  let segment = 0;
  while (segment < segmentCount - 1) {
    const duration = durationsMs[segment];
    if (!known(duration) || rest < duration) break;
    rest -= duration;
    segment += 1;
  }
  return { segment, ms: rest };
}

/** Where a segment starts in the whole recording, or null while an earlier segment's duration is unknown. */
export function segmentStartMs(segment: number, durationsMs: SegmentDurations): number | null {
  let start = 0;
  for (let i = 0; i < segment; i++) {
    const duration = durationsMs[i];
    if (!known(duration)) return null;
    start += duration;
  }
  return start;
}
