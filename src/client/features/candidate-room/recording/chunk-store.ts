/**
 * Where the recording waits until the server has it: per interview, one record per segment (one
 * segment per page load) and the recorder's chunks as byte ranges of that segment's WebM or MP4 stream,
 * in IndexedDB (idb-chunk-store.ts). A chunk is deleted only once the server has acknowledged every
 * byte of it (segment-records.ts), so a reload, a dropped connection or a server restart loses
 * nothing. Where IndexedDB cannot be opened (some private modes), an in-memory store with the same
 * interface is used: uploading still resumes after an outage, but not after a reload.
 */
import type { ChunkStore } from './chunk-store-types';
import { IndexedDbChunkStore } from './idb-chunk-store';
import { MemoryChunkStore } from './memory-chunk-store';

export { MissingBytesError } from './chunk-store-types';
export { recordingFiletype } from './chunk-store-types';
export type { ChunkData, ChunkRecord, ChunkStore, RecordingFiletype, SegmentRecord } from './chunk-store-types';
export { MemoryChunkStore } from './memory-chunk-store';

let shared: Promise<ChunkStore> | null = null;

/** The page's store: IndexedDB when it opens, else memory. */
export function openChunkStore(): Promise<ChunkStore> {
  shared ??= IndexedDbChunkStore.open().then(
    (store): ChunkStore => store,
    (err: unknown): ChunkStore => {
      console.warn('Recording: IndexedDB unavailable, keeping the recording in memory only', err);
      return new MemoryChunkStore();
    },
  );
  return shared;
}
