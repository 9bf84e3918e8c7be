/**
 * Uploads one recording segment with tus while it is being recorded (tus-attempt.ts runs one
 * attempt). Every server acknowledgement (Upload-Offset) deletes the chunks below it; after a
 * failure the retry policy (retry-policy.ts) decides: outages are retried for as long as the page is
 * open, odd failures a few times, and the server refusing the upload ends it with an ApiError.
 */
import type * as tus from 'tus-js-client';
import { MissingBytesError, type ChunkStore, type SegmentRecord } from './chunk-store-types';
import { classifyFailure, FRESH_RETRY_STATE, nextStep } from './retry-policy';
import { startAttempt, type Attempt, type Outcome, type SegmentBytes } from './tus-attempt';
import { describeFailure, loadTus, toFinalError, TusLoadError, UploadStoppedError } from './tus-client';
import { checkServerOffset, segmentStart, sendReadiness } from './upload-offsets';

export const DEFAULT_CHUNK_SIZE = 512 * 1024;

export interface SegmentUploaderOptions {
  store: ChunkStore;
  /** tus creation endpoint (relative URLs are resolved against the page). */
  endpoint: string;
  /** Candidate token, sent as X-Candidate-Token on every request. */
  token: string;
  /** The segment as stored (a resumed segment carries its upload URL and sizes). */
  segment: SegmentRecord;
  /** Largest PATCH body. */
  chunkSize?: number;
  /** A PATCH is sent once `chunkSize` bytes wait, or this long after the first byte waits. */
  flushIntervalMs?: number;
  retryDelays?: number[];
  /** A request that shows no progress for this long is aborted and retried. */
  stallTimeoutMs?: number;
  /** Bytes of this segment the server has acknowledged. */
  onProgress?: (uploadedBytes: number) => void;
  /** False after a network error or a 5xx (retrying), true once the server accepts a request again. */
  onConnectionChange?: (connected: boolean) => void;
}

export class SegmentUploader implements SegmentBytes {
  readonly interviewId: number;
  readonly segment: number;
  private readonly options: SegmentUploaderOptions;
  private readonly endpoint: string;
  private _nextByte: number;
  private _recordingDone: boolean;
  private uploadUrl: string | null;
  private uploaded: number;
  private stopped = false;
  private running: Promise<string | null> | null = null;
  private current: Attempt | null = null;
  private listeners = new Set<() => void>();

  constructor(options: SegmentUploaderOptions) {
    this.options = options;
    const { segment } = options;
    this.interviewId = segment.interviewId;
    this.segment = segment.segment;
    this._nextByte = segment.nextByte;
    this._recordingDone = segment.recordingDone;
    this.uploadUrl = segment.uploadUrl;
    this.uploaded = segment.uploadedBytes;
    this.endpoint = new URL(options.endpoint, typeof location === 'undefined' ? 'http://localhost/' : location.href).toString();
  }

  get nextByte(): number {
    return this._nextByte;
  }

  get recordingDone(): boolean {
    return this._recordingDone;
  }

  get uploadedBytes(): number {
    return this.uploaded;
  }

  /** More bytes are stored: the segment now holds [0, nextByte). */
  dataAppended(nextByte: number): void {
    this._nextByte = Math.max(this._nextByte, nextByte);
    this.wake();
  }

  /** The recording of this segment ended (and is marked so in the store) at nextByte. */
  recordingFinished(nextByte: number): void {
    this._nextByte = Math.max(this._nextByte, nextByte);
    this._recordingDone = true;
    this.wake();
  }

  /**
   * Uploads until the server has the whole segment; resolves with the upload URL (null when the
   * segment turned out empty), rejects with an ApiError when the server refuses it, or with
   * UploadStoppedError after stop(). Calling it again while it runs returns the same promise; after
   * a failure it starts over (from the server's offset).
   */
  run(): Promise<string | null> {
    if (this.stopped) return Promise.reject(new UploadStoppedError());
    this.running ??= this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stop uploading now (the data stays in the store and can be resumed by a new uploader). */
  stop(): void {
    this.stopped = true;
    const attempt = this.current;
    this.current = null;
    attempt?.stop();
    this.wake();
  }

  /** Wake every wait (new data, the browser came back online…): a pending retry is tried now. */
  wake(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener();
  }

  /** Resolves at the next wake() or after `ms` (never without a wake when ms is undefined). */
  private nextChange(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        if (timer !== undefined) clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      this.listeners.add(done);
      if (ms !== undefined) timer = setTimeout(done, Math.max(0, ms));
    });
  }

  async waitForBytes(start: number, end: number, cancelled: () => boolean): Promise<void> {
    const flushAt = Date.now() + (this.options.flushIntervalMs ?? 1_000);
    while (!this.stopped && !cancelled()) {
      const ready = sendReadiness({ start, end }, this, Date.now(), flushAt);
      if (ready.send) return;
      await this.nextChange(ready.waitMs);
    }
    throw new UploadStoppedError();
  }

  async read(start: number, end: number): Promise<Blob> {
    if (end <= start) return new Blob([]);
    const blob = await this.options.store.readRange(this.interviewId, this.segment, start, end);
    if (blob.size !== end - start) throw new MissingBytesError(start, end, -1);
    return blob;
  }

  private async acknowledge(offset: number): Promise<void> {
    checkServerOffset(offset, this._nextByte);
    await this.options.store.acknowledge(this.interviewId, this.segment, offset);
    if (offset !== this.uploaded) {
      this.uploaded = offset;
      this.options.onProgress?.(offset);
    }
  }

  private async loop(): Promise<string | null> {
    const { store } = this.options;
    while (segmentStart(this) === 'wait') {
      if (this.stopped) throw new UploadStoppedError();
      await this.nextChange();
    }
    if (this.stopped) throw new UploadStoppedError();
    if (segmentStart(this) === 'drop') {
      await store.deleteSegment(this.interviewId, this.segment);
      return null;
    }

    let retries = FRESH_RETRY_STATE;
    for (;;) {
      if (this.stopped) throw new UploadStoppedError();
      const before = this.uploaded;
      const outcome = await this.attempt();
      if (this.stopped) throw new UploadStoppedError();
      if (outcome.ok) {
        this.uploadUrl = outcome.url;
        await store.markFinished(this.interviewId, this.segment);
        this.uploaded = this._nextByte;
        this.options.onProgress?.(this.uploaded);
        this.options.onConnectionChange?.(true);
        return outcome.url;
      }
      const kind = classifyFailure(describeFailure(outcome.error));
      const storedFromZero = kind === 'gone' && (await store.firstStoredByte(this.interviewId, this.segment)) === 0;
      const decided = nextStep(kind, retries, {
        madeProgress: this.uploaded > before,
        storedFromZero,
        delays: this.options.retryDelays,
      });
      retries = decided.state;
      const { step } = decided;
      if (step.action === 'give-up') throw toFinalError(outcome.error);
      if (step.action === 'new-upload') {
        this.uploadUrl = null;
        this.uploaded = 0;
        await store.setUploadUrl(this.interviewId, this.segment, null);
        continue;
      }
      if (step.offline) this.options.onConnectionChange?.(false);
      if (step.delayMs > 0) await this.nextChange(step.delayMs);
    }
  }

  private async attempt(): Promise<Outcome> {
    let Upload: typeof tus.Upload;
    try {
      ({ Upload } = await loadTus());
    } catch (error) {
      return { ok: false, error: new TusLoadError(error) };
    }
    // Stopped while the client loaded: start nothing.
    if (this.stopped) return { ok: false, error: new UploadStoppedError() };
    const { store, token, segment, chunkSize = DEFAULT_CHUNK_SIZE, stallTimeoutMs = 30_000 } = this.options;
    const attempt = startAttempt({
      Upload,
      bytes: this,
      segment,
      endpoint: this.endpoint,
      uploadUrl: this.uploadUrl,
      token,
      chunkSize,
      stallTimeoutMs,
      uploadUrlAvailable: (url) => {
        if (url === this.uploadUrl) return null;
        this.uploadUrl = url;
        return store.setUploadUrl(this.interviewId, this.segment, url);
      },
      acknowledge: (offset) => this.acknowledge(offset),
      connected: () => this.options.onConnectionChange?.(true),
    });
    this.current = attempt;
    const outcome = await attempt.outcome;
    if (this.current === attempt) this.current = null;
    return outcome;
  }
}
