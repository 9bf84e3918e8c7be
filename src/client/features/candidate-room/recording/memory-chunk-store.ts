/**
 * The chunk store in memory, for browsers where IndexedDB cannot be opened (some private modes):
 * uploading still resumes after an outage, but not after a reload. Same decisions as the IndexedDB
 * store (segment-records.ts).
 */
import type { ChunkRecord, ChunkStore, RecordingFiletype, SegmentRecord } from './chunk-store-types';
import { acknowledgeRecord, appendChunk, finishRecord, firstStoredByte, isAcknowledged, newSegmentRecord, readRange } from './segment-records';

export class MemoryChunkStore implements ChunkStore {
  readonly persistent = false;
  private segments = new Map<string, SegmentRecord>();
  private chunks = new Map<string, ChunkRecord[]>();

  private key = (interviewId: number, segment: number) => `${interviewId}/${segment}`;

  async createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord> {
    const key = this.key(interviewId, segment);
    if (this.segments.has(key)) throw new Error(`Segment ${key} exists`);
    const record = newSegmentRecord(interviewId, segment, filetype);
    this.segments.set(key, record);
    this.chunks.set(key, []);
    return { ...record };
  }

  async getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    const record = this.segments.get(this.key(interviewId, segment));
    return record && { ...record };
  }

  async listSegments(interviewId: number): Promise<SegmentRecord[]> {
    return [...this.segments.values()]
      .filter((s) => s.interviewId === interviewId)
      .sort((a, b) => a.segment - b.segment)
      .map((s) => ({ ...s }));
  }

  async listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]> {
    return (await this.listSegments(interviewId)).filter((s) => !s.finished);
  }

  private update(interviewId: number, segment: number, change: (r: SegmentRecord) => SegmentRecord): SegmentRecord | undefined {
    const key = this.key(interviewId, segment);
    const record = this.segments.get(key);
    if (!record) return undefined;
    const next = change(record);
    this.segments.set(key, next);
    return { ...next };
  }

  async appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord> {
    const record = this.update(interviewId, segment, (found) => {
      const appended = appendChunk(found, data);
      this.chunks.get(this.key(interviewId, segment))?.push(appended.chunk);
      return appended.record;
    });
    if (!record) throw new Error(`Unknown recording segment ${interviewId}/${segment}`);
    return record;
  }

  async readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob> {
    const key = this.key(interviewId, segment);
    return readRange(this.chunks.get(key) ?? [], this.segments.get(key), start, end);
  }

  async firstStoredByte(interviewId: number, segment: number): Promise<number> {
    const key = this.key(interviewId, segment);
    return firstStoredByte(this.chunks.get(key)?.[0]?.start, this.segments.get(key));
  }

  async acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined> {
    const key = this.key(interviewId, segment);
    this.chunks.set(key, (this.chunks.get(key) ?? []).filter((chunk) => !isAcknowledged(chunk, offset)));
    return this.update(interviewId, segment, (r) => acknowledgeRecord(r, offset));
  }

  async markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined> {
    return this.update(interviewId, segment, (r) => ({ ...r, recordingDone: true }));
  }

  async setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void> {
    this.update(interviewId, segment, (r) => ({ ...r, uploadUrl }));
  }

  async markFinished(interviewId: number, segment: number): Promise<void> {
    this.chunks.set(this.key(interviewId, segment), []);
    this.update(interviewId, segment, finishRecord);
  }

  async deleteSegment(interviewId: number, segment: number): Promise<void> {
    this.segments.delete(this.key(interviewId, segment));
    this.chunks.delete(this.key(interviewId, segment));
  }

  async clearInterview(interviewId: number): Promise<void> {
    for (const [key, record] of this.segments) {
      if (record.interviewId === interviewId) {
        this.segments.delete(key);
        this.chunks.delete(key);
      }
    }
  }
}
