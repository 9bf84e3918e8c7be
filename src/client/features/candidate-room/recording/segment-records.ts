/**
 * What the chunk store decides, as pure functions on its records, shared by the IndexedDB and the
 * in-memory store: where a chunk goes, which chunks the server's acknowledgement lets us delete,
 * and how a byte range is put together from the chunks still stored.
 */
import { chunkSize, MissingBytesError, type ChunkData, type ChunkRecord, type RecordingFiletype, type SegmentRecord } from './chunk-store-types';

export function newSegmentRecord(interviewId: number, segment: number, filetype: RecordingFiletype): SegmentRecord {
  return { interviewId, segment, filetype, uploadUrl: null, finished: false, recordingDone: false, nextByte: 0, uploadedBytes: 0 };
}

/**
 * A recorder chunk goes at the segment's end: its bytes are [nextByte, nextByte + size). A segment
 * whose recording is done takes no more bytes (a late chunk would follow the declared end).
 */
export function appendChunk(record: SegmentRecord, data: ChunkData): { record: SegmentRecord; chunk: ChunkRecord } {
  if (record.recordingDone) throw new Error(`Segment ${record.segment} is already complete`);
  const { interviewId, segment, nextByte: start } = record;
  const chunk: ChunkRecord = { interviewId, segment, start, end: start + chunkSize(data), data };
  return { record: { ...record, nextByte: chunk.end }, chunk };
}

/**
 * The deletion rule: a chunk may be deleted once the server has acknowledged every byte of it
 * (Upload-Offset at or past its end). A chunk the offset falls inside stays whole: the server may
 * still need its tail.
 */
export function isAcknowledged(chunk: Pick<ChunkRecord, 'end'>, offset: number): boolean {
  return chunk.end <= offset;
}

/** The server has bytes [0, offset): uploadedBytes never goes back, nor past what was recorded. */
export function acknowledgeRecord(record: SegmentRecord, offset: number): SegmentRecord {
  return { ...record, uploadedBytes: Math.max(record.uploadedBytes, Math.min(offset, record.nextByte)) };
}

/** The server has the whole segment (its final length included). */
export function finishRecord(record: SegmentRecord): SegmentRecord {
  return { ...record, finished: true, recordingDone: true, uploadedBytes: record.nextByte };
}

/** The lowest byte offset still stored: the first chunk's start, or nextByte when none is left. */
export function firstStoredByte(firstChunkStart: number | undefined, record: SegmentRecord | undefined): number {
  return firstChunkStart ?? record?.nextByte ?? 0;
}

/**
 * The bytes [start, end) out of `chunks` (sorted by start, Blobs or ArrayBuffers), end clamped to what was recorded.
 * Throws MissingBytesError when a byte of the range is no longer (or never was) stored.
 */
export function readRange(chunks: ChunkRecord[], record: SegmentRecord | undefined, start: number, end: number): Blob {
  const to = Math.min(end, record?.nextByte ?? 0);
  if (to <= start) return new Blob([]);
  const parts: ChunkData[] = [];
  let cursor = start;
  for (const chunk of chunks) {
    if (chunk.end <= cursor || chunk.start >= to) continue;
    if (chunk.start > cursor) break;
    parts.push(chunk.data.slice(cursor - chunk.start, Math.min(to, chunk.end) - chunk.start));
    cursor = Math.min(to, chunk.end);
    if (cursor >= to) break;
  }
  if (cursor < to) throw new MissingBytesError(start, to, firstStoredByte(chunks[0]?.start, record));
  return new Blob(parts);
}
