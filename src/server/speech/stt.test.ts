import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SttConfig } from '../config';
import { FakeWhisper, freeLoopbackPort, WHISPER_KEY } from '../test/whisper';
import { createSpeechToText, TranscriptionError } from './stt';

let whisper: FakeWhisper;
const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hireloop-stt-')), 'part');
const config = (overrides: Partial<SttConfig> = {}): SttConfig => ({
  provider: 'openai-compatible',
  model: 'ggml-base.en',
  baseUrl: whisper.url,
  apiKey: WHISPER_KEY,
  timeoutMs: 1_000,
  maxBytes: 1024 ** 2,
  ...overrides,
});
const recordingFile = { path: file, filename: 'interview.webm', mediaType: 'audio/webm' };
const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.fail('should have failed'), (err: unknown) => err as TranscriptionError);

beforeAll(async () => {
  whisper = await new FakeWhisper().start();
  writeFileSync(file, Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]));
});
afterAll(() => whisper.close());

describe('the transcription client', () => {
  it("reads a self-hosted server's verbose_json that leaves out OpenAI's decoding statistics", async () => {
    // whisper.cpp's server: no seek, compression_ratio or no_speech_prob.
    const body = { task: 'transcribe', language: 'english', duration: 7.5, text: ' Hello there. Fine.', segments: [{ id: 0, text: ' Hello there.', start: 0.5, end: 1.25, tokens: [1], words: [], temperature: 0, avg_logprob: -0.3 }, { id: 1, text: ' Fine.', start: 2, end: 2.5 }] };
    whisper.cue = () => ({ kind: 'raw', body: JSON.stringify(body) });
    const heard = await createSpeechToText(config())!.transcribe(recordingFile);
    expect(heard).toEqual({
      text: ' Hello there. Fine.',
      language: 'english',
      durationMs: 7_500,
      segments: [
        { startMs: 500, endMs: 1_250, text: ' Hello there.' },
        { startMs: 2_000, endMs: 2_500, text: ' Fine.' },
      ],
    });
    expect(whisper.requests.at(-1)).toMatchObject({ model: 'ggml-base.en', responseFormat: 'verbose_json', file: { name: 'interview.webm', type: 'audio/webm' } });
  });

  it("gives OpenAI's message for a refused key, without retrying", async () => {
    const before = whisper.requests.length;
    const err = await failureOf(createSpeechToText(config({ apiKey: 'sk-wrong' }))!.transcribe(recordingFile));
    expect(err).toBeInstanceOf(TranscriptionError);
    expect(err.reason).toMatch(/^HTTP 401 Unauthorized from the transcription server: Incorrect API key provided/);
    expect(whisper.requests.length - before).toBe(0); // refused before the form is read
  });

  it('says the server could not be reached, after one more try', async () => {
    const port = await freeLoopbackPort();
    const err = await failureOf(createSpeechToText(config({ baseUrl: `http://127.0.0.1:${port}/v1` }))!.transcribe(recordingFile));
    expect(err.reason).toBe('could not reach the transcription server: ECONNREFUSED');
  });

  it('is off without a provider', () => {
    expect(createSpeechToText(null)).toBeNull();
  });
});
