import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';

/** A transcription request as the server received it (multipart form fields and the file). */
export interface ReceivedTranscription {
  authorization: string | undefined;
  model: string | null;
  responseFormat: string | null;
  timestampGranularities: string[];
  file: { name: string; type: string; bytes: Buffer } | null;
}

/** A segment to answer with, in seconds, as Whisper reports them. */
export interface CueSegment {
  start: number;
  end: number;
  text: string;
}

/** What the next transcription request gets. */
export type WhisperCue =
  /** 200 with OpenAI's verbose_json (duration defaults to the last segment's end). */
  | { kind: 'transcript'; segments: CueSegment[]; duration?: number; language?: string }
  /** Reads the request and never answers (until the server closes). */
  | { kind: 'hang' }
  /** An HTTP error with OpenAI's error JSON. */
  | { kind: 'error'; status: number; message: string; type?: string }
  /** 200 with this body as it is (not JSON, or JSON that is not a transcription). */
  | { kind: 'raw'; body: string; contentType?: string };

export const WHISPER_KEY = 'sk-test-whisper';

/** A loopback port nothing listens on (it was free a moment ago). */
export const freeLoopbackPort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** OpenAI's accepted file extensions; anything else is refused with its 400. */
const FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];

/**
 * OpenAI's audio transcription endpoint on loopback (`POST /v1/audio/transcriptions`): it parses
 * the multipart request the way the API does, refuses what the API refuses (no key, no model, no
 * file, an unknown format) with OpenAI's error JSON, and answers each request with the cue the
 * test set: a verbose_json transcript with segments, silence past the client's timeout, an error
 * status, or garbage.
 */
export class FakeWhisper {
  readonly requests: ReceivedTranscription[] = [];
  /** Chooses the answer for each request; by default an empty transcript. */
  cue: (request: ReceivedTranscription, index: number) => WhisperCue | Promise<WhisperCue> = () => ({ kind: 'transcript', segments: [] });
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  /** The base address to configure as STT_BASE_URL. */
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const fail = (status: number, message: string, type = 'invalid_request_error', param: string | null = null): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type, param, code: null } }));
    };

    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return fail(404, `Invalid URL (${req.method} ${req.url})`);
    if (req.headers.authorization !== `Bearer ${WHISPER_KEY}`) {
      return fail(401, 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.', 'invalid_request_error');
    }
    let form: FormData;
    try {
      // undici reads multipart/form-data exactly as a server would.
      form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    } catch {
      return fail(400, 'Could not parse multipart form');
    }
    const file = form.get('file');
    const request: ReceivedTranscription = {
      authorization: req.headers.authorization,
      model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
      responseFormat: typeof form.get('response_format') === 'string' ? (form.get('response_format') as string) : null,
      timestampGranularities: form.getAll('timestamp_granularities[]').filter((v): v is string => typeof v === 'string'),
      file: file instanceof File ? { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) } : null,
    };
    const index = this.requests.push(request) - 1;
    if (!request.model) return fail(400, "you must provide a model parameter", 'invalid_request_error', 'model');
    if (!request.file) return fail(400, "1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)", 'invalid_request_error', 'file');
    const extension = request.file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!FORMATS.includes(extension)) return fail(400, `Invalid file format. Supported formats: ${JSON.stringify(FORMATS)}`, 'invalid_request_error', 'file');

    const cue = await this.cue(request, index);
    switch (cue.kind) {
      case 'hang':
        return; // The socket stays open until the client gives up or the server closes.
      case 'error':
        return fail(cue.status, cue.message, cue.type ?? (cue.status >= 500 ? 'server_error' : 'invalid_request_error'));
      case 'raw':
        res.writeHead(200, { 'content-type': cue.contentType ?? 'application/json' }).end(cue.body);
        return;
      case 'transcript': {
        const segments = cue.segments.map((s, id) => ({
          id,
          seek: Math.floor(s.start * 100),
          start: s.start,
          end: s.end,
          text: s.text.startsWith(' ') ? s.text : ` ${s.text}`,
          tokens: [50364, 1044, 291, 50414],
          temperature: 0,
          avg_logprob: -0.21,
          compression_ratio: 1.34,
          no_speech_prob: 0.01,
        }));
        const text = segments.map((s) => s.text).join('').trim();
        const answer =
          request.responseFormat === 'verbose_json'
            ? { task: 'transcribe', language: cue.language ?? 'english', duration: cue.duration ?? cue.segments.at(-1)?.end ?? 0, text, segments }
            : { text };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
        return;
      }
    }
  }
}
