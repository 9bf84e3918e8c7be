import { openAsBlob } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { SttConfig } from '../config';

/** One stretch of speech with its time in the file, as the provider heard it. */
export interface HeardSegment {
  startMs: number;
  endMs: number;
  text: string;
}

export interface FileTranscription {
  text: string;
  language?: string;
  /** Length of the file's audio, when the provider says. */
  durationMs?: number;
  segments: HeardSegment[];
}

/** A recording file on disk, sent as it is (never read into memory whole). */
export interface RecordingFile {
  path: string;
  /** The name the provider sees; its extension tells the provider the format. */
  filename: string;
  mediaType: string;
}

/** Why a transcription failed, in words a recruiter can read ("timeout after 120 s"). */
export class TranscriptionError extends Error {
  constructor(
    readonly reason: string,
    /** Worth one more try: a timeout, a dropped connection, 429 or 5xx. */
    readonly isTransient: boolean,
  ) {
    super(reason);
    this.name = 'TranscriptionError';
  }
}

export interface SpeechToText {
  readonly provider: SttConfig['provider'];
  readonly model: string;
  /** The largest file the provider accepts. */
  readonly maxBytes: number;
  transcribe(file: RecordingFile): Promise<FileTranscription>;
}

/**
 * OpenAI's `verbose_json` transcription, read leniently: only what we use is required, so a
 * self-hosted server that leaves out OpenAI's decoding statistics (whisper.cpp has no `seek`,
 * `compression_ratio` or `no_speech_prob`) is still understood.
 */
const verboseTranscription = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.number().nonnegative().nullish(),
  segments: z.array(z.object({ start: z.number().nonnegative(), end: z.number().nonnegative(), text: z.string() })).nullish(),
});

const openAiError = z.object({ error: z.object({ message: z.string() }) });

/** Attempts per file: one more after a transient failure. */
const ATTEMPTS = 2;
const RETRY_DELAY_MS = 2_000;
const MAX_REASON_CHARS = 200;

const shorten = (text: string) => (text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 1)}…` : text);

function reasonOfFailedRequest(err: unknown, timeoutMs: number): TranscriptionError {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return new TranscriptionError(`timeout after ${Math.round(timeoutMs / 1000)} s`, true);
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return new TranscriptionError(`could not reach the transcription server${cause ? `: ${cause}` : ''}`, true);
}

/**
 * OpenAI's transcription API (`POST {base}/audio/transcriptions`, multipart, `verbose_json` with
 * segment timestamps), for OpenAI itself or a server that speaks it. Written on `fetch` rather
 * than the AI SDK's transcription model: the SDK requires OpenAI-only segment fields that
 * self-hosted servers omit, and takes the audio as bytes in memory, where this streams the file
 * from disk (docs/decisions/013-server-transcripts.md).
 */
export function createSpeechToText(config: SttConfig | null, fetchImpl: typeof fetch = fetch): SpeechToText | null {
  if (!config) return null;
  const { model, apiKey, timeoutMs } = config;
  const url = `${config.baseUrl}/audio/transcriptions`;

  async function attempt(file: RecordingFile): Promise<FileTranscription> {
    const form = new FormData();
    form.append('file', await openAsBlob(file.path, { type: file.mediaType }), file.filename);
    form.append('model', model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    let body: string;
    let status: number;
    let statusText: string;
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      statusText = res.statusText;
      body = await res.text();
    } catch (err) {
      throw reasonOfFailedRequest(err, timeoutMs);
    }
    if (status < 200 || status >= 300) {
      let message = '';
      try {
        const parsed = openAiError.safeParse(JSON.parse(body));
        if (parsed.success) message = parsed.data.error.message;
      } catch {
        // Not OpenAI's error JSON: the status alone says enough.
      }
      throw new TranscriptionError(
        shorten(`HTTP ${status}${statusText ? ` ${statusText}` : ''} from the transcription server${message ? `: ${message}` : ''}`),
        status === 429 || status >= 500,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new TranscriptionError('the transcription server did not answer with JSON', false);
    }
    const parsed = verboseTranscription.safeParse(json);
    if (!parsed.success) throw new TranscriptionError('the transcription server answered without a transcript text', false);
    const { text, language, duration, segments } = parsed.data;
    if (text.trim() && (!segments || segments.length === 0)) {
      throw new TranscriptionError('the transcription server answered without timestamped segments', false);
    }
    return {
      text,
      ...(language ? { language } : {}),
      ...(typeof duration === 'number' ? { durationMs: Math.round(duration * 1000) } : {}),
      segments: (segments ?? []).map((s) => ({ startMs: Math.round(s.start * 1000), endMs: Math.round(Math.max(s.start, s.end) * 1000), text: s.text })),
    };
  }

  return {
    provider: config.provider,
    model: config.model,
    maxBytes: config.maxBytes,
    async transcribe(file) {
      for (let i = 1; ; i++) {
        try {
          return await attempt(file);
        } catch (err) {
          // Anything else (the file cannot be read) is not the provider's failure: the caller says so.
          if (!(err instanceof TranscriptionError) || !err.isTransient || i >= ATTEMPTS) throw err;
          await sleep(RETRY_DELAY_MS);
        }
      }
    },
  };
}
