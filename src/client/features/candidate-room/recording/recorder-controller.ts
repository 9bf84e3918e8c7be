/**
 * The recording pipeline behind useInterviewRecorder, kept outside React: camera/microphone, one
 * SegmentRecording per start() (MediaRecorder into the chunk store), and the segments' uploads
 * (SegmentUploads). The hook subscribes to it with useSyncExternalStore.
 */
import { openChunkStore, recordingFiletype, type ChunkStore } from './chunk-store';
import { ChunkWriter } from './chunk-writer';
import { deferred } from './deferred';
import { isRecordingSupported, pickMimeType, RecorderError, UnsupportedBrowserError } from './errors';
import { isLive, openMedia, stopTracks } from './media';
import { nextSegmentNumber } from './recording-plan';
import { SegmentRecording } from './segment-recording';
import { SegmentUploads, type RecorderConfig } from './segment-uploads';
import { SnapshotStore } from './recorder-snapshot';
import type { InterviewRecorderOptions, RecorderStatus } from './types';

export { TIMESLICE_MS, TRACK_POLL_MS } from './segment-recording';
export type { RecorderSnapshot } from './recorder-snapshot';
export type { RecorderConfig } from './segment-uploads';

export class RecorderController {
  readonly interviewId: number;
  private config: RecorderConfig;
  private mounted = false;
  private generation = 0;
  private store: ChunkStore | null = null;
  private uploads = new SegmentUploads({
    context: () => ({ store: this.store, config: this.config }),
    changed: (now) => (now ? this.state.set({}) : this.state.progressChanged()),
  });
  private browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  private active: SegmentRecording | null = null;
  /** Resolves once mount() looked for (and resumed) the segments of earlier page loads. */
  private ready = deferred();
  private finalizing: Promise<void> = Promise.resolve();
  private acquiring: Promise<MediaStream> | null = null;
  private starting: Promise<void> | null = null;
  private finishing: Promise<string[]> | null = null;
  private readonly state = new SnapshotStore(() => this.uploads.progress(this.browserOnline));

  constructor(options: InterviewRecorderOptions) {
    this.interviewId = options.interviewId;
    this.config = { token: options.token, video: options.video, uploadEndpoint: options.uploadEndpoint };
  }

  // ---- external store (the hook's useSyncExternalStore) ---------------------------------------

  subscribe = this.state.subscribe;
  getSnapshot = this.state.getSnapshot;

  // ---- lifecycle -------------------------------------------------------------------------------

  /**
   * New token / endpoint / video setting: used by uploads and segments started from now on. Uploads
   * wait for a non-empty endpoint (the room learns it from the start call).
   */
  configure(config: RecorderConfig): void {
    this.config = config;
    if (this.mounted && config.uploadEndpoint) this.uploads.startMissing();
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
    const active = this.active;
    this.active = null;
    if (active) {
      active.stopPolling();
      active.requestStop();
      this.finalizing = active.finalized;
    }
    stopTracks(this.state.getSnapshot().stream);
    this.uploads.stopAll();
    if (this.ready.settled) this.ready = deferred();
    this.state.replace({ status: 'idle', stream: null });
  }

  private handleOnline = () => {
    this.browserOnline = true;
    this.uploads.wakeAll();
    this.state.set({});
  };

  private handleOffline = () => {
    this.browserOnline = false;
    this.state.set({});
  };

  private async getStore(): Promise<ChunkStore> {
    this.store ??= await openChunkStore();
    return this.store;
  }

  private async resumeEarlierSegments(generation: number): Promise<void> {
    await this.finalizing.catch(() => undefined);
    const store = await this.getStore();
    await this.uploads.resumeEarlier(store, this.interviewId, () => generation === this.generation);
    if (generation === this.generation) this.state.set({});
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
    const stream = this.state.getSnapshot().stream;
    if (isLive(stream)) return stream;
    if (stream) {
      stopTracks(stream);
      this.state.set({ stream: null });
    }
    return null;
  }

  private async doAcquire(): Promise<MediaStream> {
    if (!isRecordingSupported()) throw new UnsupportedBrowserError();
    const { video } = this.config;
    const before = this.state.getSnapshot().status;
    const after: RecorderStatus = before === 'acquiring_media' ? 'idle' : before;
    this.state.set({ status: 'acquiring_media', error: null });
    let stream: MediaStream;
    try {
      stream = await openMedia(video);
    } catch (err) {
      if (err instanceof RecorderError) this.state.set({ status: after, error: err.code });
      throw err;
    }
    if (!this.mounted) {
      stopTracks(stream);
      throw new RecorderError('media_aborted');
    }
    this.state.set({ status: after, stream });
    return stream;
  }

  release = (): void => {
    const active = this.active;
    active?.stopPolling();
    if (active && !active.stopRequested) this.stop(active);
    stopTracks(this.state.getSnapshot().stream);
    if (this.state.getSnapshot().stream) this.state.set({ stream: null });
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
    // WebM, else MP4 (Safari), else the browser's own default: '' (decision 047).
    const mimeType = pickMimeType(config.video);
    if (mimeType === null) throw new UnsupportedBrowserError();

    let live = this.liveStream();
    if (live && live.getVideoTracks().length > 0 !== config.video) {
      // Acquired for the other mode (video vs audio only): acquire again for this one.
      stopTracks(live);
      this.state.set({ stream: null });
      live = null;
    }
    const stream = live ?? (await this.acquire());
    // A recording that failed (a track ended…) is finalized before the next segment starts.
    if (this.active) await this.active.finalized;
    await this.ready.promise;
    if (!this.mounted) throw new RecorderError('media_aborted');
    const store = await this.getStore();
    const existing = await store.listSegments(this.interviewId);
    const segment = nextSegmentNumber(existing.map((s) => s.segment), this.uploads.segmentNumbers());

    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : {});
    } catch (err) {
      this.state.set({ error: 'recorder_error' });
      throw new RecorderError('recorder_error', err);
    }
    const record = await store.createSegment(this.interviewId, segment, recordingFiletype(recorder.mimeType || mimeType, config.video));
    if (!this.mounted) {
      await store.deleteSegment(this.interviewId, segment);
      throw new RecorderError('media_aborted');
    }
    const entry = this.uploads.add(record);
    this.uploads.start(entry);

    const writer = new ChunkWriter(store, this.interviewId, segment, {
      stored: (stored) => this.uploads.chunkStored(entry, stored),
      failed: (err) => {
        console.error('Recording: could not store a chunk', err);
        this.failRecording(active);
      },
    });
    const active: SegmentRecording = new SegmentRecording(recorder, stream, writer, {
      failed: () => this.failRecording(active),
      ended: (done) => this.uploads.recordingEnded(entry, done),
    });
    try {
      active.start();
    } catch (err) {
      this.state.set({ error: 'recorder_error' });
      throw new RecorderError('recorder_error', err);
    }
    this.active?.stopPolling();
    this.active = active;
    this.state.set({ status: 'recording', error: null });
    active.startPolling(() => this.failRecording(active));
  }

  /** Stops the recording; the status is 'stopping' until it is finalized, then 'stopped'. */
  private stop(active: SegmentRecording): void {
    this.state.set({ status: 'stopping' });
    active.requestStop();
    void active.finalized.then(() => {
      if (this.active === active) this.active = null;
      if (this.state.getSnapshot().status === 'stopping') this.state.set({ status: 'stopped' });
    });
  }

  /** The recording cannot go on (track ended, recorder or storage error): keep what we have. */
  private failRecording(active: SegmentRecording): void {
    if (this.active !== active) return;
    active.stopPolling();
    this.state.set({ error: 'recorder_error' });
    if (!active.stopRequested) this.stop(active);
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
      active.stopPolling();
      if (!active.stopRequested) {
        this.state.set({ status: 'stopping' });
        active.requestStop();
      }
      await active.finalized;
      if (this.active === active) this.active = null;
      this.state.set({ status: 'stopped' });
    }
    await this.ready.promise;
    const store = await this.getStore();
    const ids = await this.uploads.finishAll();
    try {
      await store.clearInterview(this.interviewId);
    } catch (err) {
      console.error('Recording: could not clear the stored recording', err);
    }
    this.state.set({});
    return ids;
  }
}
