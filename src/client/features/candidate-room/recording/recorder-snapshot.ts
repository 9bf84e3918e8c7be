/**
 * The recorder's state as React reads it (useSyncExternalStore): a new snapshot object on every
 * change, with the upload progress recomputed. Progress alone changes at the recorder's pace (10
 * chunks a second), so such changes are published at most every PROGRESS_THROTTLE_MS.
 */
import type { RecorderErrorCode, RecorderStatus, UploadProgress } from './types';

const PROGRESS_THROTTLE_MS = 250;

export interface RecorderSnapshot {
  status: RecorderStatus;
  error: RecorderErrorCode | null;
  stream: MediaStream | null;
  progress: UploadProgress;
}

export type SnapshotChange = Partial<Omit<RecorderSnapshot, 'progress'>>;

export class SnapshotStore {
  private snapshot: RecorderSnapshot;
  private listeners = new Set<() => void>();
  private progressTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly progress: () => UploadProgress) {
    this.snapshot = { status: 'idle', error: null, stream: null, progress: progress() };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RecorderSnapshot => this.snapshot;

  /** Publishes the change (and the progress as it is now) at once. */
  set(change: SnapshotChange): void {
    this.replace(change);
    for (const listener of [...this.listeners]) listener();
  }

  /** The progress changed: published with the next change, or in PROGRESS_THROTTLE_MS at the latest. */
  progressChanged(): void {
    if (this.progressTimer !== undefined) return;
    this.progressTimer = setTimeout(() => {
      this.progressTimer = undefined;
      this.set({});
    }, PROGRESS_THROTTLE_MS);
  }

  /** Changes the snapshot without telling anyone (the hook is going away). */
  replace(change: SnapshotChange): void {
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    this.snapshot = { ...this.snapshot, ...change, progress: this.progress() };
  }
}
