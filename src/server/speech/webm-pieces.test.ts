import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clustersOf, readWebm, syntheticWebm } from '../test/webm';
import { splitWebm } from './webm-pieces';

const dir = mkdtempSync(path.join(os.tmpdir(), 'webm-pieces-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fileOf = (bytes: Buffer) => {
  const p = path.join(dir, `rec-${n++}.webm`);
  writeFileSync(p, bytes);
  return p;
};

describe('cutting a WebM recording into pieces a provider accepts', () => {
  for (const knownSizes of [false, true]) {
    it(`keeps every block, in order, in pieces under the limit that each start at zero (${knownSizes ? 'known' : 'unknown'} cluster sizes)`, async () => {
      const original = syntheticWebm(clustersOf(20, 2, 1_000), { knownSizes });
      const split = await splitWebm(fileOf(original), 8 * 1024);
      expect(split).not.toBeNull();
      const { pieces } = split!;
      expect(pieces.length).toBeGreaterThan(2);
      const files = pieces.map((p) => readFileSync(p.path));
      for (const [i, f] of files.entries()) {
        expect(f.length).toBe(pieces[i]!.bytes);
        expect(f.length).toBeLessThanOrEqual(8 * 1024);
        expect(f.subarray(0, 4)).toEqual(original.subarray(0, 4));
        const read = readWebm(f);
        expect(read.hasTracks).toBe(true);
        expect(read.timecodes[0]).toBe(0);
        // The piece's clusters keep their spacing: one second apart.
        expect(read.timecodes).toEqual(read.timecodes.map((_, k) => k * 1_000));
      }
      // Each piece starts where its first cluster was in the whole recording.
      const counts = files.map((f) => readWebm(f).timecodes.length);
      expect(pieces.map((p) => p.startMs)).toEqual(counts.map((_, i) => counts.slice(0, i).reduce((a, b) => a + b, 0) * 1_000));
      expect(Buffer.concat(files.flatMap((f) => readWebm(f).blocks))).toEqual(Buffer.concat(readWebm(original).blocks));
      await split!.dispose();
      expect(existsSync(path.dirname(pieces[0]!.path))).toBe(false);
    });
  }

  it('gives up on a file that is not WebM, and on a cluster larger than the limit', async () => {
    expect(await splitWebm(fileOf(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(9_000)])), 8 * 1024)).toBeNull();
    expect(await splitWebm(fileOf(randomBytes(9_000)), 8 * 1024)).toBeNull();
    expect(await splitWebm(fileOf(syntheticWebm(clustersOf(3, 1, 10_000))), 8 * 1024)).toBeNull();
  });
});
