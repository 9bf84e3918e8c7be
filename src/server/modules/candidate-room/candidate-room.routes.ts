import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transcriptEntry } from '../../../contracts/ai';
import { type RecordingFormat } from '../../../contracts/candidate-room';
import { completeInterviewInput, completeInterviewResult, followUpInput, followUpResult, saveTranscriptInput, startInterviewResult, startProblemInput } from '../../../contracts/candidate-room';
import { recordingUploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { CandidateAccess } from '../../plugins/access';
import { findUnstorableText } from '../../plugins/text-input';
import { assertConsented } from '../consent/consent.service';
import { idParams } from '../../../contracts/ids';
import { completeInterview, heartbeat, interviewerLines, liveInterview, reportStartProblem, saveTranscript, savedTranscript, startInterview, submit } from './candidate-room.service';
import { receiveMultipartRecording, registerTusUploads, UPLOAD_PATH } from './uploads';

/** Candidate actions need the candidate's own link (a recruiter's session is not enough). */
function candidateOf(request: { candidate: CandidateAccess | null }): CandidateAccess {
  if (!request.candidate) throw new AppError('UNAUTHENTICATED', 'A candidate link is required');
  return request.candidate;
}

export async function candidateRoomRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const { storage } = app.deps;
  const candidate = { access: 'candidate' } as const;
  await app.register(multipart, { limits: { fileSize: app.deps.config.recordingMaxBytes, files: 1, fields: 4, fieldSize: 5 * 1024 * 1024 } });
  await registerTusUploads(app, storage);
  const sweep = setInterval(() => {
    storage.deleteExpired().then(
      (n) => n > 0 && app.log.info({ deleted: n }, 'expired unfinished uploads deleted'),
      (err: unknown) => app.log.warn({ err }, 'upload clean-up failed'),
    );
  }, 6 * 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  r.post('/api/interview/:id/start', { config: candidate, schema: { params: idParams, response: { 200: startInterviewResult } } }, async (request) => {
    const row = await startInterview(db, candidateOf(request), request.params.id, app.deps.now());
    return {
      status: 'in_progress' as const,
      startedAt: row.startedAt!.toISOString(),
      videoRecording: row.videoRecording,
      uploadEndpoint: UPLOAD_PATH,
      maxUploadBytes: app.deps.config.recordingMaxBytes,
      transcript: savedTranscript(row.transcript),
      answerTranscription: app.deps.stt !== null,
    };
  });

  // The room could not start in this browser (issue 30): recorded for the recruiter, with the browser it happened in.
  r.post('/api/interview/:id/start-problem', { config: candidate, schema: { params: idParams, body: startProblemInput } }, async (request, reply) => {
    await reportStartProblem(db, candidateOf(request), request.params.id, request.body, request.headers['user-agent'], app.deps.now());
    return reply.code(204).send();
  });

  r.put('/api/interview/:id/transcript', { config: candidate, schema: { params: idParams, body: saveTranscriptInput } }, async (request, reply) => {
    await saveTranscript(db, candidateOf(request), request.params.id, request.body.transcript, app.deps.now());
    return reply.code(204).send();
  });

  r.post('/api/interview/:id/heartbeat', { config: candidate, schema: { params: idParams } }, async (request, reply) => {
    await heartbeat(db, candidateOf(request), request.params.id, app.deps.now());
    return reply.code(204).send();
  });

  r.post(
    '/api/interview/:id/follow-up',
    { config: { ...candidate, rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: idParams, body: followUpInput, response: { 200: followUpResult } } },
    async (request) => {
      const interview = await liveInterview(db, candidateOf(request), request.params.id, app.deps.now());
      const { followUp } = await app.deps.ai.decideFollowUp({ ...request.body, earlier: interviewerLines(interview.transcript) });
      return { followUp };
    },
  );

  r.post('/api/interview/:id/complete', { config: candidate, schema: { params: idParams, body: completeInterviewInput, response: { 200: completeInterviewResult } } }, async (request) => {
    await completeInterview({ db, storage, queue: app.deps.queue }, candidateOf(request), request.params.id, request.body, app.deps.now());
    return { status: 'evaluating' as const };
  });

  // The spec's one-shot upload: multipart `audio` (a WebM recording) and `transcript` (JSON list).
  r.post('/api/interview/:id/recording', { config: candidate, schema: { params: idParams } }, async (request) => {
    const access = candidateOf(request);
    // Nothing is recorded without the candidate's consent (decision 025).
    await assertConsented(db, await liveInterview(db, access, request.params.id, app.deps.now()));
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the recording as multipart/form-data');
    let recording: { uploadId: string; bytes: number; format: RecordingFormat } | null = null;
    let transcriptText: string | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'audio' || recording) {
            part.file.resume();
            continue;
          }
          recording = await receiveMultipartRecording(part.file, storage);
          app.deps.metrics.uploadBytes.inc({ storage: storage.kind }, recording.bytes);
        } else if (part.fieldname === 'transcript') {
          transcriptText = String(part.value);
        }
      }
    } catch (err) {
      if (recording) await storage.remove(recording.uploadId);
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'The recording is larger than this server accepts');
      throw err;
    }
    if (!recording) throw new AppError('VALIDATION_FAILED', 'audio: Required');
    let transcript;
    try {
      transcript = z.array(transcriptEntry).parse(JSON.parse(transcriptText ?? '[]'));
    } catch {
      await storage.remove(recording.uploadId);
      throw new AppError('VALIDATION_FAILED', 'transcript: must be a JSON list of { speaker, text }');
    }
    const unstorable = findUnstorableText(transcript, 'transcript');
    if (unstorable) {
      await storage.remove(recording.uploadId);
      throw new AppError('VALIDATION_FAILED', unstorable);
    }
    await db.insert(recordingUploads).values({ id: recording.uploadId, interviewId: access.interviewId, segment: 0 });
    try {
      await submit({ db, queue: app.deps.queue }, access.interviewId, [recording], transcript);
    } catch (err) {
      await storage.remove(recording.uploadId);
      throw err;
    }
    return { status: 'evaluating' as const, recordingUrl: `/api/interview/${access.interviewId}/recording` };
  });
}
