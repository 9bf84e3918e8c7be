import { describe, expect, it } from 'vitest';
import type { SegmentRecord } from './chunk-store-types';
import { ChunkWriter } from './chunk-writer';
import { MemoryChunkStore } from './memory-chunk-store';

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const read = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];
const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** The in-memory store with a browser's storage limit: appends fail once `room` chunks are stored, until `free()`. */
class LimitedStore extends MemoryChunkStore {
  private full = false;
  constructor(private room: number) {
    super();
  }
  free(): void {
    this.room = Infinity;
    this.full = false;
  }
  override async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    if (this.full || this.room <= 0) {
      this.full = true;
      throw quotaExceeded();
    }
    this.room--;
    return super.appendChunk(interviewId, segment, data);
  }
}

/** The in-memory store answering the first append slowly. */
class SlowFirstStore extends MemoryChunkStore {
  private calls = 0;
  override async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    if (this.calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 30));
    return super.appendChunk(interviewId, segment, data);
  }
}

function writerOn(store: MemoryChunkStore) {
  const stored: number[] = [];
  const failures: unknown[] = [];
  const writer = new ChunkWriter(store, 1, 0, {
    stored: (record) => stored.push(record.nextByte),
    failed: (error) => failures.push(error),
  });
  return { writer, stored, failures };
}

describe('storing the recorder chunks', () => {
  it('stores them in the order recorded, even when a write is slow, and marks the recording done after the last', async () => {
    const store = new SlowFirstStore();
    await store.createSegment(1, 0, 'video/webm');
    const { writer, stored } = writerOn(store);
    writer.write(bytes(1, 2));
    writer.write(bytes());
    writer.write(bytes(3));
    writer.write(bytes(4, 5, 6));
    const record = await writer.close();
    expect(stored).toEqual([2, 3, 6]);
    expect(record).toMatchObject({ nextByte: 6, recordingDone: true });
    expect(await read(await store.readRange(1, 0, 0, 6))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('storage full: the chunk that does not fit ends the segment; later ones are dropped even if room comes back, so the stream has no gap', async () => {
    const store = new LimitedStore(2);
    await store.createSegment(1, 0, 'video/webm');
    const { writer, stored, failures } = writerOn(store);
    writer.write(bytes(1, 2));
    writer.write(bytes(3));
    writer.write(bytes(4, 5));
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.free();
    writer.write(bytes(6));
    const record = await writer.close();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ name: 'QuotaExceededError' });
    expect(writer.isBroken).toBe(true);
    expect(stored).toEqual([2, 3]);
    // What was stored before is kept, and uploads as the whole segment.
    expect(record).toMatchObject({ nextByte: 3, recordingDone: true });
    expect(await read(await store.readRange(1, 0, 0, 10))).toEqual([1, 2, 3]);
  });
});
