import { describe, expect, it } from 'vitest';
import { MemoryChunkStore, MissingBytesError } from './chunk-store';

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const read = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

describe('chunk store (memory implementation; IndexedDB shares the range logic)', () => {
  it('appends chunks as consecutive byte ranges and reads ranges across them', async () => {
    const store = new MemoryChunkStore();
    await store.createSegment(1, 0, 'video/webm');
    await store.appendChunk(1, 0, bytes(0x1a, 0x45, 0xdf));
    await store.appendChunk(1, 0, bytes(0xa3, 4));
    const record = await store.appendChunk(1, 0, bytes(5, 6, 7));
    expect(record.nextByte).toBe(8);
    expect(await read(await store.readRange(1, 0, 0, 8))).toEqual([0x1a, 0x45, 0xdf, 0xa3, 4, 5, 6, 7]);
    expect(await read(await store.readRange(1, 0, 2, 6))).toEqual([0xdf, 0xa3, 4, 5]);
    // end beyond what was recorded is clamped
    expect(await read(await store.readRange(1, 0, 6, 100))).toEqual([6, 7]);
  });

  it('drops only chunks wholly below the acknowledged offset', async () => {
    const store = new MemoryChunkStore();
    await store.createSegment(1, 0, 'video/webm');
    await store.appendChunk(1, 0, bytes(0, 1, 2));
    await store.appendChunk(1, 0, bytes(3, 4, 5));
    const acked = await store.acknowledge(1, 0, 4);
    expect(acked?.uploadedBytes).toBe(4);
    expect(await store.firstStoredByte(1, 0)).toBe(3);
    expect(await read(await store.readRange(1, 0, 4, 6))).toEqual([4, 5]);
    await expect(store.readRange(1, 0, 0, 6)).rejects.toBeInstanceOf(MissingBytesError);
  });

  it('lists unfinished segments in order and clears an interview', async () => {
    const store = new MemoryChunkStore();
    await store.createSegment(1, 1, 'audio/webm');
    await store.createSegment(1, 0, 'audio/webm');
    await store.createSegment(2, 0, 'audio/webm');
    await store.appendChunk(1, 0, bytes(1));
    await store.setUploadUrl(1, 0, 'http://x/api/uploads/abcdef0123456789');
    await store.markFinished(1, 0);
    expect((await store.listSegments(1)).map((s) => s.segment)).toEqual([0, 1]);
    expect((await store.listUnfinishedSegments(1)).map((s) => s.segment)).toEqual([1]);
    await store.markRecordingDone(1, 1);
    await expect(store.appendChunk(1, 1, bytes(1))).rejects.toThrow();
    await store.clearInterview(1);
    expect(await store.listSegments(1)).toEqual([]);
    expect(await store.listSegments(2)).toHaveLength(1);
  });
});
