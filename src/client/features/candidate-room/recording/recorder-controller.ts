/**
 * The recording pipeline behind useInterviewRecorder, kept outside React: camera/microphone,
 * MediaRecorder (100 ms timeslice), chunk store (IndexedDB) and one tus uploader per segment.
 * The hook subscribes to it with useSyncExternalStore.
 */
import { openChunkStore, type ChunkStore, type SegmentRecord } from './chunk-store';
import { isRecordingSupported, mediaErrorCode, pickMimeType, RecorderError, UnsupportedBrowserError } from './errors';
import type { InterviewRecorderOptions, RecorderErrorCode, RecorderStatus, UploadProgress } from './types';
import { SegmentUploader, UploadStoppedError, uploadIdFromUrl } from './uploader';

export const TIMESLICE_MS = 100;
export const TRACK_POLL_MS = 1_000;
const PROGRESS_THROTTLE_MS = 250;

export interface RecorderSnapshot {
  status: RecorderStatus;
  error: RecorderErrorCode | null;
  stream: MediaStream | null;
  progress: UploadProgress;
}

export type RecorderConfig = Pick<InterviewRecorderOptions, 'token' | 'video' | 'uploadEndpoint'>;

interface SegmentEntry {
  segment: number;
  /** The latest stored state (an uploader created late starts from it). */
  record: SegmentRecord;
  recordedBytes: number;
  uploadedBytes: number;
  uploader: SegmentUploader | null;
  /** The current upload run (settles with the URL, null for an empty segment). */
  result: Promise<string | null> | null;
  /** The uploader's own promise behind `result`. */
  run: Promise<string | null> | null;
  url: string | null;
  done: boolean;
}

interface ActiveRecording {
  recorder: MediaRecorder;
  stream: MediaStream;
  entry: SegmentEntry;
  /** Chunks are stored one after the other, in the recorder's order. */
  queue: Promise<void>;
  /** A chunk could not be stored: later chunks would leave a gap, so they are dropped. */
  broken: boolean;
  stopRequested: boolean;
  /** Resolves once the recorder stopped, its last chunk is stored and the segment is marked done. */
  finalized: Promise<void>;
  /** Called by the recorder's 'stop' event (or by us when it is already inactive). */
  markStopped: () => void;
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  settled: boolean;
}

function deferred(): Deferred {
  const result = { settled: false } as Deferred;
  result.promise = new Promise<void>((resolve) => {
    result.resolve = () => {
      result.settled = true;
      resolve();
    };
  });
  return result;
}

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());
const isLive = (stream: MediaStream | null): stream is MediaStream =>
  !!stream && stream.getTracks().length > 0 && stream.getTracks().every((track) => track.readyState === 'live');

export class RecorderController {
  readonly interviewId: number;
  private config: RecorderConfig;
  private snapshot: RecorderSnapshot;
  private listeners = new Set<() => void>();
  private mounted = false;
  private generation = 0;
  private store: ChunkStore | null = null;
  private segments = new Map<number, SegmentEntry>();
  /** Segments whose uploader is retrying after a network error or a 5xx. */
  private troubled = new Set<number>();
  private browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  /** Totals of segments already handed over by finish() (their records are gone). */
  private finishedTotals = { recorded: 0, uploaded: 0 };
  private active: ActiveRecording | null = null;
  /** Resolves once mount() looked for (and resumed) the segments of earlier page loads. */
  private ready = deferred();
  private finalizing: Promise<void> = Promise.resolve();
  private acquiring: Promise<MediaStream> | null = null;
  private starting: Promise<void> | null = null;
  private finishing: Promise<string[]> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private progressTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: InterviewRecorderOptions) {
    this.interviewId = options.interviewId;
    this.config = { token: options.token, video: options.video, uploadEndpoint: options.uploadEndpoint };
    this.snapshot = {
      status: 'idle',
      error: null,
      stream: null,
      progress: { recordedBytes: 0, uploadedBytes: 0, online: this.browserOnline },
    };
  }

  // ---- external store ------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RecorderSnapshot => this.snapshot;

  private setState(change: Partial<Omit<RecorderSnapshot, 'progress'>>): void {
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    this.snapshot = { ...this.snapshot, ...change, progress: this.computeProgress() };
    for (const listener of [...this.listeners]) listener();
  }

  /** Progress changes at the recorder's pace (10 per second): publish them at most every 250 ms. */
  private progressChanged(): void {
    if (this.progressTimer !== undefined) return;
    this.progressTimer = setTimeout(() => {
      this.progressTimer = undefined;
      this.setState({});
    }, PROGRESS_THROTTLE_MS);
  }

  private computeProgress(): UploadProgress {
    let recordedBytes = this.finishedTotals.recorded;
    let uploadedBytes = this.finishedTotals.uploaded;
    for (const entry of this.segments.values()) {
      recordedBytes += entry.recordedBytes;
      uploadedBytes += entry.uploadedBytes;
    }
    return { recordedBytes, uploadedBytes, online: this.browserOnline && this.troubled.size === 0 };
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  /**
   * New token / endpoint / video setting: used by uploads and segments started from now on. Uploads
   * wait for a non-empty endpoint (the room learns it from the start call).
   */
  configure(config: RecorderConfig): void {
    this.config = config;
    if (this.mounted && config.uploadEndpoint) {
      for (const entry of this.segments.values()) if (!entry.uploader) this.startUpload(entry);
    }
  }

  /** Start watching connectivity and resume the segments an earlier page load left unfinished. */
  mount(): void {
    this.mounted = true;
    const generation = ++this.generation;
    window.addEventListener('online', this.handleOnline);
    window.addEventListener('offline', this.handleOffline);
    this.browserOnline = navigator.onLine;
    void this.resumeEarlierSegments(generation)
      .catch((err: unknown) => {
        console.error('Recording: could not resume earlier segments', err);
      })
      .finally(() => {
        // Whoever waits (start(), finish()) waits for the scan of the latest mount.
        if (generation === this.generation) this.ready.resolve();
      });
  }

  /** Stop everything; whatever is not uploaded stays in IndexedDB for the next page load. */
  unmount(): void {
    this.mounted = false;
    this.generation++;
    window.removeEventListener('online', this.handleOnline);
    window.removeEventListener('offline', this.handleOffline);
    this.stopPolling();
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    const active = this.active;
    this.active = null;
    if (active) {
      this.requestStop(active);
      this.finalizing = active.finalized;
    }
    stopTracks(this.snapshot.stream);
    for (const entry of this.segments.values()) entry.uploader?.stop();
    this.segments.clear();
    this.troubled.clear();
    if (this.ready.settled) this.ready = deferred();
    this.snapshot = { ...this.snapshot, status: 'idle', stream: null, progress: this.computeProgress() };
  }

  private handleOnline = () => {
    this.browserOnline = true;
    // Retry now instead of at the end of the current back-off.
    for (const entry of this.segments.values()) entry.uploader?.wake();
    this.setState({});
  };

  private handleOffline = () => {
    this.browserOnline = false;
    this.setState({});
  };

  private async getStore(): Promise<ChunkStore> {
    this.store ??= await openChunkStore();
    return this.store;
  }

  private async resumeEarlierSegments(generation: number): Promise<void> {
    await this.finalizing.catch(() => undefined);
    const store = await this.getStore();
    const records = await store.listSegments(this.interviewId);
    for (const found of records) {
      if (generation !== this.generation) return;
      // Started by this page meanwhile (start() before the scan got here).
      if (this.segments.has(found.segment)) continue;
      let record: SegmentRecord = found;
      // A segment from an earlier page load will never get more bytes.
      if (!record.recordingDone) record = (await store.markRecordingDone(this.interviewId, record.segment)) ?? record;
      if (!record.finished && record.nextByte === 0) {
        await store.deleteSegment(this.interviewId, record.segment);
        continue;
      }
      if (generation !== this.generation) return;
      if (this.segments.has(record.segment)) continue;
      const entry = this.addEntry(record);
      if (!record.finished) this.startUpload(entry);
    }
    if (generation === this.generation) this.setState({});
  }

  private addEntry(record: SegmentRecord): SegmentEntry {
    const entry: SegmentEntry = {
      segment: record.segment,
      record,
      recordedBytes: record.nextByte,
      uploadedBytes: record.finished ? record.nextByte : record.uploadedBytes,
      uploader: null,
      result: null,
      run: null,
      url: record.finished ? record.uploadUrl : null,
      done: record.finished,
    };
    this.segments.set(record.segment, entry);
    return entry;
  }

  /** (Re)starts the segment's upload unless it is running or done (or no endpoint is known yet). */
  private startUpload(entry: SegmentEntry): void {
    const config = this.config;
    if (entry.done || !this.store || !config.uploadEndpoint) return;
    entry.uploader ??= new SegmentUploader({
      store: this.store,
      endpoint: config.uploadEndpoint,
      token: config.token,
      segment: entry.record,
      onProgress: (uploaded) => {
        entry.uploadedBytes = uploaded;
        this.progressChanged();
      },
      onConnectionChange: (connected) => {
        const changed = connected ? this.troubled.delete(entry.segment) : !this.troubled.has(entry.segment);
        if (!connected) this.troubled.add(entry.segment);
        if (changed) this.setState({});
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
        this.progressChanged();
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

  // ---- media -----------------------------------------------------------------------------------

  acquire = (): Promise<MediaStream> => {
    const stream = this.liveStream();
    if (stream) return Promise.resolve(stream);
    this.acquiring ??= this.doAcquire().finally(() => {
      this.acquiring = null;
    });
    return this.acquiring;
  };

  private liveStream(): MediaStream | null {
    const stream = this.snapshot.stream;
    if (isLive(stream)) return stream;
    if (stream) {
      stopTracks(stream);
      this.setState({ stream: null });
    }
    return null;
  }

  private async doAcquire(): Promise<MediaStream> {
    if (!isRecordingSupported()) throw new UnsupportedBrowserError();
    const { video } = this.config;
    const before = this.snapshot.status;
    const after: RecorderStatus = before === 'acquiring_media' ? 'idle' : before;
    this.setState({ status: 'acquiring_media', error: null });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: video ? { width: 1280, height: 720 } : false, audio: true });
    } catch (err) {
      const code = mediaErrorCode(err);
      this.setState({ status: after, error: code });
      throw new RecorderError(code, err);
    }
    if (!this.mounted) {
      stopTracks(stream);
      throw new RecorderError('media_aborted');
    }
    this.setState({ status: after, stream });
    return stream;
  }

  release = (): void => {
    const active = this.active;
    if (active && !active.stopRequested) {
      this.setState({ status: 'stopping' });
      this.requestStop(active);
      void active.finalized.then(() => {
        if (this.active === active) this.active = null;
        if (this.snapshot.status === 'stopping') this.setState({ status: 'stopped' });
      });
    }
    this.stopPolling();
    stopTracks(this.snapshot.stream);
    if (this.snapshot.stream) this.setState({ stream: null });
  };

  // ---- recording -------------------------------------------------------------------------------

  start = (): Promise<void> => {
    this.starting ??= this.doStart().finally(() => {
      this.starting = null;
    });
    return this.starting;
  };

  private async doStart(): Promise<void> {
    if (this.active && !this.active.stopRequested) return;
    if (!isRecordingSupported()) throw new UnsupportedBrowserError();
    const config = this.config;
    const mimeType = pickMimeType(config.video);
    if (!mimeType) throw new UnsupportedBrowserError();

    let live = this.liveStream();
    if (live && live.getVideoTracks().length > 0 !== config.video) {
      // Acquired for the other mode (video vs audio only): acquire again for this one.
      stopTracks(live);
      this.setState({ stream: null });
      live = null;
    }
    const stream = live ?? (await this.acquire());
    // A recording that failed (a track ended…) is finalized before the next segment starts.
    if (this.active) await this.active.finalized;
    await this.ready.promise;
    if (!this.mounted) throw new RecorderError('media_aborted');
    const store = await this.getStore();
    const existing = await store.listSegments(this.interviewId);
    const segment = Math.max(-1, ...existing.map((s) => s.segment), ...this.segments.keys()) + 1;

    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType });
    } catch (err) {
      this.setState({ error: 'recorder_error' });
      throw new RecorderError('recorder_error', err);
    }
    const record = await store.createSegment(this.interviewId, segment, config.video ? 'video/webm' : 'audio/webm');
    if (!this.mounted) {
      await store.deleteSegment(this.interviewId, segment);
      throw new RecorderError('media_aborted');
    }
    const entry = this.addEntry(record);
    this.startUpload(entry);

    const stopEvent = deferred();
    const active: ActiveRecording = {
      recorder,
      stream,
      entry,
      queue: Promise.resolve(),
      broken: false,
      stopRequested: false,
      finalized: Promise.resolve(),
      markStopped: stopEvent.resolve,
    };
    active.finalized = stopEvent.promise
      .then(() => active.queue)
      .then(() => store.markRecordingDone(this.interviewId, segment))
      .then((done) => {
        entry.record = done ?? { ...entry.record, recordingDone: true };
        entry.uploader?.recordingFinished(entry.record.nextByte);
      })
      .catch((err: unknown) => {
        console.error('Recording: could not finalize the segment', err);
        entry.record = { ...entry.record, recordingDone: true };
        entry.uploader?.recordingFinished(entry.record.nextByte);
      });

    recorder.addEventListener('dataavailable', (event: BlobEvent) => {
      if (event.data.size === 0) return;
      const data = event.data;
      active.queue = active.queue.then(() => this.storeChunk(active, data));
    });
    recorder.addEventListener('error', (event: Event) => {
      console.error('Recording: MediaRecorder error', (event as Event & { error?: unknown }).error);
      this.failRecording(active);
    });
    recorder.addEventListener('stop', () => active.markStopped());

    try {
      recorder.start(TIMESLICE_MS);
    } catch (err) {
      active.markStopped();
      this.setState({ error: 'recorder_error' });
      throw new RecorderError('recorder_error', err);
    }
    this.active = active;
    this.setState({ status: 'recording', error: null });
    this.startPolling(active);
  }

  /** Stores one recorder chunk; only once it is in the store does it count (and get uploaded). */
  private async storeChunk(active: ActiveRecording, data: Blob): Promise<void> {
    if (active.broken || !this.store) return;
    try {
      const record = await this.store.appendChunk(this.interviewId, active.entry.segment, data);
      active.entry.record = record;
      active.entry.recordedBytes = record.nextByte;
      active.entry.uploader?.dataAppended(record.nextByte);
      this.progressChanged();
    } catch (err) {
      console.error('Recording: could not store a chunk', err);
      active.broken = true;
      this.failRecording(active);
    }
  }

  private requestStop(active: ActiveRecording): void {
    active.stopRequested = true;
    if (active.recorder.state !== 'inactive') {
      try {
        active.recorder.stop();
        return;
      } catch {
        // fall through: treat as stopped
      }
    }
    // Already inactive (it stopped by itself): its 'stop' event has fired or is about to.
    active.markStopped();
  }

  /** The recording cannot go on (track ended, recorder or storage error): keep what we have. */
  private failRecording(active: ActiveRecording): void {
    if (this.active !== active) return;
    this.stopPolling();
    this.setState({ error: 'recorder_error' });
    if (active.stopRequested) return;
    this.setState({ status: 'stopping' });
    this.requestStop(active);
    void active.finalized.then(() => {
      if (this.active === active) this.active = null;
      if (this.snapshot.status === 'stopping') this.setState({ status: 'stopped' });
    });
  }

  private startPolling(active: ActiveRecording): void {
    this.stopPolling();
    this.pollTimer = setInterval(() => {
      const ended = active.stream.getTracks().some((track) => track.readyState === 'ended');
      if (ended || active.recorder.state === 'inactive') this.failRecording(active);
    }, TRACK_POLL_MS);
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  // ---- finish ----------------------------------------------------------------------------------

  finish = (): Promise<string[]> => {
    this.finishing ??= this.doFinish().finally(() => {
      this.finishing = null;
    });
    return this.finishing;
  };

  private async doFinish(): Promise<string[]> {
    await this.starting?.catch(() => undefined);
    const active = this.active;
    if (active) {
      this.stopPolling();
      if (!active.stopRequested) {
        this.setState({ status: 'stopping' });
        this.requestStop(active);
      }
      await active.finalized;
      if (this.active === active) this.active = null;
      this.setState({ status: 'stopped' });
    }
    await this.ready.promise;
    await this.getStore();
    // Every segment not on the server yet uploads (again, after an earlier failure).
    const entries = [...this.segments.values()].sort((a, b) => a.segment - b.segment);
    for (const entry of entries) this.startUpload(entry);
    if (entries.some((entry) => !entry.done && !entry.result)) throw new Error('Recording: no upload endpoint');
    await Promise.all(entries.map((entry) => (entry.done ? Promise.resolve(entry.url) : (entry.result ?? Promise.resolve(null)))));
    const ids = entries.flatMap((entry) => (entry.url ? [uploadIdFromUrl(entry.url)] : []));

    for (const entry of entries) {
      this.finishedTotals.recorded += entry.recordedBytes;
      this.finishedTotals.uploaded += entry.uploadedBytes;
      this.segments.delete(entry.segment);
    }
    try {
      await this.store?.clearInterview(this.interviewId);
    } catch (err) {
      console.error('Recording: could not clear the stored recording', err);
    }
    this.setState({});
    return ids;
  }
}
