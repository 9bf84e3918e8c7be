/**
 * The segments of one interview known to this page (recorded here, or left by an earlier page
 * load) and their uploads: one SegmentUploader each, started once an upload endpoint is known,
 * restarted by finish() after a failure.
 */
import type { ChunkStore, SegmentRecord } from './chunk-store-types';
import { countsOf, earlierSegmentAction, totalProgress, uploadIds, type SegmentCounts } from './recording-plan';
import type { InterviewRecorderOptions, UploadProgress } from './types';
import { UploadStoppedError } from './tus-client';
import { SegmentUploader } from './uploader';

export type RecorderConfig = Pick<InterviewRecorderOptions, 'token' | 'video' | 'uploadEndpoint'>;

export interface SegmentEntry extends SegmentCounts {
  segment: number;
  /** The latest stored state (an uploader created late starts from it). */
  record: SegmentRecord;
  uploader: SegmentUploader | null;
  /** The current upload run (settles with the URL, null for an empty segment). */
  result: Promise<string | null> | null;
  /** The uploader's own promise behind `result`. */
  run: Promise<string | null> | null;
  url: string | null;
  done: boolean;
}

export interface SegmentUploadsHost {
  /** The store (null until opened) and the latest configuration. */
  context(): { store: ChunkStore | null; config: RecorderConfig };
  /** Something the candidate sees changed: publish now (`true`) or with the next throttled update. */
  changed(now: boolean): void;
}

export class SegmentUploads {
  private entries = new Map<number, SegmentEntry>();
  /** Segments whose uploader is retrying after a network error or a 5xx. */
  private troubled = new Set<number>();
  /** Totals of segments already handed over by finish() (their records are gone). */
  private handedOver: SegmentCounts = { recordedBytes: 0, uploadedBytes: 0 };

  constructor(private readonly host: SegmentUploadsHost) {}

  has(segment: number): boolean {
    return this.entries.has(segment);
  }

  segmentNumbers(): number[] {
    return [...this.entries.keys()];
  }

  add(record: SegmentRecord): SegmentEntry {
    const entry: SegmentEntry = {
      segment: record.segment,
      record,
      ...countsOf(record),
      uploader: null,
      result: null,
      run: null,
      url: record.finished ? record.uploadUrl : null,
      done: record.finished,
    };
    this.entries.set(record.segment, entry);
    return entry;
  }

  /**
   * Takes over the segments an earlier page load of the interview left in the store (their
   * recording is over) and resumes their uploads; stops when `current()` turns false (unmounted).
   */
  async resumeEarlier(store: ChunkStore, interviewId: number, current: () => boolean): Promise<void> {
    for (const found of await store.listSegments(interviewId)) {
      if (!current()) return;
      // Started by this page meanwhile (start() before the scan got here).
      if (this.has(found.segment)) continue;
      let record: SegmentRecord = found;
      // A segment from an earlier page load will never get more bytes.
      if (!record.recordingDone) record = (await store.markRecordingDone(interviewId, record.segment)) ?? record;
      const action = earlierSegmentAction(record);
      if (action === 'drop') {
        await store.deleteSegment(interviewId, record.segment);
        continue;
      }
      if (!current()) return;
      if (this.has(record.segment)) continue;
      const entry = this.add(record);
      if (action === 'upload') this.start(entry);
    }
  }

  progress(browserOnline: boolean): UploadProgress {
    return totalProgress(this.entries.values(), this.handedOver, browserOnline, this.troubled.size);
  }

  /** A chunk of the segment is stored. */
  chunkStored(entry: SegmentEntry, record: SegmentRecord): void {
    entry.record = record;
    entry.recordedBytes = record.nextByte;
    entry.uploader?.dataAppended(record.nextByte);
    this.host.changed(false);
  }

  /** The segment's recording ended (`record` as stored, if marking it done worked). */
  recordingEnded(entry: SegmentEntry, record: SegmentRecord | undefined): void {
    entry.record = record ?? { ...entry.record, recordingDone: true };
    entry.uploader?.recordingFinished(entry.record.nextByte);
  }

  /** Starts the uploads not started yet (an upload endpoint became known). */
  startMissing(): void {
    for (const entry of this.entries.values()) if (!entry.uploader) this.start(entry);
  }

  /** Retry now instead of at the end of the current back-off. */
  wakeAll(): void {
    for (const entry of this.entries.values()) entry.uploader?.wake();
  }

  /** (Re)starts the segment's upload unless it is running or done (or no endpoint is known yet). */
  start(entry: SegmentEntry): void {
    const { store, config } = this.host.context();
    if (entry.done || !store || !config.uploadEndpoint) return;
    entry.uploader ??= new SegmentUploader({
      store,
      endpoint: config.uploadEndpoint,
      token: config.token,
      segment: entry.record,
      onProgress: (uploaded) => {
        entry.uploadedBytes = uploaded;
        this.host.changed(false);
      },
      onConnectionChange: (connected) => {
        const changed = connected ? this.troubled.delete(entry.segment) : !this.troubled.has(entry.segment);
        if (!connected) this.troubled.add(entry.segment);
        if (changed) this.host.changed(true);
      },
    });
    const uploader = entry.uploader;
    const run = uploader.run();
    if (entry.run === run) return;
    entry.run = run;
    entry.result = run.then(
      (url) => {
        entry.url = url;
        entry.done = true;
        entry.uploadedBytes = url ? uploader.nextByte : 0;
        entry.recordedBytes = url ? uploader.nextByte : 0;
        this.troubled.delete(entry.segment);
        this.host.changed(false);
        return url;
      },
      (err: unknown) => {
        this.troubled.delete(entry.segment);
        if (!(err instanceof UploadStoppedError)) console.error(`Recording: upload of segment ${entry.segment} failed`, err);
        throw err;
      },
    );
    // Failures are reported by finish(); avoid an unhandled rejection meanwhile.
    entry.result.catch(() => undefined);
  }

  /**
   * Uploads every segment not on the server yet (again, after an earlier failure), waits for all,
   * and hands them over: resolves with their upload ids in segment order, rejects when one failed.
   */
  async finishAll(): Promise<string[]> {
    const entries = [...this.entries.values()].sort((a, b) => a.segment - b.segment);
    for (const entry of entries) this.start(entry);
    if (entries.some((entry) => !entry.done && !entry.result)) throw new Error('Recording: no upload endpoint');
    await Promise.all(entries.map((entry) => (entry.done ? Promise.resolve(entry.url) : (entry.result ?? Promise.resolve(null)))));
    const ids = uploadIds(entries);
    for (const entry of entries) {
      this.handedOver.recordedBytes += entry.recordedBytes;
      this.handedOver.uploadedBytes += entry.uploadedBytes;
      this.entries.delete(entry.segment);
    }
    return ids;
  }

  /** Stops every upload (what is not uploaded stays in the store for the next page load). */
  stopAll(): void {
    for (const entry of this.entries.values()) entry.uploader?.stop();
    this.entries.clear();
    this.troubled.clear();
  }
}
