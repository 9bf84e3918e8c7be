import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { RECORDING_HEAD_BYTES, recordingFormatOf, type RecordingFormat } from '../../contracts/candidate-room';
import { ConfigError, type S3Config } from '../config';
import type { Db } from '../db/client';
import { isUploadId, type ByteRange, type RecordingStore } from './recording-store';
import { deleteObject, finalKey, getObject, putObject, S3UploadStore, type S3Location } from './s3-upload-store';

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: S3-compatible servers (MinIO, s3rver) differ in the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Why the bucket cannot be used, naming the setting to fix. */
function bucketProblem(err: unknown, config: S3Config): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const where = config.endpoint ?? `AWS (${config.region})`;
  if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') return `S3_BUCKET: the bucket "${config.bucket}" does not exist at ${where}`;
  if (status === 401 || status === 403 || e.name === 'InvalidAccessKeyId' || e.name === 'SignatureDoesNotMatch') {
    return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: ${where} refused access to the bucket "${config.bucket}" with these keys`;
  }
  if (status === 301 || e.name === 'PermanentRedirect') return `S3_REGION: the bucket "${config.bucket}" is not in ${config.region}`;
  if (status === undefined) return `S3_ENDPOINT: cannot reach ${where} (${e.code ?? e.name ?? 'error'}: ${e.message ?? 'no answer'})`;
  return `S3_BUCKET: ${where} answered ${status} (${e.name ?? 'error'}) for the bucket "${config.bucket}"`;
}

/**
 * Recordings in an S3 bucket (decision 036): finished recordings at recordings/<upload>, resumable
 * uploads staged under staging/<upload>/ with their state in the database (S3UploadStore).
 */
export class S3RecordingStorage implements RecordingStore {
  readonly kind = 's3' as const;
  readonly datastore: S3UploadStore;
  private readonly s3: S3Location;

  constructor(
    private readonly config: S3Config,
    db: Db,
    options: { onBytes?: (bytes: number) => void; onError?: (err: unknown, what: string) => void } = {},
  ) {
    this.s3 = { client: createS3Client(config), bucket: config.bucket };
    this.datastore = new S3UploadStore(this.s3, db, options.onBytes ?? (() => {}), options.onError ?? (() => {}));
  }

  async init(): Promise<void> {
    await this.ready().catch((err: unknown) => {
      throw new ConfigError([(err as Error).message]);
    });
  }

  async ready(): Promise<void> {
    try {
      await this.s3.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
    } catch (err) {
      throw new Error(bucketProblem(err, this.config));
    }
  }

  close(): void {
    this.s3.client.destroy();
  }

  private key(uploadId: string): string {
    if (!isUploadId(uploadId)) throw new Error('invalid upload id');
    return finalKey(uploadId);
  }

  async size(uploadId: string): Promise<number> {
    const head = await this.s3.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: this.key(uploadId) }));
    return head.ContentLength ?? 0;
  }

  async formatOf(uploadId: string): Promise<RecordingFormat | null> {
    try {
      const body = await getObject(this.s3, this.key(uploadId), { start: 0, end: RECORDING_HEAD_BYTES - 1 });
      const head = Buffer.from(await body.toArray().then((parts: Buffer[]) => Buffer.concat(parts)));
      return recordingFormatOf(head);
    } catch {
      return null;
    }
  }

  read(uploadId: string, range?: ByteRange): Promise<Readable> {
    return getObject(this.s3, this.key(uploadId), range);
  }

  async put(uploadId: string, body: Readable): Promise<number> {
    try {
      return await putObject(this.s3, this.key(uploadId), body);
    } catch (err) {
      await deleteObject(this.s3, this.key(uploadId)).catch(() => {});
      throw err;
    }
  }

  async localCopy(uploadId: string): Promise<{ path: string; dispose(): Promise<void> }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hireloop-recording-'));
    const dispose = () => rm(dir, { recursive: true, force: true });
    try {
      const file = path.join(dir, 'recording.webm');
      await pipeline(await this.read(uploadId), createWriteStream(file));
      return { path: file, dispose };
    } catch (err) {
      await dispose();
      throw err;
    }
  }

  remove(uploadId: string): Promise<void> {
    if (!isUploadId(uploadId)) throw new Error('invalid upload id');
    return this.datastore.remove(uploadId);
  }

  deleteExpired(): Promise<number> {
    return this.datastore.deleteExpired();
  }
}
