import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { address: string; port: number; directory: string; silent: boolean; configureBuckets: { name: string }[] }) => S3rverInstance;

// s3rver ships no types; this is the part of its API the tests use.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** s3rver's one account. */
const KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver, files in a temporary directory) on 127.0.0.1, with one
 * bucket. `stop()` and `start()` take it away and bring it back on the same port with the same
 * objects (a bucket that refuses writes, then recovers).
 */
export class TestS3 {
  readonly bucket = 'hireloop-recordings';
  private readonly directory = mkdtempSync(path.join(os.tmpdir(), 'hireloop-s3-'));
  private server: S3rverInstance | null = null;
  private port = 0;
  private s3Client: S3Client | null = null;

  private constructor() {}

  /** A client of its own, to look into the bucket as an operator would. */
  get client(): S3Client {
    this.s3Client ??= new S3Client({
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: KEY, secretAccessKey: KEY },
      endpoint: this.endpoint,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return this.s3Client;
  }

  static async start(): Promise<TestS3> {
    const s3 = new TestS3();
    await s3.start();
    return s3;
  }

  async start(): Promise<void> {
    const server = new S3rver({ address: '127.0.0.1', port: this.port, directory: this.directory, silent: true, configureBuckets: [{ name: this.bucket }] });
    this.port = (await server.run()).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment that puts the app's recordings in this bucket. */
  env(overrides: Record<string, string> = {}): Record<string, string> {
    return { S3_BUCKET: this.bucket, S3_ENDPOINT: this.endpoint, S3_ACCESS_KEY_ID: KEY, S3_SECRET_ACCESS_KEY: KEY, ...overrides };
  }

  /** Every key in the bucket, sorted. */
  async keys(): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) out.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }

  async read(key: string): Promise<Buffer> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async close(): Promise<void> {
    await this.stop();
    this.s3Client?.destroy();
    rmSync(this.directory, { recursive: true, force: true });
  }
}
