/**
 * Uploads one recording segment with tus (tus-js-client) while it is being recorded. The bytes come
 * from the chunk store, never from memory: a custom FileReader hands tus the range [start, end) as
 * soon as it is stored (waiting for the recorder when needed) and, once the recording is done, the
 * last bytes with `done: true` so tus declares the final Upload-Length (creation-defer-length).
 * Every server acknowledgement (Upload-Offset) deletes the chunks below it. Network errors, 5xx,
 * 423 and offset conflicts are retried for as long as the page is open; the server refusing the
 * upload (401, 403, 409 on creation, 413, 415, 400…) ends it with an ApiError.
 */
import type * as tus from 'tus-js-client';
import { ApiError } from '@/client/lib/api';
import { CANDIDATE_TOKEN_HEADER } from '../api/candidate-request';
import { MissingBytesError, type ChunkStore, type SegmentRecord } from './chunk-store';

export const DEFAULT_CHUNK_SIZE = 512 * 1024;
/** Delays between attempts after a failure; the last one repeats for as long as it takes. */
export const DEFAULT_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000];

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

/** The uploader was stopped (page left, hook unmounted): not a failure of the upload. */
export class UploadStoppedError extends Error {
  constructor() {
    super('Upload stopped');
    this.name = 'UploadStoppedError';
  }
}

/** A request showed no progress for stallTimeoutMs: treated like a network error. */
class StalledRequestError extends Error {
  constructor() {
    super('tus: request stalled');
    this.name = 'StalledRequestError';
  }
}

/** tus-js-client's chunk could not be loaded (the connection dropped): treated like a network error. */
class TusLoadError extends Error {
  constructor(cause: unknown) {
    super('tus: could not load the upload client', { cause });
    this.name = 'TusLoadError';
  }
}

type Outcome = { ok: true; url: string } | { ok: false; error: unknown };
type Failure = 'network' | 'unavailable' | 'conflict' | 'gone' | 'lost' | 'local' | 'refused';

/**
 * tus-js-client (about 58 KiB with its dependencies) is loaded by the first upload attempt, not with
 * the candidate's ready page; every tus error is raised after that, so the checks below can rely on it.
 */
let tusLib: typeof tus | null = null;
const loadTus = async (): Promise<typeof tus> => (tusLib ??= await import('tus-js-client'));
const isDetailedError = (error: unknown): error is tus.DetailedError => tusLib !== null && error instanceof tusLib.DetailedError;

/** How many failures in a row, without the server acknowledging anything in between, are tolerated for errors that are not outages. */
const MAX_ODD_FAILURES = 5;

function responseOf(error: unknown): tus.HttpResponse | null {
  return isDetailedError(error) ? error.originalResponse : null;
}

function classify(error: unknown): Failure {
  if (error instanceof MissingBytesError) return 'lost';
  if (error instanceof StalledRequestError || error instanceof TusLoadError) return 'network';
  if (!isDetailedError(error) || !error.originalRequest) return 'local';
  const cause = error.causingError;
  if (cause instanceof MissingBytesError) return 'lost';
  const res = error.originalResponse;
  if (!res) {
    // XMLHttpRequest reports a network failure with a ProgressEvent; anything else is our own
    // code failing (reading IndexedDB, …).
    return cause && !(cause instanceof Event) ? 'local' : 'network';
  }
  const status = res.getStatus();
  const method = error.originalRequest.getMethod();
  if (status === 0) return 'network';
  if (status >= 500 || status === 408 || status === 429 || status === 423) return 'unavailable';
  if (status === 409 && method === 'PATCH') return 'conflict';
  if (status === 404 || status === 410) return method === 'POST' ? 'refused' : 'gone';
  if (status >= 200 && status < 400) return 'local'; // a 2xx that broke the protocol (missing header…)
  return 'refused';
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
};

/** The error finish() rejects with: an ApiError for a server refusal, else an Error. */
function toFinalError(error: unknown): Error {
  const res = responseOf(error);
  if (res) {
    const status = res.getStatus();
    const xhr = res.getUnderlyingObject() as { statusText?: unknown } | null;
    const statusText = typeof xhr?.statusText === 'string' && xhr.statusText ? xhr.statusText : (STATUS_TEXT[status] ?? '');
    return new ApiError(status, res.getBody(), statusText);
  }
  if (isDetailedError(error) && error.causingError) return error.causingError;
  return error instanceof Error ? error : new Error(String(error));
}

/** The tus upload id: the last path segment of the upload URL. */
export function uploadIdFromUrl(url: string): string {
  const path = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href).pathname;
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}

interface Attempt {
  upload: tus.Upload;
  source: SegmentSource;
  settle: (outcome: Outcome) => void;
}

/** The bytes of one segment as tus sees them. */
class SegmentSource implements tus.FileSource {
  /** Unknown: the upload length is deferred. */
  size = 0;
  private closed = false;
  /** Upload-Length the server already knows (a HEAD said so), if any. */
  serverLength: number | null = null;

  constructor(
    private readonly uploader: SegmentUploader,
    private readonly onServerComplete: () => void,
  ) {}

  async slice(start: number, end: number): Promise<tus.SliceResult> {
    if (this.serverLength !== null) {
      // The final length was declared by an earlier attempt whose last PATCH did not complete.
      // tus would declare it again (which the server refuses), so send the rest without it and
      // finish ourselves when the server has it all.
      if (start >= this.serverLength) {
        this.onServerComplete();
        return new Promise<never>(() => undefined);
      }
      const to = Math.min(end, this.serverLength);
      await this.uploader.waitForBytes(start, to, () => this.closed);
      return { value: await this.uploader.read(start, to), done: false };
    }
    await this.uploader.waitForBytes(start, end, () => this.closed);
    if (this.closed) throw new UploadStoppedError();
    const { nextByte, recordingDone } = this.uploader;
    const to = Math.min(end, nextByte);
    const value = await this.uploader.read(start, to);
    return { value, done: recordingDone && to === nextByte };
  }

  close(): void {
    this.closed = true;
    this.uploader.wake();
  }
}

export class SegmentUploader {
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
    if (attempt) {
      attempt.source.close();
      void attempt.upload.abort();
      attempt.settle({ ok: false, error: new UploadStoppedError() });
    }
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

  /**
   * Waits until [start, end) is stored, or the recording is done, or some bytes past `start` have
   * waited flushIntervalMs (so the server stays close behind the recorder).
   */
  async waitForBytes(start: number, end: number, cancelled: () => boolean): Promise<void> {
    const flushAt = Date.now() + (this.options.flushIntervalMs ?? 1_000);
    while (!this.stopped && !cancelled()) {
      if (this._nextByte >= end || this._recordingDone) return;
      const now = Date.now();
      if (this._nextByte > start && now >= flushAt) return;
      await this.nextChange(this._nextByte > start ? flushAt - now : undefined);
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
    if (offset > this._nextByte) throw new Error(`The server has ${offset} bytes of a ${this._nextByte}-byte segment`);
    await this.options.store.acknowledge(this.interviewId, this.segment, offset);
    if (offset !== this.uploaded) {
      this.uploaded = offset;
      this.options.onProgress?.(offset);
    }
  }

  private async loop(): Promise<string | null> {
    const { store } = this.options;
    // Nothing is created on the server before there is something to send.
    while (this._nextByte === 0 && !this._recordingDone) {
      if (this.stopped) throw new UploadStoppedError();
      await this.nextChange();
    }
    if (this.stopped) throw new UploadStoppedError();
    if (this._nextByte === 0) {
      await store.deleteSegment(this.interviewId, this.segment);
      return null;
    }

    const delays = this.options.retryDelays ?? DEFAULT_RETRY_DELAYS;
    let retry = 0;
    let oddFailures = 0;
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
      if (this.uploaded > before) {
        retry = 0;
        oddFailures = 0;
      }
      const failure = classify(outcome.error);
      switch (failure) {
        case 'network':
        case 'unavailable':
          this.options.onConnectionChange?.(false);
          break;
        case 'gone': {
          // The server no longer knows the upload: start a new one, but only if every byte from
          // the first one on is still here.
          const first = await store.firstStoredByte(this.interviewId, this.segment);
          if (first !== 0) throw toFinalError(outcome.error);
          this.uploadUrl = null;
          this.uploaded = 0;
          await store.setUploadUrl(this.interviewId, this.segment, null);
          if (++oddFailures > MAX_ODD_FAILURES) throw toFinalError(outcome.error);
          continue;
        }
        case 'conflict':
        case 'local':
          if (++oddFailures > MAX_ODD_FAILURES) throw toFinalError(outcome.error);
          break;
        case 'lost':
        case 'refused':
          throw toFinalError(outcome.error);
      }
      const delay = delays[Math.min(retry, delays.length - 1)] ?? 10_000;
      retry++;
      if (delay > 0) await this.nextChange(delay);
    }
  }

  /** One tus.Upload run: from creation or from the stored URL (HEAD) to success or the first error. */
  private async attempt(): Promise<Outcome> {
    let Upload: typeof tus.Upload;
    try {
      ({ Upload } = await loadTus());
    } catch (error) {
      return { ok: false, error: new TusLoadError(error) };
    }
    const { store, token, segment, chunkSize = DEFAULT_CHUNK_SIZE, stallTimeoutMs = 30_000 } = this.options;
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      let urlSaved: Promise<void> = Promise.resolve();
      let inFlight = false;
      let lastActivity = Date.now();

      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearInterval(watchdog);
        source.close();
        if (this.current?.upload === upload) this.current = null;
        resolve(outcome);
      };
      const source = new SegmentSource(this, () => {
        void upload.abort();
        const url = upload.url ?? this.uploadUrl;
        settle(url ? { ok: true, url } : { ok: false, error: new Error('Upload finished without a URL') });
      });

      const resuming = this.uploadUrl;
      const upload = new Upload(new Blob([]), {
        endpoint: resuming ? null : this.endpoint,
        uploadUrl: resuming,
        uploadLengthDeferred: true,
        chunkSize,
        // Retries are this class's loop (so a 404 on a stored URL never silently restarts at byte 0).
        retryDelays: null,
        headers: { [CANDIDATE_TOKEN_HEADER]: token },
        metadata: {
          interviewId: String(segment.interviewId),
          segment: String(segment.segment),
          filetype: segment.filetype,
        },
        // The upload URL is kept in the chunk store, not in localStorage.
        storeFingerprintForResuming: false,
        removeFingerprintOnSuccess: true,
        fingerprint: async () => `hireloop-recording-${segment.interviewId}-${segment.segment}`,
        fileReader: { openFile: async () => source },
        onUploadUrlAvailable: () => {
          const url = upload.url;
          if (url && url !== this.uploadUrl) {
            this.uploadUrl = url;
            urlSaved = store.setUploadUrl(this.interviewId, this.segment, url);
          }
        },
        onBeforeRequest: async (req) => {
          // Data is sent only once its upload URL is stored (else a reload would lose the upload).
          if (req.getMethod() === 'PATCH') await urlSaved;
          inFlight = true;
          lastActivity = Date.now();
        },
        onProgress: () => {
          lastActivity = Date.now();
        },
        onAfterResponse: async (req, res) => {
          inFlight = false;
          const status = res.getStatus();
          if (status < 200 || status >= 300) return;
          const method = req.getMethod();
          // Connected again once the server takes data (a HEAD alone proves little after a 5xx on PATCH).
          if (method !== 'HEAD') this.options.onConnectionChange?.(true);
          if (method !== 'HEAD' && method !== 'PATCH') return;
          const length = Number.parseInt(res.getHeader('Upload-Length') ?? '', 10);
          if (method === 'HEAD' && !Number.isNaN(length)) source.serverLength = length;
          const offset = Number.parseInt(res.getHeader('Upload-Offset') ?? '', 10);
          if (!Number.isNaN(offset)) await this.acknowledge(offset);
        },
        onSuccess: () => {
          const url = upload.url ?? this.uploadUrl;
          settle(url ? { ok: true, url } : { ok: false, error: new Error('Upload finished without a URL') });
        },
        onError: (error) => settle({ ok: false, error }),
      });

      // A request that neither sends nor answers for stallTimeoutMs (a half-open connection after a
      // network change) is abandoned and retried.
      const watchdog = setInterval(
        () => {
          if (inFlight && Date.now() - lastActivity > stallTimeoutMs) {
            void upload.abort();
            settle({ ok: false, error: new StalledRequestError() });
          }
        },
        Math.min(5_000, stallTimeoutMs),
      );
      this.current = { upload, source, settle };
      upload.start();
    });
  }
}
