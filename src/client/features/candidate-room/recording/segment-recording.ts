/**
 * One MediaRecorder run recording one segment: chunks every TIMESLICE_MS go to the chunk writer;
 * `finalized` resolves once the recorder stopped, its last chunk is stored and the segment is marked
 * done. The camera or microphone going away (a track ended) is noticed by polling, since not every
 * browser stops the recorder for it.
 */
import type { SegmentRecord } from './chunk-store-types';
import type { ChunkWriter } from './chunk-writer';
import { deferred } from './deferred';

export const TIMESLICE_MS = 100;
export const TRACK_POLL_MS = 1_000;

export interface SegmentRecordingEvents {
  /** The recorder reported an error. */
  failed(): void;
  /** Finalized: the segment's record as stored (undefined when marking it done failed). */
  ended(record: SegmentRecord | undefined): void;
}

export class SegmentRecording {
  stopRequested = false;
  /** Resolves once the recorder stopped, its last chunk is stored and the segment is marked done. */
  readonly finalized: Promise<void>;
  private readonly stopEvent = deferred();
  private pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly recorder: MediaRecorder,
    readonly stream: MediaStream,
    writer: ChunkWriter,
    events: SegmentRecordingEvents,
  ) {
    this.finalized = this.stopEvent.promise
      .then(() => writer.close())
      .then(
        (record) => events.ended(record),
        (err: unknown) => {
          console.error('Recording: could not finalize the segment', err);
          events.ended(undefined);
        },
      );
    recorder.addEventListener('dataavailable', (event: BlobEvent) => writer.write(event.data));
    recorder.addEventListener('error', (event: Event) => {
      console.error('Recording: MediaRecorder error', (event as Event & { error?: unknown }).error);
      events.failed();
    });
    recorder.addEventListener('stop', () => this.stopEvent.resolve());
  }

  /** Starts recording; throws (and counts as stopped) when the recorder refuses. */
  start(): void {
    try {
      this.recorder.start(TIMESLICE_MS);
    } catch (err) {
      this.stopEvent.resolve();
      throw err;
    }
  }

  /** Stops the recorder; `finalized` follows its 'stop' event. */
  requestStop(): void {
    this.stopRequested = true;
    if (this.recorder.state !== 'inactive') {
      try {
        this.recorder.stop();
        return;
      } catch {
        // fall through: treat as stopped
      }
    }
    // Already inactive (it stopped by itself): its 'stop' event has fired or is about to.
    this.stopEvent.resolve();
  }

  /** Calls `onLost` every TRACK_POLL_MS while a track has ended or the recorder stopped by itself. */
  startPolling(onLost: () => void): void {
    this.stopPolling();
    this.pollTimer = setInterval(() => {
      const ended = this.stream.getTracks().some((track) => track.readyState === 'ended');
      if (ended || this.recorder.state === 'inactive') onLost();
    }, TRACK_POLL_MS);
  }

  stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }
}
