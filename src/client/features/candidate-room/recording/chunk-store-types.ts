/**
 * The chunk store's records and interface. Both records are stored as they are in IndexedDB by
 * browsers that are mid-interview: their fields keep their names and meaning (decision 020).
 */

/** What a segment holds: WebM, or MP4 where the browser records no WebM (Safari, iPhones; decision 047). */
export type RecordingFiletype = 'video/webm' | 'audio/webm' | 'video/mp4' | 'audio/mp4';

/**
 * A segment's type from the recorder's mime type ('video/mp4; codecs=avc1.4d002a,mp4a' → 'video/mp4').
 * A type naming neither container (a browser default not reported before recording) is taken for
 * WebM: the server tells the format by the recording's first bytes, not by this (decision 045).
 */
export function recordingFiletype(mimeType: string, video: boolean): RecordingFiletype {
  const container = /^(?:video|audio)\/mp4\b/i.test(mimeType.trim()) ? 'mp4' : 'webm';
  return `${video ? 'video' : 'audio'}/${container}`;
}

export interface SegmentRecord {
  interviewId: number;
  /** 0, 1, 2… one per page load that recorded. */
  segment: number;
  filetype: RecordingFiletype;
  /** The tus upload URL once the server created the upload. */
  uploadUrl: string | null;
  /** The server has every byte and the final length. */
  finished: boolean;
  /** The recorder of this segment stopped: no more bytes will be appended. */
  recordingDone: boolean;
  /** Bytes recorded (and stored) so far: the offset of the next chunk. */
  nextByte: number;
  /** Bytes the server acknowledged; chunks wholly below this offset are gone. */
  uploadedBytes: number;
}

export interface ChunkRecord {
  interviewId: number;
  segment: number;
  /** Byte range [start, end) of the segment's stream. */
  start: number;
  end: number;
  /**
   * The bytes. The IndexedDB store writes an ArrayBuffer (WebKit refuses Blobs in some sessions,
   * decision 047); chunks stored by earlier versions are Blobs, and the memory store keeps Blobs.
   */
  data: ChunkData;
}

export type ChunkData = Blob | ArrayBuffer;

/** A chunk's length in bytes, Blob or ArrayBuffer. */
export const chunkSize = (data: ChunkData): number => (data instanceof ArrayBuffer ? data.byteLength : data.size);

/** The bytes asked for were already deleted (acknowledged) or never stored. */
export class MissingBytesError extends Error {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly firstAvailable: number,
  ) {
    super(`Recording bytes ${start}-${end} are no longer stored in the browser (first stored byte: ${firstAvailable})`);
    this.name = 'MissingBytesError';
  }
}

export interface ChunkStore {
  /** True when backed by IndexedDB (survives a reload). */
  readonly persistent: boolean;
  createSegment(interviewId: number, segment: number, filetype: RecordingFiletype): Promise<SegmentRecord>;
  getSegment(interviewId: number, segment: number): Promise<SegmentRecord | undefined>;
  /** Every segment of the interview, in segment order. */
  listSegments(interviewId: number): Promise<SegmentRecord[]>;
  /** Segments whose upload has not finished, in segment order. */
  listUnfinishedSegments(interviewId: number): Promise<SegmentRecord[]>;
  /** Stores the chunk at the segment's end; resolves (with the updated segment) once it is written. */
  appendChunk(interviewId: number, segment: number, data: Blob): Promise<SegmentRecord>;
  /** The bytes [start, end) (end clamped to what was recorded). Throws MissingBytesError when some are gone. */
  readRange(interviewId: number, segment: number, start: number, end: number): Promise<Blob>;
  /** The lowest byte offset still stored (nextByte when no chunk is left). */
  firstStoredByte(interviewId: number, segment: number): Promise<number>;
  /** The server has bytes [0, offset): drop every chunk that ends at or below it. */
  acknowledge(interviewId: number, segment: number, offset: number): Promise<SegmentRecord | undefined>;
  markRecordingDone(interviewId: number, segment: number): Promise<SegmentRecord | undefined>;
  setUploadUrl(interviewId: number, segment: number, uploadUrl: string | null): Promise<void>;
  /** The upload is complete on the server: drop the segment's chunks, keep its record (for the upload id). */
  markFinished(interviewId: number, segment: number): Promise<void>;
  deleteSegment(interviewId: number, segment: number): Promise<void>;
  /** Forget everything about the interview (after the recording is complete on the server). */
  clearInterview(interviewId: number): Promise<void>;
}
