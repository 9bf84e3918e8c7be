/**
 * Where the recording waits until the server has it: an IndexedDB database (plain IndexedDB API)
 * holding, per interview, one record per segment (one segment per page load) and the recorder's
 * chunks as byte ranges of that segment's WebM stream. A chunk is deleted only once the server has
 * acknowledged every byte of it, so a reload, a dropped connection or a server restart loses
 * nothing. Where IndexedDB cannot be opened (some private modes), an in-memory store with the same
 * interface is used: uploading still resumes after an outage, but not after a reload.
 */

export type RecordingFiletype = 'video/webm' | 'audio/webm';

export interface SegmentRecord {
  interviewId: number;
  /** 0, 1, 2… one per page load that recorded. */
  segment: number;
  filetype: RecordingFiletype;
  /** The tus upload URL once the server created the upload. */
  uploadUrl: string | null;
  /** The server has every byte and the final length. */
  finished: boolean;
  /** The recorder of this segment stopped: no more bytes will be appended. */
  recordingDone: boolean;
  /** Bytes recorded (and stored) so far: the offset of the next chunk. */
  nextByte: number;
  /** Bytes the server acknowledged; chunks wholly below this offset are gone. */
  uploadedBytes: number;
}

export interface ChunkRecord {
  interviewId: number;
  segment: number;
  /** Byte range [start, end) of the segment's stream. */
  start: number;
  end: number;
  data: Blob;
}

/** The bytes asked for were already deleted (acknowledged) or never stored. */
export class MissingBytesError extends Error {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly firstAvailable: number,
  ) {
    super(`Recording bytes ${start}-${end} are no longer stored in the browser (first stored byte: ${firstAvailable})`);
    this.name = 'MissingBytesError';
  }
}

export interface ChunkStore {
  /** True when backed by IndexedDB (survives a reload). */
  readonly persistent: boolean;
  createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord>;
  getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined>;
  /** Every segment of the interview, in segment order. */
  listSegments(interviewId: number): Promise<SegmentRecord[]>;
  /** Segments whose upload has not finished, in segment order. */
  listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]>;
  /** Stores the chunk at the segment's end; resolves (with the updated segment) once it is written. */
  appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord>;
  /** The bytes [start, end) (end clamped to what was recorded). Throws MissingBytesError when some are gone. */
  readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob>;
  /** The lowest byte offset still stored (nextByte when no chunk is left). */
  firstStoredByte(interviewId: number, segment: number): Promise<number>;
  /** The server has bytes [0, offset): drop every chunk that ends at or below it. */
  acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined>;
  markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined>;
  setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void>;
  /** The upload is complete on the server: drop the segment's chunks, keep its record (for the upload id). */
  markFinished(interviewId: number, segment: number): Promise<void>;
  deleteSegment(interviewId: number, segment: number): Promise<void>;
  /** Forget everything about the interview (after the recording is complete on the server). */
  clearInterview(interviewId: number): Promise<void>;
}

const DB_NAME = 'hireloop-recordings';
const DB_VERSION = 1;
const SEGMENTS = 'segments';
const CHUNKS = 'chunks';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SEGMENTS)) db.createObjectStore(SEGMENTS, { keyPath: ['interviewId', 'segment'] });
      if (!db.objectStoreNames.contains(CHUNKS)) db.createObjectStore(CHUNKS, { keyPath: ['interviewId', 'segment', 'start'] });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema: let it, this connection is reopened on next use.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

const segmentRange = (interviewId: number) => IDBKeyRange.bound([interviewId, -Infinity], [interviewId, Infinity]);
/** Chunks of one segment whose start lies in [from, to) (to > from). */
const chunkRange = (interviewId: number, segment: number, from = 0, to = Infinity) =>
  IDBKeyRange.bound([interviewId, segment, from], [interviewId, segment, to], false, true);
const interviewChunkRange = (interviewId: number) => IDBKeyRange.bound([interviewId, -Infinity, -Infinity], [interviewId, Infinity, Infinity]);

function assembleRange(chunks: ChunkRecord[], start: number, end: number, firstAvailable: number): Blob {
  const parts: Blob[] = [];
  let cursor = start;
  for (const chunk of chunks) {
    if (chunk.end <= cursor || chunk.start >= end) continue;
    if (chunk.start > cursor) break;
    parts.push(chunk.data.slice(cursor - chunk.start, Math.min(end, chunk.end) - chunk.start));
    cursor = Math.min(end, chunk.end);
    if (cursor >= end) break;
  }
  if (cursor < end) throw new MissingBytesError(start, end, firstAvailable);
  return new Blob(parts);
}

export class IndexedDbChunkStore implements ChunkStore {
  readonly persistent = true;
  private db: IDBDatabase | null;

  constructor(db: IDBDatabase) {
    this.db = db;
    db.addEventListener('close', () => {
      this.db = null;
    });
  }

  private async database(): Promise<IDBDatabase> {
    this.db ??= await openDatabase();
    return this.db;
  }

  private async tx(stores: string[], mode: IDBTransactionMode): Promise<IDBTransaction> {
    const db = await this.database();
    try {
      return db.transaction(stores, mode);
    } catch (err) {
      // The connection was closed (versionchange): reopen once.
      if (err instanceof DOMException && err.name === 'InvalidStateError') {
        this.db = null;
        return (await this.database()).transaction(stores, mode);
      }
      throw err;
    }
  }

  async createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord> {
    const record: SegmentRecord = {
      interviewId,
      segment,
      filetype,
      uploadUrl: null,
      finished: false,
      recordingDone: false,
      nextByte: 0,
      uploadedBytes: 0,
    };
    const tx = await this.tx([SEGMENTS], 'readwrite');
    tx.objectStore(SEGMENTS).add(record);
    await transactionDone(tx);
    return record;
  }

  async getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    const tx = await this.tx([SEGMENTS], 'readonly');
    return (await promisify(tx.objectStore(SEGMENTS).get([interviewId, segment]))) as SegmentRecord | undefined;
  }

  async listSegments(interviewId: number): Promise<SegmentRecord[]> {
    const tx = await this.tx([SEGMENTS], 'readonly');
    const records = (await promisify(tx.objectStore(SEGMENTS).getAll(segmentRange(interviewId)))) as SegmentRecord[];
    return records.sort((a, b) => a.segment - b.segment);
  }

  async listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]> {
    return (await this.listSegments(interviewId)).filter((s) => !s.finished);
  }

  /** Read-modify-write of one segment record inside `tx`; resolves with the new record. */
  private updateSegment(
    tx: IDBTransaction,
    interviewId: number,
    segment: number,
    change: (record: SegmentRecord) => SegmentRecord,
  ): Promise<SegmentRecord | undefined> {
    const store = tx.objectStore(SEGMENTS);
    return promisify(store.get([interviewId, segment])).then((found) => {
      if (!found) return undefined;
      const next = change(found as SegmentRecord);
      store.put(next);
      return next;
    });
  }

  async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readwrite');
    const done = transactionDone(tx);
    const updated = this.updateSegment(tx, interviewId, segment, (record) => {
      if (record.recordingDone) throw new Error(`Segment ${segment} is already complete`);
      const chunk: ChunkRecord = { interviewId, segment, start: record.nextByte, end: record.nextByte + data.size, data };
      tx.objectStore(CHUNKS).put(chunk);
      return { ...record, nextByte: chunk.end };
    });
    let record: SegmentRecord | undefined;
    try {
      record = await updated;
    } catch (err) {
      tx.abort();
      await done.catch(() => undefined);
      throw err;
    }
    await done;
    if (!record) throw new Error(`Unknown recording segment ${interviewId}/${segment}`);
    return record;
  }

  async readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob> {
    if (end <= start) return new Blob([]);
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readonly');
    const [record, chunks] = await Promise.all([
      promisify(tx.objectStore(SEGMENTS).get([interviewId, segment])) as Promise<SegmentRecord | undefined>,
      promisify(tx.objectStore(CHUNKS).getAll(chunkRange(interviewId, segment, 0, end))) as Promise<ChunkRecord[]>,
    ]);
    const to = Math.min(end, record?.nextByte ?? 0);
    if (to <= start) return new Blob([]);
    const firstAvailable = chunks[0]?.start ?? record?.nextByte ?? 0;
    return assembleRange(chunks, start, to, firstAvailable);
  }

  async firstStoredByte(interviewId: number, segment: number): Promise<number> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readonly');
    const [record, cursor] = await Promise.all([
      promisify(tx.objectStore(SEGMENTS).get([interviewId, segment])) as Promise<SegmentRecord | undefined>,
      promisify(tx.objectStore(CHUNKS).openCursor(chunkRange(interviewId, segment))),
    ]);
    const first = cursor?.value as ChunkRecord | undefined;
    return first?.start ?? record?.nextByte ?? 0;
  }

  async acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readwrite');
    const done = transactionDone(tx);
    const chunks = tx.objectStore(CHUNKS);
    const deleting = new Promise<void>((resolve, reject) => {
      if (offset <= 0) return resolve();
      const request = chunks.openCursor(chunkRange(interviewId, segment, 0, offset));
      request.onerror = () => reject(request.error ?? new Error('IndexedDB cursor failed'));
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return resolve();
        if ((cursor.value as ChunkRecord).end <= offset) {
          cursor.delete();
          cursor.continue();
        } else {
          resolve();
        }
      };
    });
    const updated = this.updateSegment(tx, interviewId, segment, (record) => ({
      ...record,
      uploadedBytes: Math.max(record.uploadedBytes, Math.min(offset, record.nextByte)),
    }));
    const [, , record] = await Promise.all([deleting, done, updated]);
    return record;
  }

  async markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    const tx = await this.tx([SEGMENTS], 'readwrite');
    const updated = this.updateSegment(tx, interviewId, segment, (record) => ({ ...record, recordingDone: true }));
    const [, record] = await Promise.all([transactionDone(tx), updated]);
    return record;
  }

  async setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void> {
    const tx = await this.tx([SEGMENTS], 'readwrite');
    await Promise.all([transactionDone(tx), this.updateSegment(tx, interviewId, segment, (record) => ({ ...record, uploadUrl }))]);
  }

  async markFinished(interviewId: number, segment: number): Promise<void> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readwrite');
    tx.objectStore(CHUNKS).delete(chunkRange(interviewId, segment));
    await Promise.all([
      transactionDone(tx),
      this.updateSegment(tx, interviewId, segment, (record) => ({
        ...record,
        finished: true,
        recordingDone: true,
        uploadedBytes: record.nextByte,
      })),
    ]);
  }

  async deleteSegment(interviewId: number, segment: number): Promise<void> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readwrite');
    tx.objectStore(CHUNKS).delete(chunkRange(interviewId, segment));
    tx.objectStore(SEGMENTS).delete([interviewId, segment]);
    await transactionDone(tx);
  }

  async clearInterview(interviewId: number): Promise<void> {
    const tx = await this.tx([SEGMENTS, CHUNKS], 'readwrite');
    tx.objectStore(CHUNKS).delete(interviewChunkRange(interviewId));
    tx.objectStore(SEGMENTS).delete(segmentRange(interviewId));
    await transactionDone(tx);
  }
}

/** The same store in memory: used when IndexedDB is unavailable (and in unit tests). */
export class MemoryChunkStore implements ChunkStore {
  readonly persistent = false;
  private segments = new Map<string, SegmentRecord>();
  private chunks = new Map<string, ChunkRecord[]>();

  private key = (interviewId: number, segment: number) => `${interviewId}/${segment}`;

  async createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord> {
    const key = this.key(interviewId, segment);
    if (this.segments.has(key)) throw new Error(`Segment ${key} exists`);
    const record: SegmentRecord = {
      interviewId,
      segment,
      filetype,
      uploadUrl: null,
      finished: false,
      recordingDone: false,
      nextByte: 0,
      uploadedBytes: 0,
    };
    this.segments.set(key, record);
    this.chunks.set(key, []);
    return { ...record };
  }

  async getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    const record = this.segments.get(this.key(interviewId, segment));
    return record && { ...record };
  }

  async listSegments(interviewId: number): Promise<SegmentRecord[]> {
    return [...this.segments.values()]
      .filter((s) => s.interviewId === interviewId)
      .sort((a, b) => a.segment - b.segment)
      .map((s) => ({ ...s }));
  }

  async listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]> {
    return (await this.listSegments(interviewId)).filter((s) => !s.finished);
  }

  private update(interviewId: number, segment: number, change: (r: SegmentRecord) => SegmentRecord): SegmentRecord | undefined {
    const key = this.key(interviewId, segment);
    const record = this.segments.get(key);
    if (!record) return undefined;
    const next = change(record);
    this.segments.set(key, next);
    return { ...next };
  }

  async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    const record = this.update(interviewId, segment, (r) => {
      if (r.recordingDone) throw new Error(`Segment ${segment} is already complete`);
      this.chunks.get(this.key(interviewId, segment))?.push({ interviewId, segment, start: r.nextByte, end: r.nextByte + data.size, data });
      return { ...r, nextByte: r.nextByte + data.size };
    });
    if (!record) throw new Error(`Unknown recording segment ${interviewId}/${segment}`);
    return record;
  }

  async readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob> {
    const record = this.segments.get(this.key(interviewId, segment));
    const chunks = this.chunks.get(this.key(interviewId, segment)) ?? [];
    const to = Math.min(end, record?.nextByte ?? 0);
    if (to <= start) return new Blob([]);
    return assembleRange(chunks, start, to, chunks[0]?.start ?? record?.nextByte ?? 0);
  }

  async firstStoredByte(interviewId: number, segment: number): Promise<number> {
    const record = this.segments.get(this.key(interviewId, segment));
    return this.chunks.get(this.key(interviewId, segment))?.[0]?.start ?? record?.nextByte ?? 0;
  }

  async acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined> {
    const key = this.key(interviewId, segment);
    this.chunks.set(key, (this.chunks.get(key) ?? []).filter((c) => c.end > offset));
    return this.update(interviewId, segment, (r) => ({ ...r, uploadedBytes: Math.max(r.uploadedBytes, Math.min(offset, r.nextByte)) }));
  }

  async markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    return this.update(interviewId, segment, (r) => ({ ...r, recordingDone: true }));
  }

  async setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void> {
    this.update(interviewId, segment, (r) => ({ ...r, uploadUrl }));
  }

  async markFinished(interviewId: number, segment: number): Promise<void> {
    this.chunks.set(this.key(interviewId, segment), []);
    this.update(interviewId, segment, (r) => ({ ...r, finished: true, recordingDone: true, uploadedBytes: r.nextByte }));
  }

  async deleteSegment(interviewId: number, segment: number): Promise<void> {
    this.segments.delete(this.key(interviewId, segment));
    this.chunks.delete(this.key(interviewId, segment));
  }

  async clearInterview(interviewId: number): Promise<void> {
    for (const [key, record] of this.segments) {
      if (record.interviewId === interviewId) {
        this.segments.delete(key);
        this.chunks.delete(key);
      }
    }
  }
}

let shared: Promise<ChunkStore> | null = null;

/** The page's store: IndexedDB when it opens, else memory. */
export function openChunkStore(): Promise<ChunkStore> {
  shared ??= openDatabase().then(
    (db): ChunkStore => new IndexedDbChunkStore(db),
    (err: unknown): ChunkStore => {
      console.warn('Recording: IndexedDB unavailable, keeping the recording in memory only', err);
      return new MemoryChunkStore();
    },
  );
  return shared;
}
