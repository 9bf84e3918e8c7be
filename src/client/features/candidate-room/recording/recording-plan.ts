/**
 * The recorder's bookkeeping decisions, as pure functions: what becomes of a segment an earlier
 * page load left, which number a new segment gets, what the candidate sees as progress, and which
 * upload ids finish() hands over.
 */
import type { SegmentRecord } from './chunk-store-types';
import type { UploadProgress } from './types';
import { uploadIdFromUrl } from './upload-offsets';

/**
 * A segment found in the store at start-up (its recording is over: that page is gone). Uploaded
 * segments are kept for their upload id; a segment without a byte is dropped; the rest resume.
 */
export function earlierSegmentAction(record: Pick<SegmentRecord, 'finished' | 'nextByte'>): 'keep' | 'drop' | 'upload' {
  if (record.finished) return 'keep';
  return record.nextByte === 0 ? 'drop' : 'upload';
}

/** One past every segment number in use, stored or in this page's memory: never reuses one. */
export function nextSegmentNumber(stored: Iterable<number>, inMemory: Iterable<number>): number {
  return Math.max(-1, ...stored, ...inMemory) + 1;
}

export interface SegmentCounts {
  recordedBytes: number;
  uploadedBytes: number;
}

/** The counts a segment starts with: a finished one counts as wholly uploaded. */
export function countsOf(record: SegmentRecord): SegmentCounts {
  return { recordedBytes: record.nextByte, uploadedBytes: record.finished ? record.nextByte : record.uploadedBytes };
}

/**
 * What the candidate sees: the bytes of every segment of this interview (those finish() already
 * handed over included); offline while the browser says so or any segment's upload is retrying
 * after a network error or a 5xx.
 */
export function totalProgress(segments: Iterable<SegmentCounts>, handedOver: SegmentCounts, browserOnline: boolean, retrying: number): UploadProgress {
  let { recordedBytes, uploadedBytes } = handedOver;
  for (const counts of segments) {
    recordedBytes += counts.recordedBytes;
    uploadedBytes += counts.uploadedBytes;
  }
  return { recordedBytes, uploadedBytes, online: browserOnline && retrying === 0 };
}

/** The tus upload ids, in segment order; an empty segment (never uploaded) has none. */
export function uploadIds(segments: Iterable<{ segment: number; url: string | null }>): string[] {
  return [...segments].sort((a, b) => a.segment - b.segment).flatMap((entry) => (entry.url ? [uploadIdFromUrl(entry.url)] : []));
}
