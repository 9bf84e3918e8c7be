/**
 * The chunk store in IndexedDB, through `idb`. The database is the one the recorder has always
 * written, read as it is: a browser that stored chunks before a deploy uploads them after it.
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { ChunkRecord, ChunkStore, RecordingFiletype, SegmentRecord } from './chunk-store-types';
import { acknowledgeRecord, appendChunk, finishRecord, firstStoredByte, isAcknowledged, newSegmentRecord, readRange } from './segment-records';

/**
 * Name, version, stores and key paths as version 1 created them (before `idb`). Changing any of them
 * needs a version bump with a step in `upgrade` that carries the stored records over (decision 020).
 */
export const DB_NAME = 'hireloop-recordings';
export const DB_VERSION = 1;

export interface RecordingDb extends DBSchema {
  segments: { key: [interviewId: number, segment: number]; value: SegmentRecord };
  chunks: { key: [interviewId: number, segment: number, start: number]; value: ChunkRecord };
}

type Stores = ['segments', 'chunks'];
type Tx<Mode extends IDBTransactionMode> = IDBPTransaction<RecordingDb, Stores, Mode>;

export function openRecordingDb(): Promise<IDBPDatabase<RecordingDb>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  return openDB<RecordingDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('segments')) db.createObjectStore('segments', { keyPath: ['interviewId', 'segment'] });
      if (!db.objectStoreNames.contains('chunks')) db.createObjectStore('chunks', { keyPath: ['interviewId', 'segment', 'start'] });
    },
    // Another tab upgrading the schema: let it; this store reopens the database on its next use.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
    },
  });
}

const segmentRange = (interviewId: number) => IDBKeyRange.bound([interviewId, -Infinity], [interviewId, Infinity]);
/** Chunks of one segment whose start lies in [from, to) (to > from). */
const chunkRange = (interviewId: number, segment: number, from = 0, to = Infinity) =>
  IDBKeyRange.bound([interviewId, segment, from], [interviewId, segment, to], false, true);
const interviewChunkRange = (interviewId: number) => IDBKeyRange.bound([interviewId, -Infinity, -Infinity], [interviewId, Infinity, Infinity]);

const isClosedConnection = (err: unknown) => err instanceof Error && err.name === 'InvalidStateError';

export class IndexedDbChunkStore implements ChunkStore {
  readonly persistent = true;
  private db: IDBPDatabase<RecordingDb> | null;

  constructor(db: IDBPDatabase<RecordingDb>) {
    this.db = db;
    this.forgetOnClose(db);
  }

  static async open(): Promise<IndexedDbChunkStore> {
    return new IndexedDbChunkStore(await openRecordingDb());
  }

  /** The browser closed the connection (storage cleared…): the next use reopens it. */
  private forgetOnClose(db: IDBPDatabase<RecordingDb>): void {
    db.addEventListener('close', () => {
      if (this.db === db) this.db = null;
    });
  }

  private async tx<Mode extends IDBTransactionMode>(mode: Mode): Promise<Tx<Mode>> {
    const stores: Stores = ['segments', 'chunks'];
    if (!this.db) {
      this.db = await openRecordingDb();
      this.forgetOnClose(this.db);
    }
    try {
      return this.db.transaction(stores, mode);
    } catch (err) {
      // Closed for another tab's upgrade (versionchange): reopen once.
      if (!isClosedConnection(err)) throw err;
      this.db = await openRecordingDb();
      this.forgetOnClose(this.db);
      return this.db.transaction(stores, mode);
    }
  }

  /** Read-modify-write of one segment record inside `tx`; resolves with the new record. */
  private async updateSegment(
    tx: Tx<'readwrite'>,
    interviewId: number,
    segment: number,
    change: (record: SegmentRecord) => SegmentRecord,
  ): Promise<SegmentRecord | undefined> {
    const segments = tx.objectStore('segments');
    const found = await segments.get([interviewId, segment]);
    if (!found) return undefined;
    const next = change(found);
    await segments.put(next);
    return next;
  }

  /** Runs `work` in one read-write transaction and resolves once it is committed. */
  private async write<T>(work: (tx: Tx<'readwrite'>) => Promise<T>): Promise<T> {
    const tx = await this.tx('readwrite');
    try {
      const [result] = await Promise.all([work(tx), tx.done]);
      return result;
    } catch (err) {
      // Nothing of a failed step is kept (abort throws when the transaction already ended).
      try {
        tx.abort();
      } catch {
        // already aborted or committed
      }
      await tx.done.catch(() => undefined);
      throw err;
    }
  }

  async createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord> {
    const record = newSegmentRecord(interviewId, segment, filetype);
    await this.write((tx) => tx.objectStore('segments').add(record));
    return record;
  }

  async getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    return (await this.tx('readonly')).objectStore('segments').get([interviewId, segment]);
  }

  async listSegments(interviewId: number): Promise<SegmentRecord[]> {
    const records = await (await this.tx('readonly')).objectStore('segments').getAll(segmentRange(interviewId));
    return records.sort((a, b) => a.segment - b.segment);
  }

  async listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]> {
    return (await this.listSegments(interviewId)).filter((s) => !s.finished);
  }

  /**
   * Stores the chunk's bytes as an ArrayBuffer: WebKit's IndexedDB refuses Blobs in some sessions
   * ("Error preparing Blob/File data to be stored in object store", seen under WebDriver) while it
   * stores ArrayBuffers everywhere (decision 047). The bytes are read before the transaction opens:
   * an IndexedDB transaction commits by itself while a step awaits anything else.
   */
  async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    const bytes = await data.arrayBuffer();
    const record = await this.write(async (tx) => {
      const segments = tx.objectStore('segments');
      const found = await segments.get([interviewId, segment]);
      if (!found) return undefined;
      const appended = appendChunk(found, bytes);
      await Promise.all([tx.objectStore('chunks').put(appended.chunk), segments.put(appended.record)]);
      return appended.record;
    });
    if (!record) throw new Error(`Unknown recording segment ${interviewId}/${segment}`);
    return record;
  }

  async readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob> {
    if (end <= start) return new Blob([]);
    const tx = await this.tx('readonly');
    const [record, chunks] = await Promise.all([
      tx.objectStore('segments').get([interviewId, segment]),
      tx.objectStore('chunks').getAll(chunkRange(interviewId, segment, 0, end)),
    ]);
    return readRange(chunks, record, start, end);
  }

  async firstStoredByte(interviewId: number, segment: number): Promise<number> {
    const tx = await this.tx('readonly');
    const [record, firstKey] = await Promise.all([
      tx.objectStore('segments').get([interviewId, segment]),
      tx.objectStore('chunks').getKey(chunkRange(interviewId, segment)),
    ]);
    return firstStoredByte(firstKey?.[2], record);
  }

  async acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined> {
    return this.write(async (tx) => {
      if (offset > 0) {
        let cursor = await tx.objectStore('chunks').openCursor(chunkRange(interviewId, segment, 0, offset));
        while (cursor && isAcknowledged(cursor.value, offset)) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
      }
      return this.updateSegment(tx, interviewId, segment, (record) => acknowledgeRecord(record, offset));
    });
  }

  async markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    return this.write((tx) => this.updateSegment(tx, interviewId, segment, (record) => ({ ...record, recordingDone: true })));
  }

  async setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void> {
    await this.write((tx) => this.updateSegment(tx, interviewId, segment, (record) => ({ ...record, uploadUrl })));
  }

  async markFinished(interviewId: number, segment: number): Promise<void> {
    await this.write((tx) =>
      Promise.all([tx.objectStore('chunks').delete(chunkRange(interviewId, segment)), this.updateSegment(tx, interviewId, segment, finishRecord)]),
    );
  }

  async deleteSegment(interviewId: number, segment: number): Promise<void> {
    await this.write((tx) =>
      Promise.all([tx.objectStore('chunks').delete(chunkRange(interviewId, segment)), tx.objectStore('segments').delete([interviewId, segment])]),
    );
  }

  async clearInterview(interviewId: number): Promise<void> {
    await this.write((tx) =>
      Promise.all([tx.objectStore('chunks').delete(interviewChunkRange(interviewId)), tx.objectStore('segments').delete(segmentRange(interviewId))]),
    );
  }
}
