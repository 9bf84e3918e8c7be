import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stagedUploadChunks, stagedUploads } from '../db/schema';
import { UPLOAD_EXPIRY_MS } from './recording-store';

/** What the candidate's browser is told when the bucket fails: it keeps the bytes and tries again. */
export const STORAGE_FAILED = 'The recording could not be stored. Please try again.';

/** tus answers with the status_code and body of what a data store throws. */
const tusError = (status_code: number, body: string) => Object.assign(new Error(body), { status_code, body });

export const finalKey = (uploadId: string) => `recordings/${uploadId}`;
const stagingPrefix = (uploadId: string) => `staging/${uploadId}/`;

export interface S3Location {
  client: S3Client;
  bucket: string;
}

/** Streams a body of unknown length into one object (multipart above 5 MB, one part in flight); returns its size. */
export async function putObject(s3: S3Location, key: string, body: Readable): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  body.on('error', (err) => counter.destroy(err));
  const upload = new S3Upload({ client: s3.client, params: { Bucket: s3.bucket, Key: key, Body: body.pipe(counter) }, queueSize: 1, leavePartsOnError: false });
  await upload.done();
  return bytes;
}

export async function deleteObject(s3: S3Location, key: string): Promise<void> {
  await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
}

export async function getObject(s3: S3Location, key: string, range?: { start: number; end: number }): Promise<Readable> {
  const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
  if (!(res.Body instanceof Readable)) throw new Error(`no body for ${key}`);
  return res.Body;
}

/**
 * The tus data store for S3 (decision 036). Each PATCH's bytes become their own object under
 * staging/<upload>/; the database records which chunks arrived, so any instance can answer HEAD
 * and continue the upload. The last chunk joins them all into recordings/<upload>. A row is written
 * only after its object is in the bucket, so the offset never counts bytes the bucket does not have.
 */
export class S3UploadStore extends DataStore {
  constructor(
    private readonly s3: S3Location,
    private readonly db: Db,
    private readonly onBytes: (bytes: number) => void,
    private readonly onError: (err: unknown, what: string) => void,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.db.insert(stagedUploads).values({ id: upload.id, size: upload.size ?? null, metadata: upload.metadata ?? {} });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.select().from(stagedUploads).where(eq(stagedUploads.id, id));
    if (!row) throw tusError(ERRORS.FILE_NOT_FOUND.status_code, ERRORS.FILE_NOT_FOUND.body);
    const offset = row.completedAt ? row.size! : await this.received(id);
    return new Upload({ id, size: row.size ?? undefined, offset, metadata: row.metadata, creation_date: row.createdAt.toISOString() });
  }

  private async received(id: string): Promise<number> {
    const [sum] = await this.db.select({ bytes: sql<string | null>`sum(${stagedUploadChunks.bytes})` }).from(stagedUploadChunks).where(eq(stagedUploadChunks.uploadId, id));
    return Number(sum?.bytes ?? 0);
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.db.update(stagedUploads).set({ size: length }).where(and(eq(stagedUploads.id, id), isNull(stagedUploads.size)));
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const key = `${stagingPrefix(id)}${offset}-${randomBytes(6).toString('hex')}`;
    let bytes: number;
    try {
      bytes = await putObject(this.s3, key, stream);
    } catch (err) {
      // Cut off or refused: nothing of this PATCH is recorded; the client resends from the offset HEAD reports.
      this.onError(err, 'storing an upload chunk');
      await deleteObject(this.s3, key).catch(() => {});
      throw tusError(503, STORAGE_FAILED);
    }
    if (bytes > 0) this.onBytes(bytes);
    const [row] = await this.db.select({ size: stagedUploads.size }).from(stagedUploads).where(eq(stagedUploads.id, id));
    if (!row) {
      await deleteObject(this.s3, key).catch(() => {});
      throw tusError(ERRORS.FILE_NOT_FOUND.status_code, ERRORS.FILE_NOT_FOUND.body);
    }
    const chunk = { uploadId: id, start: offset, bytes, objectKey: key };
    if (row.size === null || offset + bytes < row.size) {
      if (bytes === 0) {
        await deleteObject(this.s3, key).catch(() => {});
        return offset;
      }
      const [inserted] = await this.db.insert(stagedUploadChunks).values(chunk).onConflictDoNothing().returning({ start: stagedUploadChunks.start });
      if (!inserted) {
        await deleteObject(this.s3, key).catch(() => {});
        throw tusError(ERRORS.INVALID_OFFSET.status_code, ERRORS.INVALID_OFFSET.body);
      }
      return offset + bytes;
    }
    await this.finish(id, chunk);
    return offset + bytes;
  }

  /**
   * Joins the chunks and the last one into the finished object, then records the upload as
   * complete. Until that commit the staged state is as before, so a failed join is simply retried
   * by the client resending its last chunk.
   */
  private async finish(id: string, last: { uploadId: string; start: number; bytes: number; objectKey: string }): Promise<void> {
    const earlier = await this.db.select().from(stagedUploadChunks).where(eq(stagedUploadChunks.uploadId, id)).orderBy(asc(stagedUploadChunks.start));
    const chunks = [...earlier.filter((c) => c.start < last.start), ...(last.bytes > 0 ? [last] : [])];
    let expected = 0;
    for (const c of chunks) {
      if (c.start !== expected) throw tusError(ERRORS.INVALID_OFFSET.status_code, ERRORS.INVALID_OFFSET.body);
      expected += c.bytes;
    }
    const s3 = this.s3;
    async function* joined() {
      for (const c of chunks) yield* await getObject(s3, c.objectKey);
    }
    try {
      await putObject(this.s3, finalKey(id), Readable.from(joined()));
    } catch (err) {
      this.onError(err, 'joining an upload');
      if (last.bytes > 0) await deleteObject(this.s3, last.objectKey).catch(() => {});
      throw tusError(503, STORAGE_FAILED);
    }
    const done = await this.db.transaction(async (tx) => {
      const [completed] = await tx
        .update(stagedUploads)
        .set({ completedAt: new Date() })
        .where(and(eq(stagedUploads.id, id), isNull(stagedUploads.completedAt)))
        .returning({ id: stagedUploads.id });
      if (!completed) return false;
      await tx.delete(stagedUploadChunks).where(eq(stagedUploadChunks.uploadId, id));
      return true;
    });
    if (!done) {
      // Another instance finished the same upload with the same bytes first.
      if (last.bytes > 0) await deleteObject(this.s3, last.objectKey).catch(() => {});
      throw tusError(ERRORS.INVALID_OFFSET.status_code, ERRORS.INVALID_OFFSET.body);
    }
    await this.removeStaged(id).catch((err: unknown) => this.onError(err, 'removing staged chunks'));
  }

  /** Deletes every object under the upload's staging prefix (chunks of cut-off requests included). */
  private async removeStaged(id: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.s3.client.send(new ListObjectsV2Command({ Bucket: this.s3.bucket, Prefix: stagingPrefix(id), ContinuationToken: token }));
      // One by one: a batch delete needs a Content-MD5 that not every S3-compatible server accepts.
      for (const o of page.Contents ?? []) if (o.Key) await deleteObject(this.s3, o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Removes the finished object, the staged chunks and the rows (objects first: a failure leaves the row to retry from). */
  override async remove(id: string): Promise<void> {
    await deleteObject(this.s3, finalKey(id));
    await this.removeStaged(id);
    await this.db.delete(stagedUploads).where(eq(stagedUploads.id, id));
  }

  override async deleteExpired(): Promise<number> {
    const expired = await this.db
      .select({ id: stagedUploads.id })
      .from(stagedUploads)
      .where(and(isNull(stagedUploads.completedAt), lt(stagedUploads.createdAt, new Date(Date.now() - UPLOAD_EXPIRY_MS))));
    for (const { id } of expired) await this.remove(id);
    return expired.length;
  }

  override getExpiration(): number {
    return UPLOAD_EXPIRY_MS;
  }
}
