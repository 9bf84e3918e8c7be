import { randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_A_RECORDING, RECORDING_HEAD_BYTES, recordingFormatOf, type RecordingFormat } from '../../../contracts/candidate-room';
import { interviews, recordingUploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertInterviewOpen } from '../../plugins/access';
import type { RecordingStore } from '../../storage';
import { STORAGE_FAILED } from '../../storage/s3-upload-store';

export const UPLOAD_PATH = '/api/uploads';

const newUploadId = () => randomBytes(16).toString('hex');

/** tus metadata: comma-separated "key base64value" pairs. */
function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/**
 * The resumable upload endpoint (tus 1.0 with creation, creation-defer-length and termination).
 * Fastify checks the candidate token and ties each upload to the token's interview; tus writes the
 * bytes straight to disk or the bucket, so a dropped connection, a server restart or another
 * instance resumes where it stopped (decision 036).
 */
export async function registerTusUploads(app: FastifyInstance, storage: RecordingStore): Promise<void> {
  const { db } = app.deps.database;
  const maxSize = app.deps.config.recordingMaxBytes;
  const tus = new TusServer({
    path: UPLOAD_PATH,
    datastore: storage.datastore,
    maxSize,
    relativeLocation: true,
    namingFunction: () => newUploadId(),
    onUploadCreate: async (req, upload) => {
      const interviewId = Number(upload.metadata?.interviewId);
      const segment = Number(upload.metadata?.segment ?? 0);
      await db.insert(recordingUploads).values({ id: upload.id, interviewId, segment: Number.isFinite(segment) ? segment : 0 });
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      if (!(await storage.formatOf(upload.id))) {
        await storage.remove(upload.id);
        // tus answers with the status_code and body of what the hook throws.
        throw Object.assign(new Error('not a recording'), { status_code: 415, body: NOT_A_RECORDING });
      }
      return {};
    },
  });

  // tus reads the raw request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const candidate = request.candidate;
    if (!candidate) throw new AppError('UNAUTHENTICATED', 'A candidate link is required to upload a recording');
    if (request.method === 'GET') throw new AppError('NOT_FOUND', 'Not found');
    const [interview] = await db.select({ status: interviews.status }).from(interviews).where(eq(interviews.id, candidate.interviewId));
    if (!interview) throw new AppError('NOT_FOUND', 'Interview not found');
    const uploadId = (request.params as { id?: string }).id;
    if (request.method === 'POST' && !uploadId) {
      const metadata = parseMetadata(request.headers['upload-metadata'] as string | undefined);
      if (Number(metadata.interviewId) !== candidate.interviewId) throw new AppError('FORBIDDEN', 'This upload does not belong to your interview');
      assertInterviewOpen(interview.status, 'started');
    } else if (uploadId) {
      const [owned] = await db
        .select({ id: recordingUploads.id })
        .from(recordingUploads)
        .where(and(eq(recordingUploads.id, uploadId), eq(recordingUploads.interviewId, candidate.interviewId)));
      if (!owned) throw new AppError('NOT_FOUND', 'Upload not found');
      if (request.method !== 'HEAD') assertInterviewOpen(interview.status, 'started');
    }
    // Security headers set by earlier hooks go out with tus's own response.
    for (const [key, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(key, value);
    void reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  const config = { access: 'candidate' as const };
  app.route({ method: ['POST', 'OPTIONS'], url: UPLOAD_PATH, config, handler });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'GET', 'OPTIONS'], url: `${UPLOAD_PATH}/:id`, config, handler });
}

/**
 * Streams one multipart file to storage under a server-generated name, refusing files over the
 * limit and files that are not a WebM or MP4 recording (by their first bytes, held back until they
 * are known). Never buffers the file in memory.
 */
export async function receiveMultipartRecording(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  storage: RecordingStore,
): Promise<{ uploadId: string; bytes: number; format: RecordingFormat }> {
  const uploadId = newUploadId();
  let head = Buffer.alloc(0);
  let format: RecordingFormat | null = null;
  const notARecording = () => new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_RECORDING);
  let refused = false;
  const check = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      if (format) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < RECORDING_HEAD_BYTES) return callback();
      format = recordingFormatOf(head);
      if (!format) {
        refused = true;
        return callback(notARecording());
      }
      callback(null, head);
    },
    flush(callback) {
      // A file shorter than the head: what it has decides.
      if (format) return callback();
      format = recordingFormatOf(head);
      if (!format) {
        refused = true;
        return callback(notARecording());
      }
      callback(null, head);
    },
  });
  file.on('error', (err: Error) => check.destroy(err));
  let bytes: number;
  try {
    bytes = await storage.put(uploadId, file.pipe(check));
  } catch (err) {
    await storage.remove(uploadId);
    if (refused) throw notARecording();
    if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The recording is larger than this server accepts');
    if (storage.kind === 's3' && !(err instanceof AppError) && (err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SERVICE_UNAVAILABLE', STORAGE_FAILED);
    throw err;
  }
  if (file.truncated || !format) {
    await storage.remove(uploadId);
    if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The recording is larger than this server accepts');
    throw notARecording();
  }
  return { uploadId, bytes, format };
}
