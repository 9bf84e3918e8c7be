import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Cuts a WebM recording into playable pieces no larger than a provider accepts (OpenAI's
 * transcription takes 25 MB; a video interview passes that within minutes). Each piece is the
 * file's own EBML header, a segment with its Info and Tracks, and a run of whole clusters, whose
 * timecodes are moved to start at zero, so a decoder reads every piece as a file of its own and the
 * times it reports are relative to the piece's start (given back as `startMs`).
 *
 * Written here rather than with a library: the EBML packages on npm either read the whole file into
 * memory or re-encode elements, and this needs a streaming, byte-exact copy of clusters, including
 * MediaRecorder's clusters of unknown size (docs/decisions/013-server-transcripts.md).
 */

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  timecodeScale: 0x2ad7b1,
  timecode: 0xe7,
} as const;

/** Elements that sit directly in the segment: inside a cluster of unknown size, one of them ends it. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, ID.info, ID.tracks, ID.cluster, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469, ID.ebml, ID.segment]);

/** A segment of unknown size: 8-byte size with every value bit set. */
const UNKNOWN_SEGMENT = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

const COPY_BLOCK = 1024 * 1024;

export interface WebmPiece {
  path: string;
  /** Where the piece starts in the whole recording. */
  startMs: number;
  bytes: number;
}

interface Header {
  id: number;
  /** Null: unknown size (runs to the next element of its parent's level). */
  size: number | null;
  /** Bytes of the ID and size. */
  length: number;
}

class NotWebm extends Error {}

/** Reads an element's ID and size at `pos`; null at the end of the file. */
async function readHeader(file: FileHandle, pos: number, fileSize: number): Promise<Header | null> {
  if (pos >= fileSize) return null;
  const buf = Buffer.alloc(12);
  const { bytesRead } = await file.read(buf, 0, 12, pos);
  const idLength = vintLength(buf[0]!);
  if (idLength > 4 || idLength > bytesRead) throw new NotWebm();
  const id = buf.readUIntBE(0, idLength);
  const first = buf[idLength];
  if (first === undefined) throw new NotWebm();
  const sizeLength = vintLength(first);
  if (sizeLength > 8 || idLength + sizeLength > bytesRead) throw new NotWebm();
  let size = first & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const b = buf[idLength + i]!;
    size = size * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { id, size: allOnes ? null : size, length: idLength + sizeLength };
}

/** How many bytes a variable-length integer takes, from its first byte's leading zeros. */
function vintLength(first: number): number {
  for (let i = 0; i < 8; i++) if (first & (0x80 >> i)) return i + 1;
  return 9;
}

/** Header elements (EBML header, Info, Tracks) are a few hundred bytes; anything near this is not one. */
const MAX_HEADER_ELEMENT = 16 * 1024 * 1024;

async function readBytes(file: FileHandle, pos: number, length: number): Promise<Buffer> {
  if (length > MAX_HEADER_ELEMENT) throw new NotWebm();
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, pos);
  if (bytesRead !== length) throw new NotWebm();
  return buf;
}

interface Cluster {
  start: number;
  end: number;
  timecode: number;
}

/** The end of a cluster of unknown size: the next element that belongs to the segment, or the end of the file. */
async function clusterEnd(file: FileHandle, dataStart: number, fileSize: number): Promise<number> {
  let pos = dataStart;
  for (;;) {
    const h = await readHeader(file, pos, fileSize);
    if (!h || SEGMENT_CHILDREN.has(h.id)) return pos;
    if (h.size === null) throw new NotWebm();
    pos += h.length + h.size;
    if (pos > fileSize) return fileSize;
  }
}

/** The cluster's own timecode (its Timecode child), in the file's timecode units. */
async function clusterTimecode(file: FileHandle, dataStart: number, end: number, fileSize: number): Promise<{ value: number; at: number; length: number }> {
  let pos = dataStart;
  while (pos < end) {
    const h = await readHeader(file, pos, fileSize);
    if (!h || h.size === null) break;
    if (h.id === ID.timecode) {
      if (h.size < 1 || h.size > 6) break;
      const bytes = await readBytes(file, pos + h.length, h.size);
      return { value: bytes.readUIntBE(0, h.size), at: pos + h.length, length: h.size };
    }
    pos += h.length + h.size;
  }
  throw new NotWebm();
}

interface Layout {
  /** EBML header, a segment of unknown size, Info and Tracks: what every piece starts with. */
  prefix: Buffer;
  /** Nanoseconds per timecode unit. */
  timecodeScale: number;
  clusters: (Cluster & { timecodeAt: number; timecodeLength: number })[];
}

async function layoutOf(file: FileHandle, fileSize: number): Promise<Layout> {
  const ebml = await readHeader(file, 0, fileSize);
  if (!ebml || ebml.id !== ID.ebml || ebml.size === null) throw new NotWebm();
  const ebmlBytes = await readBytes(file, 0, ebml.length + ebml.size);
  const segment = await readHeader(file, ebmlBytes.length, fileSize);
  if (!segment || segment.id !== ID.segment) throw new NotWebm();
  const segmentEnd = segment.size === null ? fileSize : Math.min(fileSize, ebmlBytes.length + segment.length + segment.size);

  const keep: Buffer[] = [];
  let timecodeScale = 1_000_000;
  const clusters: Layout['clusters'] = [];
  let pos = ebmlBytes.length + segment.length;
  while (pos < segmentEnd) {
    const h = await readHeader(file, pos, fileSize);
    if (!h) break;
    const dataStart = pos + h.length;
    if (h.id === ID.cluster) {
      const end = h.size === null ? await clusterEnd(file, dataStart, fileSize) : Math.min(fileSize, dataStart + h.size);
      const tc = await clusterTimecode(file, dataStart, end, fileSize);
      clusters.push({ start: pos, end, timecode: tc.value, timecodeAt: tc.at, timecodeLength: tc.length });
      pos = end;
      continue;
    }
    if (h.size === null) throw new NotWebm();
    if (h.id === ID.info || h.id === ID.tracks) {
      const element = await readBytes(file, pos, h.length + h.size);
      keep.push(element);
      if (h.id === ID.info) timecodeScale = readTimecodeScale(element.subarray(h.length)) ?? timecodeScale;
    }
    // SeekHead and Cues point at positions in the whole file: wrong in a piece, and not needed to decode.
    pos = dataStart + h.size;
  }
  if (keep.length < 2 || clusters.length === 0) throw new NotWebm();
  return { prefix: Buffer.concat([ebmlBytes, UNKNOWN_SEGMENT, ...keep]), timecodeScale, clusters };
}

function readTimecodeScale(info: Buffer): number | null {
  let pos = 0;
  while (pos < info.length) {
    const idLength = vintLength(info[pos]!);
    const id = info.readUIntBE(pos, Math.min(idLength, 4));
    const sizeLength = vintLength(info[pos + idLength]!);
    let size = info[pos + idLength]! & (0xff >> sizeLength);
    for (let i = 1; i < sizeLength; i++) size = size * 256 + info[pos + idLength + i]!;
    const data = pos + idLength + sizeLength;
    if (id === ID.timecodeScale && size >= 1 && size <= 6) return info.readUIntBE(data, size);
    pos = data + size;
  }
  return null;
}

/** Copies bytes [start, end) of the source to the end of the target, with a cluster's timecode rewritten. */
async function copyCluster(source: FileHandle, target: FileHandle, cluster: Layout['clusters'][number], timecode: number): Promise<void> {
  const block = Buffer.alloc(COPY_BLOCK);
  for (let pos = cluster.start; pos < cluster.end; ) {
    const length = Math.min(COPY_BLOCK, cluster.end - pos);
    const { bytesRead } = await source.read(block, 0, length, pos);
    if (bytesRead === 0) throw new NotWebm();
    const chunk = block.subarray(0, bytesRead);
    const at = cluster.timecodeAt - pos;
    if (at >= 0 && at + cluster.timecodeLength <= bytesRead) chunk.writeUIntBE(timecode, at, cluster.timecodeLength);
    await target.write(chunk);
    pos += bytesRead;
  }
}

/**
 * Writes the pieces into a new temporary directory and returns them with `dispose` to remove it;
 * null when the file is not a WebM this can cut, or one cluster alone is larger than `maxBytes`.
 */
export async function splitWebm(filePath: string, maxBytes: number): Promise<{ pieces: WebmPiece[]; dispose(): Promise<void> } | null> {
  const source = await open(filePath, 'r');
  let dir: string | null = null;
  try {
    const fileSize = (await source.stat()).size;
    let layout: Layout;
    try {
      layout = await layoutOf(source, fileSize);
    } catch (err) {
      if (err instanceof NotWebm) return null;
      throw err;
    }
    const groups: Layout['clusters'][] = [];
    let size = 0;
    for (const c of layout.clusters) {
      const bytes = c.end - c.start;
      if (layout.prefix.length + bytes > maxBytes) return null;
      if (groups.length === 0 || size + bytes > maxBytes) {
        groups.push([]);
        size = layout.prefix.length;
      }
      groups.at(-1)!.push(c);
      size += bytes;
    }

    dir = await mkdtemp(path.join(os.tmpdir(), 'hireloop-pieces-'));
    const pieces: WebmPiece[] = [];
    for (const [i, group] of groups.entries()) {
      const base = group[0]!.timecode;
      const piecePath = path.join(dir, `piece-${i}.webm`);
      const target = await open(piecePath, 'w');
      try {
        await target.write(layout.prefix);
        for (const c of group) await copyCluster(source, target, c, Math.max(0, c.timecode - base));
      } finally {
        await target.close();
      }
      const bytes = layout.prefix.length + group.reduce((n, c) => n + c.end - c.start, 0);
      pieces.push({ path: piecePath, startMs: Math.round((base * layout.timecodeScale) / 1e6), bytes });
    }
    const made = dir;
    dir = null;
    return { pieces, dispose: () => rm(made, { recursive: true, force: true }) };
  } finally {
    await source.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
