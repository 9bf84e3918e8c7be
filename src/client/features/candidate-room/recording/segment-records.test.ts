import { describe, expect, it } from 'vitest';
import { MissingBytesError, type ChunkRecord } from './chunk-store-types';
import { acknowledgeRecord, appendChunk, finishRecord, firstStoredByte, isAcknowledged, newSegmentRecord, readRange } from './segment-records';

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const read = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

/** A segment recorded as chunks of the given sizes (byte i holds the value i). */
function recorded(...sizes: number[]) {
  let record = newSegmentRecord(7, 0, 'audio/webm');
  const chunks: ChunkRecord[] = [];
  for (const size of sizes) {
    const appended = appendChunk(record, bytes(...Array.from({ length: size }, (_, i) => record.nextByte + i)));
    chunks.push(appended.chunk);
    record = appended.record;
  }
  return { record, chunks };
}

describe('chunks of a segment', () => {
  it('follow each other as byte ranges of the stream', () => {
    const { record, chunks } = recorded(3, 2, 4);
    expect(chunks.map(({ start, end }) => [start, end])).toEqual([
      [0, 3],
      [3, 5],
      [5, 9],
    ]);
    expect(record).toMatchObject({ nextByte: 9, uploadedBytes: 0, recordingDone: false, finished: false, uploadUrl: null });
  });

  it('are refused once the recording of the segment is done', () => {
    const { record } = recorded(3);
    expect(() => appendChunk({ ...record, recordingDone: true }, bytes(1))).toThrow('Segment 0 is already complete');
  });
});

describe('the deletion rule', () => {
  it('a chunk may go once the server acknowledged every byte of it, not before', () => {
    const chunk = { end: 10 };
    expect(isAcknowledged(chunk, 9)).toBe(false);
    expect(isAcknowledged(chunk, 10)).toBe(true);
    expect(isAcknowledged(chunk, 11)).toBe(true);
    expect(isAcknowledged(chunk, 0)).toBe(false);
  });

  it('the acknowledged count never goes back, nor past what was recorded', () => {
    const { record } = recorded(4, 4);
    const acked = acknowledgeRecord(record, 5);
    expect(acked.uploadedBytes).toBe(5);
    expect(acknowledgeRecord(acked, 2).uploadedBytes).toBe(5);
    expect(acknowledgeRecord(acked, 50).uploadedBytes).toBe(8);
  });

  it('a finished segment counts as wholly uploaded and takes no more bytes', () => {
    const { record } = recorded(4, 4);
    expect(finishRecord(record)).toMatchObject({ finished: true, recordingDone: true, uploadedBytes: 8, nextByte: 8 });
  });
});

describe('reading a range back', () => {
  it('joins and cuts chunks, the end clamped to what was recorded', async () => {
    const { record, chunks } = recorded(3, 2, 4);
    expect(await read(readRange(chunks, record, 2, 7))).toEqual([2, 3, 4, 5, 6]);
    expect(await read(readRange(chunks, record, 6, 100))).toEqual([6, 7, 8]);
    expect((await read(readRange(chunks, record, 9, 20))).length).toBe(0);
  });

  it('fails with MissingBytesError when acknowledged chunks were deleted', () => {
    const { record, chunks } = recorded(3, 2, 4);
    const kept = chunks.filter((chunk) => !isAcknowledged(chunk, 4));
    expect(firstStoredByte(kept[0]?.start, record)).toBe(3);
    expect(() => readRange(kept, record, 0, 9)).toThrow(MissingBytesError);
    expect(() => readRange(kept, record, 0, 9)).toThrow('Recording bytes 0-9 are no longer stored in the browser (first stored byte: 3)');
    expect(() => readRange(kept, record, 3, 9)).not.toThrow();
  });

  it('with nothing left, the first stored byte is the end of the recording', () => {
    const { record } = recorded(3, 2);
    expect(firstStoredByte(undefined, record)).toBe(5);
    expect(firstStoredByte(undefined, undefined)).toBe(0);
  });
});
