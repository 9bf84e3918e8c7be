import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANSWER_AUDIO_MAX_BYTES, answerTranscriptionResult } from '../../../contracts/candidate-room';
import { idParams } from '../../../contracts/ids';
import { AppError } from '../../lib/errors';
import type { CandidateAccess } from '../../plugins/access';
import { transcribeAnswer, UNSUPPORTED_ANSWER_AUDIO } from './answer-transcription.service';

const MIB = 1024 * 1024;

function candidateOf(request: { candidate: CandidateAccess | null }): CandidateAccess {
  if (!request.candidate) throw new AppError('UNAUTHENTICATED', 'A candidate link is required');
  return request.candidate;
}

/**
 * The whole body, up to `maxBytes`: a larger one is refused by its Content-Length before a byte is
 * read, or as soon as it passes the limit (Fastify then closes the connection).
 */
function readBody(payload: Readable, contentLength: string | undefined, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The answer's audio is larger than ${Math.round(maxBytes / MIB)} MB, the most this server transcribes at once: please type your answer`);
  return new Promise((resolve, reject) => {
    if (Number(contentLength) > maxBytes) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        reject(tooLarge());
      } else chunks.push(chunk);
    }
    function onEnd() {
      stop();
      resolve(Buffer.concat(chunks));
    }
    function onError() {
      stop();
      reject(new AppError('BAD_REQUEST', "The answer's audio stopped before all of it arrived. Please try again."));
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

/** POST /api/interview/{id}/answer-transcription: one answer's audio in, its words out (decision 056). */
export async function answerTranscriptionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  // Audio arrives as the raw body, in this plugin's scope only; the service checks the subtype and the bytes.
  app.addContentTypeParser(/^(audio|video)\//i, (request: FastifyRequest, payload: Readable) => readBody(payload, request.headers['content-length'], ANSWER_AUDIO_MAX_BYTES));

  // One call per answer, as the follow-up that comes after it: the same limit per address.
  r.post(
    '/api/interview/:id/answer-transcription',
    { config: { access: 'candidate', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: idParams, response: { 200: answerTranscriptionResult } } },
    async (request) => {
      const { body } = request;
      // JSON or text (parsed by Fastify's own parsers) is not audio.
      if (body !== undefined && !Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_ANSWER_AUDIO);
      const audio = { bytes: body ?? Buffer.alloc(0), contentType: request.headers['content-type'] ?? '' };
      return transcribeAnswer({ db, stt: app.deps.stt, now: app.deps.now() }, candidateOf(request), request.params.id, audio);
    },
  );
}
