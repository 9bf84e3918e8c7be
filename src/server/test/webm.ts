import { randomBytes } from 'node:crypto';

/** An EBML element: its ID as written, an 8-byte size, the payload. */
const element = (id: number, payload: Buffer) => {
  const idBytes = Buffer.from(id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'), 'hex');
  const size = Buffer.alloc(8);
  size.writeUIntBE(payload.length, 2, 6);
  size[0] = 0x01;
  return Buffer.concat([idBytes, size, payload]);
};
const uint = (id: number, value: number) => element(id, Buffer.from(value.toString(16).padStart(value > 0xffff ? 6 : 4, '0'), 'hex'));
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

export interface SyntheticCluster {
  /** The cluster's timecode in milliseconds. */
  timecodeMs: number;
  /** The payloads of its blocks (bytes a decoder would read). */
  blocks: Buffer[];
}

/**
 * A WebM file shaped like Chrome's MediaRecorder output: an EBML header, a segment of unknown size
 * with Info (1 ms timecodes) and Tracks, then clusters of unknown size (or known, with `knownSizes`),
 * each a Timecode and SimpleBlocks. The blocks hold random bytes: enough to test cutting and copying.
 */
export function syntheticWebm(clusters: SyntheticCluster[], options: { knownSizes?: boolean } = {}): Buffer {
  const header = element(0x1a45dfa3, Buffer.concat([uint(0x4286, 1), element(0x4282, Buffer.from('webm'))]));
  const info = element(0x1549a966, Buffer.concat([uint(0x2ad7b1, 1_000_000), element(0x4d80, Buffer.from('test'))]));
  const tracks = element(0x1654ae6b, element(0xae, Buffer.concat([uint(0xd7, 1), uint(0x83, 2), element(0x86, Buffer.from('A_OPUS'))])));
  const body = clusters.map((c) => {
    const children = Buffer.concat([uint(0xe7, c.timecodeMs), ...c.blocks.map((b) => element(0xa3, b))]);
    return options.knownSizes ? element(0x1f43b675, children) : Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), UNKNOWN, children]);
  });
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), UNKNOWN, info, tracks, ...body]);
}

/** `count` clusters a second apart, each with `blocks` random blocks of `blockBytes`. */
export const clustersOf = (count: number, blocks = 2, blockBytes = 1_000): SyntheticCluster[] =>
  Array.from({ length: count }, (_, i) => ({ timecodeMs: i * 1_000, blocks: Array.from({ length: blocks }, () => randomBytes(blockBytes)) }));

/** The blocks of a WebM file in order, and each cluster's timecode: what a decoder would see. */
export function readWebm(file: Buffer): { timecodes: number[]; blocks: Buffer[]; hasTracks: boolean } {
  const timecodes: number[] = [];
  const blocks: Buffer[] = [];
  let hasTracks = false;
  const vlen = (b: number) => {
    for (let i = 0; i < 8; i++) if (b & (0x80 >> i)) return i + 1;
    return 9;
  };
  const walk = (start: number, end: number) => {
    let pos = start;
    while (pos < end) {
      const idLen = vlen(file[pos]!);
      const id = file.readUIntBE(pos, idLen);
      const sLen = vlen(file[pos + idLen]!);
      let size = file[pos + idLen]! & (0xff >> sLen);
      let unknown = size === 0xff >> sLen;
      for (let i = 1; i < sLen; i++) {
        size = size * 256 + file[pos + idLen + i]!;
        unknown &&= file[pos + idLen + i] === 0xff;
      }
      const data = pos + idLen + sLen;
      if (id === 0x18538067 || id === 0x1f43b675) {
        if (unknown) {
          // Children follow; the next cluster starts where this one's children stop.
          pos = data;
          continue;
        }
        walk(data, data + size);
      } else if (id === 0xe7) timecodes.push(file.readUIntBE(data, size));
      else if (id === 0xa3) blocks.push(file.subarray(data, data + size));
      else if (id === 0x1654ae6b) hasTracks = true;
      pos = data + size;
    }
  };
  walk(0, file.length);
  return { timecodes, blocks, hasTracks };
}
