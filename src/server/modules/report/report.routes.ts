import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agreement, jobAnalytics as jobAnalyticsSchema, recordingStatus, reviewInput, reviewState as reviewStateSchema } from '../../../contracts/report';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/access';
import type { RecordingStore } from '../../storage';
import { parseByteRange } from '../../storage/byte-range';
import { getOwnInterview } from '../interviews/interviews.service';
import { idParams } from '../jobs/jobs.routes';
import { companyAgreement, jobAgreement } from './agreement.service';
import { interviewsCsv, jobAnalytics, recordingStatusOf, reviewState, saveReview } from './report.service';

export async function reportRoutes(app: FastifyInstance, options: { storage: RecordingStore }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const deps = { db, ai: app.deps.ai };
  const user = { access: 'user' } as const;

  r.get('/api/interview/:id/recording/status', { config: user, schema: { params: idParams, response: { 200: recordingStatus } } }, async (request) =>
    recordingStatusOf(await getOwnInterview(db, requireUser(request), request.params.id)),
  );

  // The recording, to its owner only, with range requests so the player can seek.
  r.get('/api/interview/:id/recording', { config: user, schema: { params: idParams, querystring: z.object({ segment: z.coerce.number().int().min(0).default(0) }) } }, async (request, reply) => {
    const row = await getOwnInterview(db, requireUser(request), request.params.id);
    const segment = row.recordingSegments?.[request.query.segment];
    if (!segment) throw new AppError('NOT_FOUND', 'Recording not available');
    const { storage } = options;
    const size = await storage.size(segment.uploadId).catch(() => null);
    if (size === null) throw new AppError('NOT_FOUND', 'Recording not available');
    const range = parseByteRange(request.headers.range, size);
    void reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).type('application/json').send({ error: 'The requested range is outside the recording', code: 'BAD_REQUEST' });
    }
    // Streamed from disk or the bucket, never held in memory; a missing file after the size check is a 404.
    const stream = await storage.read(segment.uploadId, range ?? undefined).catch(() => null);
    if (!stream) throw new AppError('NOT_FOUND', 'Recording not available');
    if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    void reply.header('content-length', range ? range.end - range.start + 1 : size).header('content-type', 'video/webm');
    return reply.send(stream);
  });

  r.get('/api/interview/:id/review', { config: { ...user, apiKey: 'Get the scores and decision of an interview' }, schema: { params: idParams, response: { 200: reviewStateSchema } } }, (request) =>
    reviewState(deps, requireUser(request), request.params.id),
  );

  r.post('/api/interview/:id/review', { config: { ...user, apiKey: 'Change scores or record a decision' }, schema: { params: idParams, body: reviewInput, response: { 200: reviewStateSchema } } }, (request) =>
    saveReview(deps, requireUser(request), request.params.id, request.body),
  );

  r.get('/api/job/:id/analytics', { config: { ...user, apiKey: 'Get the score statistics of a job' }, schema: { params: idParams, response: { 200: jobAnalyticsSchema } } }, (request) =>
    jobAnalytics(db, requireUser(request), request.params.id),
  );

  // How far reviewers move the AI's scores: for the job, and across the company's jobs.
  r.get('/api/job/:id/agreement', { config: { ...user, apiKey: 'How far reviewers moved the AI scores of a job' }, schema: { params: idParams, response: { 200: agreement } } }, (request) =>
    jobAgreement(db, requireUser(request), request.params.id),
  );

  r.get('/api/agreement', { config: { ...user, apiKey: 'How far reviewers moved the AI scores, company-wide' }, schema: { response: { 200: agreement } } }, (request) => companyAgreement(db, requireUser(request)));

  r.get('/api/job/:id/interviews.csv', { config: { ...user, apiKey: 'Download the interviews of a job as CSV' }, schema: { params: idParams } }, async (request, reply) => {
    const { filename, csv } = await interviewsCsv(db, requireUser(request), request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });
}
