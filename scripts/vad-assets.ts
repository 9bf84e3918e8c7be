/**
 * The files the candidate room's voice-activity detector loads (issue 32, decision 055): the
 * AudioWorklet that cuts the microphone into frames, Silero's v5 model and onnxruntime's WebAssembly
 * with its loader. vite.config.ts serves them under a hashed folder; bench-vad serves them too.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';

export const VAD_FILES = [
  '@ricky0123/vad-web/dist/vad.worklet.bundle.min.js',
  '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
  'onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
  'onnxruntime-web/dist/ort-wasm-simd-threaded.mjs',
].map((file) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url)));

/** `/assets/vad-<hash of the files>/`: a new version of any of them is a new folder. */
export function vadAssetFolder(): string {
  const hash = createHash('sha256');
  for (const file of VAD_FILES) hash.update(readFileSync(file));
  return `/assets/vad-${hash.digest('hex').slice(0, 10)}/`;
}

export const contentTypeOf = (file: string) => (file.endsWith('.wasm') ? 'application/wasm' : file.endsWith('.onnx') ? 'application/octet-stream' : 'text/javascript');
