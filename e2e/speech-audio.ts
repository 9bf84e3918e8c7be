/**
 * Real speech for the voice-activity tests and benchmark (issue 32): scripted answers spoken by
 * Debian's espeak-ng, joined with sox into one WAV for Chromium's fake microphone
 * (`--use-file-for-fake-audio-capture`), with pauses of exact length, clicks and coughs, and the
 * timeline of every piece (seconds from the start of the file).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Piece = { kind: 'speech'; text: string } | { kind: 'pause'; seconds: number } | { kind: 'click' } | { kind: 'cough' };
export type Placed = Piece & { start: number; end: number };

const RATE = '48000';
const VOICES = [
  ['en-us', '165'],
  ['en-gb', '155'],
  ['en-us+f3', '170'],
  ['en-us+m3', '150'],
] as const;

/** The tools this needs, missing on this machine (empty when all are there). */
export function missingAudioTools(): string[] {
  return ['espeak-ng', 'sox', 'soxi'].filter((tool) => !['/usr/bin', '/usr/local/bin', '/bin'].some((dir) => existsSync(path.join(dir, tool))));
}

const seconds = async (file: string) => Number((await run('soxi', ['-D', file])).stdout.trim());
const format = ['-r', RATE, '-c', '1', '-b', '16'];

/** Writes `pieces` as `<dir>/<name>.wav` (48 kHz mono): its path, the timeline and the length. */
export async function makeTrack(dir: string, name: string, pieces: Piece[]): Promise<{ file: string; timeline: Placed[]; seconds: number }> {
  const parts: string[] = [];
  const timeline: Placed[] = [];
  let at = 0;
  for (const [i, piece] of pieces.entries()) {
    const part = path.join(dir, `${name}-${i}.wav`);
    if (piece.kind === 'speech') {
      const [voice, speed] = VOICES[i % VOICES.length]!;
      const raw = path.join(dir, `${name}-${i}-raw.wav`);
      await run('espeak-ng', ['-v', voice, '-s', speed, '-w', raw, piece.text]);
      // espeak's own leading and trailing silence trimmed, so the timeline holds the words' extent.
      await run('sox', [raw, ...format, part, 'silence', '1', '0.005', '0.5%', 'reverse', 'silence', '1', '0.005', '0.5%', 'reverse', 'norm', '-3']);
    } else if (piece.kind === 'pause') {
      await run('sox', ['-n', ...format, part, 'trim', '0', String(piece.seconds)]);
    } else if (piece.kind === 'click') {
      await run('sox', ['-n', ...format, part, 'synth', '0.03', 'whitenoise', 'vol', '0.6']);
    } else {
      await run('sox', ['-n', ...format, part, 'synth', '0.3', 'brownnoise', 'highpass', '200', 'lowpass', '3000', 'fade', 'q', '0.01', '0.3', '0.22', 'norm', '-3']);
    }
    const length = await seconds(part);
    timeline.push({ ...piece, start: at, end: at + length });
    at += length;
    parts.push(part);
  }
  const file = path.join(dir, `${name}.wav`);
  await run('sox', [...parts, file]);
  return { file, timeline, seconds: at };
}
