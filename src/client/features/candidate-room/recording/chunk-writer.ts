/**
 * Stores one segment's recorder chunks one after the other, in the recorder's order; a chunk counts
 * (and is uploaded) only once it is stored. The first chunk that cannot be stored (the browser's
 * storage is full, QuotaExceededError, or any other write failure) ends the segment: a later chunk
 * would leave a gap in the WebM stream, so every later one is dropped, the recording stops with
 * 'recorder_error', and the bytes stored until then are uploaded as the segment (decision 020).
 */
import type { ChunkStore, SegmentRecord } from './chunk-store-types';

export interface ChunkWriterEvents {
  /** A chunk is stored: the segment now holds [0, record.nextByte). */
  stored(record: SegmentRecord): void;
  /** A chunk could not be stored; nothing more will be (called once). */
  failed(error: unknown): void;
}

export class ChunkWriter {
  private queue: Promise<void> = Promise.resolve();
  private broken = false;

  constructor(
    private readonly store: ChunkStore,
    private readonly interviewId: number,
    private readonly segment: number,
    private readonly events: ChunkWriterEvents,
  ) {}

  /** True once a chunk could not be stored. */
  get isBroken(): boolean {
    return this.broken;
  }

  /** Queues one recorder chunk (empty ones are skipped). */
  write(data: Blob): void {
    if (data.size === 0) return;
    this.queue = this.queue.then(() => this.append(data));
  }

  /** After the recorder's last chunk: waits for every queued write, then marks the recording done. */
  async close(): Promise<SegmentRecord | undefined> {
    await this.queue;
    return this.store.markRecordingDone(this.interviewId, this.segment);
  }

  private async append(data: Blob): Promise<void> {
    if (this.broken) return;
    try {
      this.events.stored(await this.store.appendChunk(this.interviewId, this.segment, data));
    } catch (err) {
      this.broken = true;
      this.events.failed(err);
    }
  }
}
