import 'fake-indexeddb/auto';
import { forceCloseDatabase, IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { unwrap } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MissingBytesError, type ChunkData, type ChunkRecord, type SegmentRecord } from './chunk-store-types';
import { DB_NAME, DB_VERSION, IndexedDbChunkStore, openRecordingDb } from './idb-chunk-store';

// The browser's own IndexedDB is covered by the e2e tests; here an in-process implementation of
// the same API (fake-indexeddb) checks the store's transactions and its compatibility with the
// database earlier versions of the recorder left in candidates' browsers.

const bytes = (...values: number[]) => new Blob([new Uint8Array(values)]);
const read = async (data: ChunkData) => [...new Uint8Array(data instanceof ArrayBuffer ? data : await data.arrayBuffer())];

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('request failed'));
  });

/** The database exactly as the recorder before `idb` created and filled it (plain IndexedDB API). */
async function writeVersion1Database(segments: SegmentRecord[], chunks: ChunkRecord[]): Promise<void> {
  const open = indexedDB.open('hireloop-recordings', 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore('segments', { keyPath: ['interviewId', 'segment'] });
    open.result.createObjectStore('chunks', { keyPath: ['interviewId', 'segment', 'start'] });
  };
  const db = await request(open);
  const tx = db.transaction(['segments', 'chunks'], 'readwrite');
  for (const segment of segments) tx.objectStore('segments').put(segment);
  for (const chunk of chunks) tx.objectStore('chunks').put(chunk);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('transaction failed'));
  });
  db.close();
}

describe('the IndexedDB chunk store', () => {
  it('appends chunks as consecutive byte ranges, reads ranges across them, and refuses bytes after the recording is done', async () => {
    const store = await IndexedDbChunkStore.open();
    await store.createSegment(1, 0, 'video/webm');
    await store.appendChunk(1, 0, bytes(0x1a, 0x45, 0xdf));
    await store.appendChunk(1, 0, bytes(0xa3, 4));
    const record = await store.appendChunk(1, 0, bytes(5, 6, 7));
    expect(record.nextByte).toBe(8);
    expect(await read(await store.readRange(1, 0, 0, 8))).toEqual([0x1a, 0x45, 0xdf, 0xa3, 4, 5, 6, 7]);
    expect(await read(await store.readRange(1, 0, 2, 6))).toEqual([0xdf, 0xa3, 4, 5]);
    expect(await read(await store.readRange(1, 0, 6, 100))).toEqual([6, 7]);
    await store.markRecordingDone(1, 0);
    await expect(store.appendChunk(1, 0, bytes(8))).rejects.toThrow('Segment 0 is already complete');
    await expect(store.appendChunk(1, 5, bytes(8))).rejects.toThrow('Unknown recording segment 1/5');
    expect((await store.getSegment(1, 0))?.nextByte).toBe(8);
    await expect(store.createSegment(1, 0, 'video/webm')).rejects.toMatchObject({ name: 'ConstraintError' });
  });

  it('deletes a chunk only once the server acknowledged all of it', async () => {
    const store = await IndexedDbChunkStore.open();
    await store.createSegment(1, 0, 'audio/webm');
    await store.appendChunk(1, 0, bytes(0, 1, 2));
    await store.appendChunk(1, 0, bytes(3, 4, 5));
    await store.appendChunk(1, 0, bytes(6, 7));
    expect((await store.acknowledge(1, 0, 2))?.uploadedBytes).toBe(2);
    expect(await store.firstStoredByte(1, 0)).toBe(0);
    expect((await store.acknowledge(1, 0, 4))?.uploadedBytes).toBe(4);
    expect(await store.firstStoredByte(1, 0)).toBe(3);
    await expect(store.readRange(1, 0, 0, 8)).rejects.toBeInstanceOf(MissingBytesError);
    expect(await read(await store.readRange(1, 0, 4, 8))).toEqual([4, 5, 6, 7]);
    // An older acknowledgement arriving late changes nothing.
    expect((await store.acknowledge(1, 0, 1))?.uploadedBytes).toBe(4);
    expect((await store.acknowledge(1, 0, 8))?.uploadedBytes).toBe(8);
    expect(await store.firstStoredByte(1, 0)).toBe(8);
  });

  it('keeps a finished segment for its upload id without its chunks, and clears one interview only', async () => {
    const store = await IndexedDbChunkStore.open();
    await store.createSegment(1, 1, 'audio/webm');
    await store.createSegment(1, 0, 'audio/webm');
    await store.createSegment(2, 0, 'audio/webm');
    await store.appendChunk(1, 0, bytes(1, 2));
    await store.appendChunk(2, 0, bytes(9));
    await store.setUploadUrl(1, 0, 'http://x/api/uploads/abcdef0123456789');
    await store.markFinished(1, 0);
    expect(await store.getSegment(1, 0)).toMatchObject({ finished: true, recordingDone: true, uploadedBytes: 2, uploadUrl: 'http://x/api/uploads/abcdef0123456789' });
    expect(await store.firstStoredByte(1, 0)).toBe(2);
    expect((await store.listSegments(1)).map((s) => s.segment)).toEqual([0, 1]);
    expect((await store.listUnfinishedSegments(1)).map((s) => s.segment)).toEqual([1]);
    await store.deleteSegment(1, 1);
    expect((await store.listSegments(1)).map((s) => s.segment)).toEqual([0]);
    await store.clearInterview(1);
    expect(await store.listSegments(1)).toEqual([]);
    expect(await read(await store.readRange(2, 0, 0, 1))).toEqual([9]);
  });

  it('reads and resumes what the recorder before idb stored: same database, stores and records', async () => {
    const segment: SegmentRecord = {
      interviewId: 4,
      segment: 0,
      filetype: 'video/webm',
      uploadUrl: 'http://localhost:3000/api/uploads/0123456789abcdef',
      finished: false,
      recordingDone: false,
      nextByte: 6,
      uploadedBytes: 2,
    };
    const chunks: ChunkRecord[] = [
      { interviewId: 4, segment: 0, start: 2, end: 4, data: bytes(2, 3) },
      { interviewId: 4, segment: 0, start: 4, end: 6, data: bytes(4, 5) },
    ];
    await writeVersion1Database([segment], chunks);

    const store = await IndexedDbChunkStore.open();
    expect(await store.listUnfinishedSegments(4)).toEqual([segment]);
    expect(await store.firstStoredByte(4, 0)).toBe(2);
    expect(await read(await store.readRange(4, 0, 2, 6))).toEqual([2, 3, 4, 5]);
    expect((await store.markRecordingDone(4, 0))?.recordingDone).toBe(true);
    expect((await store.acknowledge(4, 0, 4))?.uploadedBytes).toBe(4);
    expect(await read(await store.readRange(4, 0, 4, 6))).toEqual([4, 5]);

    // And the database is still the one a page of the earlier version would open.
    const db = await openRecordingDb();
    expect([db.name, db.version, [...db.objectStoreNames]]).toEqual([DB_NAME, DB_VERSION, ['chunks', 'segments']]);
    expect(DB_NAME).toBe('hireloop-recordings');
    expect(DB_VERSION).toBe(1);
    const tx = db.transaction(['segments', 'chunks']);
    expect(tx.objectStore('segments').keyPath).toEqual(['interviewId', 'segment']);
    expect(tx.objectStore('chunks').keyPath).toEqual(['interviewId', 'segment', 'start']);
    db.close();
  });

  it('writes records in the shape the earlier version reads', async () => {
    const store = await IndexedDbChunkStore.open();
    await store.createSegment(9, 0, 'audio/webm');
    await store.appendChunk(9, 0, bytes(1, 2, 3));
    const db = await openRecordingDb();
    expect(await db.get('segments', [9, 0])).toEqual({
      interviewId: 9,
      segment: 0,
      filetype: 'audio/webm',
      uploadUrl: null,
      finished: false,
      recordingDone: false,
      nextByte: 3,
      uploadedBytes: 0,
    });
    const [chunk] = await db.getAll('chunks');
    expect(chunk && { ...chunk, data: await read(chunk.data) }).toEqual({ interviewId: 9, segment: 0, start: 0, end: 3, data: [1, 2, 3] });
    // The bytes as an ArrayBuffer, which every IndexedDB stores (WebKit's refuses Blobs in some sessions).
    expect(chunk?.data).toBeInstanceOf(ArrayBuffer);
    db.close();
  });

  describe('in a browser whose IndexedDB refuses Blobs (WebKit under WebDriver)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    /** Makes every put of a record holding a Blob fail as WebKit's does. */
    function refuseBlobs() {
      const put: IDBObjectStore['put'] = Reflect.get(IDBObjectStore.prototype, 'put');
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        if (value && typeof value === 'object' && Object.values(value).some((v) => v instanceof Blob)) {
          throw new DOMException('Error preparing Blob/File data to be stored in object store', 'DataCloneError');
        }
        return put.call(this, value, key);
      });
    }

    it('records and reads back a whole segment', async () => {
      refuseBlobs();
      await expect(
        (async () => {
          const db = await openRecordingDb();
          await db.put('chunks', { interviewId: 1, segment: 9, start: 0, end: 1, data: bytes(1) });
        })(),
      ).rejects.toMatchObject({ name: 'DataCloneError' });

      const store = await IndexedDbChunkStore.open();
      await store.createSegment(1, 0, 'audio/mp4');
      await store.appendChunk(1, 0, bytes(0, 0, 0, 0x20, 0x66, 0x74));
      const record = await store.appendChunk(1, 0, bytes(0x79, 0x70, 9));
      expect(record).toMatchObject({ filetype: 'audio/mp4', nextByte: 9 });
      expect(await read(await store.readRange(1, 0, 0, 9))).toEqual([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 9]);
      expect(await read(await store.readRange(1, 0, 4, 8))).toEqual([0x66, 0x74, 0x79, 0x70]);
      expect((await store.acknowledge(1, 0, 6))?.uploadedBytes).toBe(6);
      expect(await store.firstStoredByte(1, 0)).toBe(6);
    });
  });

  it('reads a segment whose first chunks an earlier version stored as Blobs and whose later ones are ArrayBuffers', async () => {
    const segment: SegmentRecord = {
      interviewId: 5,
      segment: 0,
      filetype: 'video/webm',
      uploadUrl: null,
      finished: false,
      recordingDone: false,
      nextByte: 4,
      uploadedBytes: 0,
    };
    await writeVersion1Database([segment], [{ interviewId: 5, segment: 0, start: 0, end: 4, data: bytes(0x1a, 0x45, 0xdf, 0xa3) }]);
    const store = await IndexedDbChunkStore.open();
    await store.appendChunk(5, 0, bytes(5, 6));
    expect(await read(await store.readRange(5, 0, 0, 6))).toEqual([0x1a, 0x45, 0xdf, 0xa3, 5, 6]);
    expect(await read(await store.readRange(5, 0, 2, 5))).toEqual([0xdf, 0xa3, 5]);
  });

  it('reopens the database when the browser closed the connection', async () => {
    const db = await openRecordingDb();
    const store = new IndexedDbChunkStore(db);
    await store.createSegment(1, 0, 'audio/webm');
    forceCloseDatabase(unwrap(db) as unknown as typeof IDBDatabase);
    await store.appendChunk(1, 0, bytes(1));
    expect((await store.getSegment(1, 0))?.nextByte).toBe(1);
  });
});
