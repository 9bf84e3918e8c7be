import type { RecordingFormat } from '../../contracts/candidate-room';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** A byte range, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where recordings live: local disk under DATA_DIR or an S3 bucket (decision 036). Features use
 * only this, by upload id; neither a file path nor an object key leaves the storage.
 */
export interface RecordingStore {
  readonly kind: 'disk' | 's3';
  /** The tus data store of the resumable upload endpoint. */
  readonly datastore: DataStore;
  /** Prepares the storage at start; rejects (with a ConfigError naming the variable) when it cannot be used. */
  init(): Promise<void>;
  /** Resolves when recordings can be written; rejects with what is wrong (readiness, GET /readyz). */
  ready(): Promise<void>;
  /** The finished recording's size; rejects when there is none. */
  size(uploadId: string): Promise<number>;
  /** The finished recording's container by its first bytes (WebM or MP4); null for anything else or none. */
  formatOf(uploadId: string): Promise<RecordingFormat | null>;
  /** The finished recording, or a range of it, as a stream. */
  read(uploadId: string, range?: ByteRange): Promise<Readable>;
  /** Stores a whole recording (the multipart endpoint); returns its size. Nothing is kept on failure. */
  put(uploadId: string, body: Readable): Promise<number>;
  /** A file on local disk holding the recording (for tools that need a path); dispose removes any copy. */
  localCopy(uploadId: string): Promise<{ path: string; dispose(): Promise<void> }>;
  /** Removes the recording and anything staged for it. */
  remove(uploadId: string): Promise<void>;
  /** Deletes unfinished uploads past their expiry; returns how many. */
  deleteExpired(): Promise<number>;
  /** Lets go of connections (app close). */
  close(): void;
}

/** Unfinished uploads a week old are abandoned (the interview link was left); finished ones stay. */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

export const isUploadId = (id: string) => /^[A-Za-z0-9_-]+$/.test(id);

/** Size and completeness of a tus upload, from whichever storage holds it; null when unknown. */
export async function uploadState(store: RecordingStore, uploadId: string): Promise<{ offset: number; size: number | undefined } | null> {
  try {
    const upload = await store.datastore.getUpload(uploadId);
    return { offset: upload.offset, size: upload.size };
  } catch {
    return null;
  }
}
