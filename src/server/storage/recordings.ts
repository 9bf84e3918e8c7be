import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { WEBM_SIGNATURE } from '../../contracts/candidate-room';

/**
 * Recordings on local disk under DATA_DIR/recordings, written by the tus upload server (resumable,
 * kept across restarts) or by the spec's multipart endpoint, always under server-generated names.
 */
export class RecordingStorage {
  readonly directory: string;
  readonly datastore: FileStore;

  constructor(dataDir: string) {
    this.directory = path.join(dataDir, 'recordings');
    // Unfinished uploads a week old are abandoned (the interview link was left); finished ones stay.
    this.datastore = new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: 7 * 24 * 60 * 60 * 1000 });
  }

  async init(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  /** Resolves when recordings can be written; rejects with what is wrong (readiness, GET /readyz). */
  async ready(): Promise<void> {
    await access(this.directory, constants.W_OK);
  }

  pathOf(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) throw new Error('invalid upload id');
    return path.join(this.directory, uploadId);
  }

  /** Size and completeness of a tus upload; null when unknown. */
  async uploadState(uploadId: string): Promise<{ offset: number; size: number | undefined } | null> {
    try {
      const upload = await this.datastore.getUpload(uploadId);
      return { offset: upload.offset, size: upload.size };
    } catch {
      return null;
    }
  }

  async size(uploadId: string): Promise<number> {
    return (await stat(this.pathOf(uploadId))).size;
  }

  /** True when the file starts with the WebM (EBML) signature 1A 45 DF A3. */
  async isWebm(uploadId: string): Promise<boolean> {
    const handle = await open(this.pathOf(uploadId), 'r').catch(() => null);
    if (!handle) return false;
    try {
      const buffer = Buffer.alloc(4);
      const { bytesRead } = await handle.read(buffer, 0, 4, 0);
      return bytesRead === 4 && WEBM_SIGNATURE.every((b, i) => buffer[i] === b);
    } finally {
      await handle.close();
    }
  }

  /** Deletes unfinished uploads past their expiry; returns how many. */
  deleteExpired(): Promise<number> {
    return this.datastore.deleteExpired();
  }

  async remove(uploadId: string): Promise<void> {
    await rm(this.pathOf(uploadId), { force: true });
    await rm(`${this.pathOf(uploadId)}.json`, { force: true });
  }

  read(uploadId: string, range?: { start: number; end: number }) {
    return createReadStream(this.pathOf(uploadId), range);
  }
}
