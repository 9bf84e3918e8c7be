/**
 * One tus.Upload run for a segment: from creation (or from the stored URL, which tus asks with HEAD)
 * to success or the first error. The bytes come from the chunk store, never from memory: a custom
 * file source hands tus the range it asks for as soon as it is stored (waiting for the recorder when
 * needed) and, once the recording is done, the last bytes with `done: true`, so tus declares the
 * final Upload-Length (creation-defer-length). Retrying is the uploader's business, not tus's.
 */
import type * as tus from 'tus-js-client';
import { CANDIDATE_TOKEN_HEADER } from '../api/candidate-request';
import type { SegmentRecord } from './chunk-store-types';
import { StalledRequestError, UploadStoppedError } from './tus-client';
import { readServerReply, sliceTarget, sliceToSend } from './upload-offsets';

/** The segment's bytes and state, as the uploader keeps them. */
export interface SegmentBytes {
  readonly nextByte: number;
  readonly recordingDone: boolean;
  /** Resolves once [start, end) may be sent (upload-offsets.ts: sendReadiness); throws UploadStoppedError. */
  waitForBytes(start: number, end: number, cancelled: () => boolean): Promise<void>;
  read(start: number, end: number): Promise<Blob>;
  wake(): void;
}

export interface AttemptOptions {
  Upload: typeof tus.Upload;
  bytes: SegmentBytes;
  segment: SegmentRecord;
  endpoint: string;
  /** The stored upload URL: resume that upload instead of creating one. */
  uploadUrl: string | null;
  token: string;
  chunkSize: number;
  /** A request that shows no progress for this long is abandoned. */
  stallTimeoutMs: number;
  /** The server created the upload: the promise storing its URL, or null when it was known. */
  uploadUrlAvailable(url: string): Promise<void> | null;
  /** The server has bytes [0, offset). */
  acknowledge(offset: number): Promise<void>;
  /** The server took a request with data. */
  connected(): void;
}

export type Outcome = { ok: true; url: string } | { ok: false; error: unknown };

export interface Attempt {
  outcome: Promise<Outcome>;
  /** Abandon the attempt now: it settles with UploadStoppedError. */
  stop(): void;
}

/** The bytes of one segment as tus sees them. */
class SegmentSource implements tus.FileSource {
  /** Unknown: the upload length is deferred. */
  size = 0;
  private closed = false;
  /** Upload-Length the server already knows (a HEAD said so), if any. */
  serverLength: number | null = null;

  constructor(
    private readonly bytes: SegmentBytes,
    private readonly onServerComplete: () => void,
  ) {}

  async slice(start: number, end: number): Promise<tus.SliceResult> {
    const target = sliceTarget(start, end, this.serverLength);
    if (target.complete) {
      // The server has every byte: finish without the PATCH tus would send (see sliceTarget).
      this.onServerComplete();
      return new Promise<never>(() => undefined);
    }
    await this.bytes.waitForBytes(start, target.end, () => this.closed);
    if (this.closed) throw new UploadStoppedError();
    const { nextByte, recordingDone } = this.bytes;
    const send = sliceToSend(target.end, { nextByte, recordingDone, serverLength: this.serverLength });
    return { value: await this.bytes.read(start, send.end), done: send.done };
  }

  close(): void {
    this.closed = true;
    this.bytes.wake();
  }
}

export function startAttempt(options: AttemptOptions): Attempt {
  const { Upload, segment, token, chunkSize, stallTimeoutMs } = options;
  let resolveOutcome!: (outcome: Outcome) => void;
  const outcome = new Promise<Outcome>((resolve) => {
    resolveOutcome = resolve;
  });
  let settled = false;
  let knownUrl = options.uploadUrl;
  let urlSaved: Promise<void> = Promise.resolve();
  let inFlight = false;
  let lastActivity = Date.now();

  const settle = (result: Outcome) => {
    if (settled) return;
    settled = true;
    clearInterval(watchdog);
    source.close();
    resolveOutcome(result);
  };
  const succeed = () => {
    const url = upload.url ?? knownUrl;
    settle(url ? { ok: true, url } : { ok: false, error: new Error('Upload finished without a URL') });
  };
  const source = new SegmentSource(options.bytes, () => {
    void upload.abort();
    succeed();
  });

  const upload = new Upload(new Blob([]), {
    endpoint: options.uploadUrl ? null : options.endpoint,
    uploadUrl: options.uploadUrl,
    uploadLengthDeferred: true,
    chunkSize,
    // Retries are the uploader's loop (so a 404 on a stored URL never silently restarts at byte 0).
    retryDelays: null,
    headers: { [CANDIDATE_TOKEN_HEADER]: token },
    metadata: { interviewId: String(segment.interviewId), segment: String(segment.segment), filetype: segment.filetype },
    // The upload URL is kept in the chunk store, not in localStorage.
    storeFingerprintForResuming: false,
    removeFingerprintOnSuccess: true,
    fingerprint: async () => `hireloop-recording-${segment.interviewId}-${segment.segment}`,
    fileReader: { openFile: async () => source },
    onUploadUrlAvailable: () => {
      const url = upload.url;
      if (!url) return;
      knownUrl = url;
      urlSaved = options.uploadUrlAvailable(url) ?? urlSaved;
    },
    onBeforeRequest: async (req) => {
      // Data is sent only once its upload URL is stored (else a reload would lose the upload).
      if (req.getMethod() === 'PATCH') await urlSaved;
      inFlight = true;
      lastActivity = Date.now();
    },
    onProgress: () => {
      lastActivity = Date.now();
    },
    onAfterResponse: async (req, res) => {
      inFlight = false;
      const reply = readServerReply(req.getMethod(), res.getStatus(), (name) => res.getHeader(name));
      if (reply.connected) options.connected();
      if (reply.uploadLength !== null) source.serverLength = reply.uploadLength;
      if (reply.offset !== null) await options.acknowledge(reply.offset);
    },
    onSuccess: succeed,
    onError: (error) => settle({ ok: false, error }),
  });

  // A request that neither sends nor answers for stallTimeoutMs (a half-open connection after a
  // network change) is abandoned and retried.
  const watchdog = setInterval(
    () => {
      if (inFlight && Date.now() - lastActivity > stallTimeoutMs) {
        void upload.abort();
        settle({ ok: false, error: new StalledRequestError() });
      }
    },
    Math.min(5_000, stallTimeoutMs),
  );
  upload.start();

  return {
    outcome,
    stop: () => {
      source.close();
      void upload.abort();
      settle({ ok: false, error: new UploadStoppedError() });
    },
  };
}
