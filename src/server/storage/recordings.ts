import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { RECORDING_HEAD_BYTES, recordingFormatOf, type RecordingFormat } from '../../contracts/candidate-room';
import { isUploadId, UPLOAD_EXPIRY_MS, type ByteRange, type RecordingStore } from './recording-store';

/** FileStore that reports how many bytes each PATCH wrote (metrics). */
class CountingFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly onBytes: (bytes: number) => void,
  ) {
    super(options);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const next = await super.write(readable, id, offset);
    if (next > offset) this.onBytes(next - offset);
    return next;
  }
}

/**
 * Recordings on local disk under DATA_DIR/recordings, written by the tus upload server (resumable,
 * kept across restarts) or by the spec's multipart endpoint, always under server-generated names.
 */
export class RecordingStorage implements RecordingStore {
  readonly kind = 'disk' as const;
  readonly directory: string;
  readonly datastore: FileStore;

  constructor(dataDir: string, onBytes: (bytes: number) => void = () => {}) {
    this.directory = path.join(dataDir, 'recordings');
    this.datastore = new CountingFileStore({ directory: this.directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }, onBytes);
  }

  async init(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
  }

  async ready(): Promise<void> {
    await access(this.directory, constants.W_OK);
  }

  pathOf(uploadId: string): string {
    if (!isUploadId(uploadId)) throw new Error('invalid upload id');
    return path.join(this.directory, uploadId);
  }

  async size(uploadId: string): Promise<number> {
    return (await stat(this.pathOf(uploadId))).size;
  }

  async formatOf(uploadId: string): Promise<RecordingFormat | null> {
    const handle = await open(this.pathOf(uploadId), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const buffer = Buffer.alloc(RECORDING_HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, RECORDING_HEAD_BYTES, 0);
      return recordingFormatOf(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  deleteExpired(): Promise<number> {
    return this.datastore.deleteExpired();
  }

  async remove(uploadId: string): Promise<void> {
    await rm(this.pathOf(uploadId), { force: true });
    await rm(`${this.pathOf(uploadId)}.json`, { force: true });
  }

  async read(uploadId: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(uploadId);
    await access(file, constants.R_OK);
    return createReadStream(file, range);
  }

  /** Written beside its final name and renamed when whole, so a reader never finds half a recording. */
  async put(uploadId: string, body: Readable): Promise<number> {
    const partial = `${this.pathOf(uploadId)}.part`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, this.pathOf(uploadId));
      return await this.size(uploadId);
    } catch (err) {
      await rm(partial, { force: true });
      await this.remove(uploadId);
      throw err;
    }
  }

  close(): void {}

  async localCopy(uploadId: string): Promise<{ path: string; dispose(): Promise<void> }> {
    return { path: this.pathOf(uploadId), dispose: async () => {} };
  }
}
