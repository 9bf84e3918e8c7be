import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { RecordingStore } from './recording-store';
import { RecordingStorage } from './recordings';
import { S3RecordingStorage } from './s3-recordings';

export type { ByteRange, RecordingStore } from './recording-store';
export { uploadState } from './recording-store';

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/recordings (decision 036). */
export function createRecordingStorage(options: {
  config: AppConfig;
  db: Db;
  onBytes: (storage: 'disk' | 's3', bytes: number) => void;
  onError: (err: unknown, what: string) => void;
}): RecordingStore {
  const { config, db, onBytes, onError } = options;
  if (config.s3) return new S3RecordingStorage(config.s3, db, { onBytes: (n) => onBytes('s3', n), onError });
  return new RecordingStorage(config.dataDir, (n) => onBytes('disk', n));
}
