/**
 * Where the upload stands, as pure functions: what a server reply acknowledges, which bytes to hand
 * tus next (and when the final length is declared), when waiting bytes are sent, and what a segment
 * with no bytes becomes. A resumed upload (after a reload, an outage or a server restart) starts
 * from the server's own offset: tus asks with HEAD, and the reply is read here like any other.
 */

export interface ServerReply {
  /** The server took a request with data: the connection is back (a HEAD alone proves little after a 5xx). */
  connected: boolean;
  /** Upload-Offset of a HEAD or PATCH: the server has bytes [0, offset). */
  offset: number | null;
  /** Upload-Length a HEAD reports: an earlier attempt already declared the final length. */
  uploadLength: number | null;
}

const headerNumber = (value: string | undefined): number | null => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isNaN(parsed) ? null : parsed;
};

/** What one tus response tells the uploader (nothing, unless it is a 2xx). */
export function readServerReply(method: string, status: number, header: (name: string) => string | undefined): ServerReply {
  if (status < 200 || status >= 300) return { connected: false, offset: null, uploadLength: null };
  const acknowledges = method === 'HEAD' || method === 'PATCH';
  return {
    connected: method !== 'HEAD',
    offset: acknowledges ? headerNumber(header('Upload-Offset')) : null,
    uploadLength: method === 'HEAD' ? headerNumber(header('Upload-Length')) : null,
  };
}

/**
 * The server says it has `offset` bytes of a segment of which `recorded` exist: more than was ever
 * recorded means the offset is not about these bytes, and nothing may be deleted on its word.
 */
export function checkServerOffset(offset: number, recorded: number): void {
  if (offset > recorded) throw new Error(`The server has ${offset} bytes of a ${recorded}-byte segment`);
}

/**
 * tus asks for bytes [start, end). With a final length the server already knows (an earlier
 * attempt declared it and its last PATCH did not complete), tus would declare it again, which the
 * server refuses: so the rest is sent without it, and the upload is complete once `start` reaches it.
 */
export function sliceTarget(start: number, end: number, serverLength: number | null): { complete: true } | { complete: false; end: number } {
  if (serverLength === null) return { complete: false, end };
  if (start >= serverLength) return { complete: true };
  return { complete: false, end: Math.min(end, serverLength) };
}

/**
 * Once the bytes were waited for: the range to send, and whether it is the last one (`done`, which
 * makes tus declare the Upload-Length: creation-defer-length).
 */
export function sliceToSend(
  target: number,
  segment: { nextByte: number; recordingDone: boolean; serverLength: number | null },
): { end: number; done: boolean } {
  if (segment.serverLength !== null) return { end: target, done: false };
  const end = Math.min(target, segment.nextByte);
  return { end, done: segment.recordingDone && end === segment.nextByte };
}

/**
 * Whether bytes from `start` go out now: once [start, end) is stored, once the recording is done,
 * or once some bytes waited until `flushAt` (so the server stays close behind the recorder).
 * Otherwise how long to wait: until flushAt when some bytes wait, else until something changes.
 */
export function sendReadiness(
  want: { start: number; end: number },
  segment: { nextByte: number; recordingDone: boolean },
  now: number,
  flushAt: number,
): { send: true } | { send: false; waitMs: number | undefined } {
  if (segment.nextByte >= want.end || segment.recordingDone) return { send: true };
  const waiting = segment.nextByte > want.start;
  if (waiting && now >= flushAt) return { send: true };
  return { send: false, waitMs: waiting ? flushAt - now : undefined };
}

/**
 * Nothing is created on the server before there is a byte to send; a segment whose recording
 * ended without one is dropped, never uploaded.
 */
export function segmentStart(segment: { nextByte: number; recordingDone: boolean }): 'wait' | 'drop' | 'upload' {
  if (segment.nextByte > 0) return 'upload';
  return segment.recordingDone ? 'drop' : 'wait';
}

/** The tus upload id: the last path segment of the upload URL. */
export function uploadIdFromUrl(url: string): string {
  const path = new URL(url, typeof location === 'undefined' ? 'http://localhost/' : location.href).pathname;
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
}
