import type { FastifyReply } from 'fastify';
import { parseByteRange } from './byte-range';
import type { RecordingStore } from './recording-store';

/**
 * Sends a stored recording, or the range the Range header asks for (206 with Content-Range; 416
 * when it lies outside the recording), streamed from disk or the bucket, never held in memory.
 * Resolves to false, having sent nothing, when the storage does not hold the recording. (A boolean,
 * not the reply: a reply is thenable, so an async function cannot hand it back.)
 */
export async function sendStoredRecording(
  reply: FastifyReply,
  storage: RecordingStore,
  id: string,
  rangeHeader: string | undefined,
  contentType: string,
): Promise<boolean> {
  const size = await storage.size(id).catch(() => null);
  if (size === null) return false;
  const range = parseByteRange(rangeHeader, size);
  if (range === 'unsatisfiable') {
    void reply
      .code(416)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-range', `bytes */${size}`)
      .type('application/json')
      .send({ error: 'The requested range is outside the recording', code: 'BAD_REQUEST' });
    return true;
  }
  // A file gone after the size check counts as not stored.
  const stream = await storage.read(id, range ?? undefined).catch(() => null);
  if (!stream) return false;
  void reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
  if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  void reply.header('content-length', range ? range.end - range.start + 1 : size).header('content-type', contentType);
  void reply.send(stream);
  return true;
}
